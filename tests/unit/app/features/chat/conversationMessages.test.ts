import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  UNHEARD_RECORDING,
  messagesFromView,
  viewFromMessages,
} from '../../../../../src/app/features/chat/conversationMessages';
import type { ConversationView } from '../../../../../src/shared/chat/conversations';

const AT = '2026-11-20T10:00:00.000Z';
const view: ConversationView = {
  id: 'c-1',
  title: 'Hi',
  createdAt: AT,
  updatedAt: AT,
  messages: [
    { id: 7, type: 'user', text: 'What was said', isAudio: true, audioPath: null, links: [], at: AT },
    {
      id: 8,
      type: 'bot',
      text: 'An answer',
      isAudio: true,
      audioPath: 'abc.mp3',
      links: [{ url: 'https://example.org/' }],
      at: AT,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('messagesFromView', () => {
  it('shows a kept recording by its transcript and a spoken answer with its player', () => {
    vi.stubGlobal('location', new URL('https://dish.example/chatpage'));
    expect(messagesFromView(view)).toEqual([
      { id: 'c7', type: 'user', text: 'What was said', isAudio: false, links: [] },
      {
        id: 'c8',
        type: 'bot',
        text: 'An answer',
        isAudio: true,
        links: [{ url: 'https://example.org/' }],
        audioPath: 'abc.mp3',
        audioURI: 'https://dish.example/tts/abc.mp3',
      },
    ]);
  });

  it('names a kept recording that was never heard', () => {
    const unheard = { ...view, messages: [{ ...view.messages[0]!, text: '' }] };
    expect(messagesFromView(unheard)[0]?.text).toBe(UNHEARD_RECORDING);
  });

  it('shows nothing for no conversation', () => {
    expect(messagesFromView(null)).toEqual([]);
  });

  it("gives an answer its question id and the asker's feedback, and keeps them in the copy", () => {
    vi.stubGlobal('location', new URL('https://dish.example/chatpage'));
    const feedback = { helpful: true, comment: 'Clear', at: AT };
    const rated = { ...view, messages: [{ ...view.messages[1]!, questionId: 'q-9', feedback }] };
    const [answer] = messagesFromView(rated);
    expect(answer).toMatchObject({ questionId: 'q-9', feedback });
    expect(viewFromMessages(rated, messagesFromView(rated)).messages[0]).toMatchObject({
      questionId: 'q-9',
      feedback,
    });
  });
});

describe('viewFromMessages', () => {
  it('keeps questions and answers, not progress notes, and reads back the same', () => {
    vi.stubGlobal('location', new URL('https://dish.example/chatpage'));
    const { messages: _kept, ...meta } = view;
    const shown = [
      ...messagesFromView(view),
      { id: 'm9', type: 'articulation' as const, text: 'Searching…', isAudio: false },
    ];
    const kept = viewFromMessages(meta, shown);
    expect(kept.messages.map((m) => [m.type, m.text, m.audioPath])).toEqual([
      ['user', 'What was said', null],
      ['bot', 'An answer', 'abc.mp3'],
    ]);
    expect(messagesFromView(kept).map((m) => m.text)).toEqual(['What was said', 'An answer']);
  });
});
