import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_TITLE_LENGTH,
  conversationTitle,
  conversationView,
} from '../../../../src/shared/chat/conversations';

describe('conversationTitle', () => {
  it('is the question with its spaces tidied', () => {
    expect(conversationTitle('  What is   a screen\nreader? ')).toBe('What is a screen reader?');
  });

  it('cuts a long question with an ellipsis', () => {
    const title = conversationTitle('word '.repeat(40));
    expect(title.length).toBeLessThanOrEqual(CONVERSATION_TITLE_LENGTH);
    expect(title.endsWith('…')).toBe(true);
  });
});

describe('conversationView', () => {
  it('parses what the server sends and refuses what it does not', () => {
    const view = {
      id: 'c1',
      title: 'Hi',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      messages: [
        { id: 1, type: 'user', text: 'Hi', isAudio: false, audioPath: null, links: [], at: 'x' },
        {
          id: 2,
          type: 'bot',
          text: 'Hello',
          isAudio: false,
          audioPath: null,
          links: [{ url: 'https://a.b/' }],
          at: 'x',
        },
      ],
    };
    expect(conversationView.parse(view)).toEqual(view);
    expect(conversationView.safeParse({ ...view, messages: [{ type: 'robot' }] }).success).toBe(false);
  });
});
