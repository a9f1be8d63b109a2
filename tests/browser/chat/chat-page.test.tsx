import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { NOT_SENT } from '../../../src/app/features/chat/messages';
import { suggestedPrompts } from '../../../src/app/features/dashboard/prompts';
import { sessionUserAtom } from '../../../src/app/state/auth';
import { chatMessagesAtom, initialQuestionAtom, waitingAtom } from '../../../src/app/state/chat';
import { store } from '../../../src/app/state/store';
import { voiceAvailableAtom } from '../../../src/app/state/voice';
import { VOICE_UNAVAILABLE_MESSAGE } from '../../../src/shared/chat/voice';
import { chatPageTests, connectionStatus, conversationLog, questionBox } from '../support/chat-page';
import { expectNoAxeViolations, renderApp, resetFocus, tabTo, type AppRouter } from '../support/render';
import { answerOf, type FakeSocket } from './fakeSocket';

const { sockets, openedSocket, openConnectedChat } = chatPageTests({ signedIn: true });

const sendButton = () => page.getByRole('button', { name: 'send message button' });
const micButton = () => page.getByRole('button', { name: 'microphone button' });
const pathOf = (router: AppRouter) => router.state.location.pathname;
const toastWith = (text: string) => page.getByRole('listitem').filter({ hasText: text });

async function ask(text: string) {
  await questionBox().fill(text);
  await userEvent.keyboard('{Enter}');
}

const sentQueries = (socket: FakeSocket) => socket.sent.map((s) => [s.event, s.message.content.query]);

describe('dashboard', () => {
  test('shows the heading, the six prompts as buttons and the question box; passes axe', async () => {
    const { container } = await renderApp('/dashboard');
    const heading = page.getByRole('heading', { level: 1, name: "Let's start the conversation" });
    await expect.element(heading).toBeVisible();
    for (const prompt of suggestedPrompts) {
      await expect.element(page.getByRole('button', { name: prompt })).toBeEnabled();
    }
    await expect.element(questionBox()).toBeVisible();
    await expect.element(micButton()).toBeEnabled();
    await expectNoAxeViolations(container);
  });

  test('on a server that cannot hear questions the microphone is disabled, saying so, and typing still asks; passes axe', async () => {
    store.set(voiceAvailableAtom, false);
    const { container } = await openConnectedChat();
    await expect.element(micButton()).toBeDisabled();
    await expect
      .element(page.getByRole('status').filter({ hasText: VOICE_UNAVAILABLE_MESSAGE }))
      .toBeVisible();
    await expectNoAxeViolations(container);
    await ask('How can a deaf-blind person use a computer today?');
    expect(sentQueries(sockets().last)).toEqual([
      ['question-text', 'How can a deaf-blind person use a computer today?'],
    ]);

    // When the server can hear again (a model arrived), the microphone is offered again.
    store.set(voiceAvailableAtom, true);
    await expect.element(page.getByText(VOICE_UNAVAILABLE_MESSAGE)).not.toBeInTheDocument();
  });

  test('a typed question is carried to /chatpage and sent once, after connecting', async () => {
    const { router } = await renderApp('/dashboard');
    const question = 'How can a deaf-blind person use a computer today?';
    await ask(question);
    await expect.poll(() => pathOf(router)).toBe('/chatpage');
    const socket = await openedSocket();
    expect(socket.sessionId).toBe('session-1');
    expect(socket.sent).toEqual([]);
    expect(store.get(initialQuestionAtom)).toEqual({ text: question, audio: null });

    socket.open();
    await expect.poll(() => socket.sent.length).toBe(1);
    expect(socket.sent[0]).toEqual({
      event: 'question-text',
      message: {
        event: 'question-text',
        content: {
          query: question,
          sourceMode: 'web',
          project: 'dish',
          sessionId: 'session-1',
          language: 'en',
        },
      },
    });
    expect(store.get(initialQuestionAtom)).toBeNull();
    await expect.element(page.getByText(question)).toBeVisible();
    expect(store.get(waitingAtom)).toBe(true);
    await expect.element(sendButton()).toBeDisabled();
    await expect.element(micButton()).toBeDisabled();

    // Not sent a second time, not even by the retry.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(socket.sent).toHaveLength(1);

    socket.answer(answerOf('answer-text', { answer: 'Use a **refreshable braille display**.' }));
    await expect.element(conversationLog().getByText('refreshable braille display')).toBeVisible();
    expect(store.get(waitingAtom)).toBe(false);
    await expect.element(micButton()).toBeEnabled();
  });

  test('a suggested prompt is sent from /chatpage', async () => {
    const { router } = await renderApp('/dashboard');
    const prompt = suggestedPrompts[3] ?? '';
    await page.getByRole('button', { name: prompt }).click();
    await expect.poll(() => pathOf(router)).toBe('/chatpage');
    const socket = await openedSocket();
    socket.open();
    await expect.poll(() => sentQueries(socket)).toEqual([['question-text', prompt]]);
  });

  test("Alt+S prefills '/stats ' on the dashboard", async () => {
    await renderApp('/dashboard');
    await expect.element(questionBox()).toBeVisible();
    await userEvent.keyboard('{Alt>}s{/Alt}');
    await expect.element(questionBox()).toHaveValue('/stats ');
    await expect.element(questionBox()).toHaveFocus();
  });

  test('keyboard only: Tab to the field, type, Enter goes to the chat', async () => {
    const { router } = await renderApp('/dashboard');
    await expect.element(questionBox()).toBeVisible();
    resetFocus();
    await tabTo(questionBox(), 30);
    await userEvent.keyboard('Where can I learn sign language?{Enter}');
    await expect.poll(() => pathOf(router)).toBe('/chatpage');
    const socket = await openedSocket();
    socket.open();
    const sent = [['question-text', 'Where can I learn sign language?']];
    await expect.poll(() => sentQueries(socket)).toEqual(sent);
  });
});

describe('chat page', () => {
  test('connects with the signed-in session id and shows the connection state', async () => {
    await renderApp('/chatpage');
    const socket = await openedSocket();
    expect(socket.sessionId).toBe('session-1');
    await expect.element(connectionStatus()).toHaveTextContent('Connecting…');
    socket.open();
    await expect.element(connectionStatus()).toHaveTextContent('Connected');
    socket.drop();
    await expect.element(connectionStatus()).toHaveTextContent('Offline');
    socket.reconnectAttempt();
    await expect.element(connectionStatus()).toHaveTextContent('Reconnecting…');
    socket.open();
    await expect.element(connectionStatus()).toHaveTextContent('Connected');
  });

  test("'/stats x' uses the stats event; '/stats ' is not sent", async () => {
    const { socket } = await openConnectedChat();
    await userEvent.keyboard('{Alt>}s{/Alt}');
    await expect.element(questionBox()).toHaveValue('/stats ');
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('by country{Enter}');
    await expect.poll(() => sentQueries(socket)).toEqual([['question-stats', '/stats by country']]);
    socket.answer(answerOf('answer-stats', { answer: '| Country | Items |\n| --- | --- |\n| India | 12 |' }));
    await expect.element(page.getByRole('cell', { name: 'India' })).toBeVisible();
    expect(store.get(waitingAtom)).toBe(false);
  });

  test('progress notes: one at a time, removed by an empty one and by the answer', async () => {
    const { socket } = await openConnectedChat();
    await ask('What is a screen reader?');
    await expect.poll(() => socket.sent.length).toBe(1);
    socket.articulate('Searching the knowledge base');
    await expect.element(page.getByText('Searching the knowledge base')).toBeVisible();
    socket.articulate('Writing the answer');
    await expect.element(page.getByText('Writing the answer')).toBeVisible();
    await expect.element(page.getByText('Searching the knowledge base')).not.toBeInTheDocument();
    socket.articulate('');
    await expect.element(page.getByText('Writing the answer')).not.toBeInTheDocument();
    socket.articulate('Checking sources');
    await expect.element(page.getByText('Checking sources')).toBeVisible();
    socket.answer(answerOf('answer-text', { answer: 'Software that reads the screen aloud.' }));
    await expect.element(conversationLog().getByText('Software that reads the screen aloud.')).toBeVisible();
    await expect.element(page.getByText('Checking sources')).not.toBeInTheDocument();
    expect(store.get(chatMessagesAtom).filter((m) => m.type === 'articulation')).toEqual([]);
  });

  test('an answer carrying an error is shown as a bot message and ends the wait', async () => {
    const { socket } = await openConnectedChat();
    await ask('Anything?');
    await expect.poll(() => store.get(waitingAtom)).toBe(true);
    socket.answer(answerOf('answer-text', { error: 'The knowledge base is being updated. Try again soon.' }));
    const message = conversationLog().getByText('The knowledge base is being updated. Try again soon.');
    await expect.element(message).toBeVisible();
    expect(message.element().closest('.message-bot')).not.toBeNull();
    expect(store.get(waitingAtom)).toBe(false);
    await questionBox().fill('Again');
    await expect.element(sendButton()).toBeEnabled();
  });

  test("a spoken answer plays from the TTS address; without one: 'Audio message Error'", async () => {
    const { socket } = await openConnectedChat();
    socket.answer(answerOf('answer-voice', { answer: 'Spoken words.', audioPath: 'answer-1.mp3' }));
    await expect.element(conversationLog().getByText('Spoken words.')).toBeVisible();
    const player = document.querySelector<HTMLAudioElement>('.message-list audio');
    expect(player?.src).toBe(new URL('/tts/answer-1.mp3', location.href).href);
    socket.answer(answerOf('answer-voice', { answer: 'No sound.', audioPath: null }));
    await expect.element(page.getByText('Audio message Error', { exact: true })).toBeVisible();
  });

  test('the latest question scrolls to the top and takes focus', async () => {
    const { socket } = await openConnectedChat();
    await ask('First question');
    socket.answer(answerOf('answer-text', { answer: 'First answer' }));
    await ask('Second question');
    const latest = () => page.getByText('Second question').element().closest<HTMLElement>('.message-user');
    await expect.poll(() => document.activeElement === latest()).toBe(true);
    const top = () => Math.round(latest()?.getBoundingClientRect().top ?? -1);
    await expect.poll(top, { timeout: 5000 }).toBeLessThan(40);
  });

  test('not connected after the retry: nothing sent, a toast says so, the words come back', async () => {
    await renderApp('/chatpage');
    const socket = await openedSocket();
    await ask('Lost words');
    await expect.element(toastWith(NOT_SENT)).toBeVisible();
    expect(socket.sent).toEqual([]);
    await expect.element(questionBox()).toHaveValue('Lost words');
    expect(store.get(waitingAtom)).toBe(false);
  });

  test('a recording goes out on question-voice; its player, the transcript and the spoken answer follow', async () => {
    const { socket, container } = await openConnectedChat();
    // A brief press starts, the next sends (the fake microphone hears JFK).
    await micButton().click();
    await expect.element(micButton()).toHaveAttribute('aria-pressed', 'true');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await micButton().click();
    await expect.poll(() => socket.sent.length, { timeout: 15_000 }).toBe(1);
    const [{ event, message }] = socket.sent as [(typeof socket.sent)[number]];
    expect(event).toBe('question-voice');
    expect(message.content).toMatchObject({ query: '', sourceMode: 'web', project: 'dish' });
    const bytes = new Uint8Array(message.content.audioBuffer as ArrayBuffer);
    // An MPEG-1 Layer III frame header: the worker's MP3.
    expect([bytes[0], bytes[1]! & 0xfe]).toEqual([0xff, 0xfa]);

    const mine = page.getByLabelText('Your recorded question');
    await expect.element(mine).toBeVisible();
    const own = mine.element() as HTMLAudioElement;
    expect(own.src).toMatch(/^blob:/);
    expect(own.autoplay).toBe(false);
    const played = await fetch(own.src).then((r) => r.arrayBuffer());
    expect(new Uint8Array(played)).toEqual(bytes);
    await expect.element(micButton()).toBeDisabled();

    socket.answer(
      answerOf('answer-voice', {
        answer: 'Use a **refreshable braille display**.',
        text: 'how can a blind person read email',
        audioPath: 'answer-1.mp3',
      }),
    );
    await expect.element(conversationLog().getByText('refreshable braille display')).toBeVisible();
    await expect.element(page.getByText('how can a blind person read email')).toBeVisible();
    const spoken = page.getByLabelText('Spoken answer');
    const player = spoken.element() as HTMLAudioElement;
    expect(player.src).toBe(new URL('/tts/answer-1.mp3', location.href).href);
    // This tab asked aloud: the answer plays.
    expect(player.autoplay).toBe(true);
    await expectNoAxeViolations(container);
  });

  test('a recording made on the dashboard is carried to /chatpage and sent once connected', async () => {
    const { router } = await renderApp('/dashboard');
    await micButton().click();
    await expect.element(micButton()).toHaveAttribute('aria-pressed', 'true');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await micButton().click();
    await expect.poll(() => pathOf(router), { timeout: 15_000 }).toBe('/chatpage');
    expect(store.get(initialQuestionAtom)?.audio?.type).toBe('audio/mp3');
    const socket = await openedSocket();
    socket.open();
    await expect.poll(() => socket.sent.map((s) => s.event)).toEqual(['question-voice']);
    expect(store.get(initialQuestionAtom)).toBeNull();
    await expect.element(page.getByLabelText('Your recorded question')).toBeVisible();
  });

  test('keyboard only: Tab to the field, type, Enter sends', async () => {
    const { socket } = await openConnectedChat();
    resetFocus();
    await tabTo(questionBox(), 30);
    await userEvent.keyboard('How do I use a white cane?{Enter}');
    await expect.poll(() => sentQueries(socket)).toEqual([['question-text', 'How do I use a white cane?']]);
    await expect.element(questionBox()).toHaveValue('');
  });

  test('signing out closes the socket and forgets the conversation', async () => {
    const { socket } = await openConnectedChat();
    await ask('Private question');
    await expect.element(page.getByText('Private question')).toBeVisible();
    store.set(sessionUserAtom, null);
    await expect.poll(() => socket.disconnectCalls).toBe(1);
    expect(store.get(chatMessagesAtom)).toEqual([]);
  });

  test('with messages of every kind, the page passes axe', async () => {
    const { socket, container } = await openConnectedChat();
    await ask('Show me everything');
    await expect.poll(() => socket.sent.length).toBe(1);
    socket.answer(
      answerOf('answer-text', {
        answer: [
          '## Tools',
          '',
          '| Tool | Use |',
          '| --- | --- |',
          '| Cane | Walking |',
          '',
          '- [x] Ask',
          '- [ ] Read',
          '',
          'Not ~~this~~ but that[^1]. See https://example.org and',
          '[a video](https://www.youtube.com/watch?v=abc123).',
          '',
          '[^1]: A source.',
        ].join('\n'),
        links: [{ url: 'https://example.org' }],
      }),
    );
    socket.answer(answerOf('answer-voice', { answer: 'Spoken.', audioPath: 'a.mp3' }));
    socket.answer(answerOf('answer-voice', { answer: '', audioPath: null }));
    socket.answer(answerOf('answer-text', { error: 'Something went wrong.' }));
    await ask('And one more');
    await expect.poll(() => socket.sent.length).toBe(2);
    socket.articulate('Searching the knowledge base');
    await expect.element(page.getByText('Searching the knowledge base')).toBeVisible();
    await expect.element(page.getByText('Audio message Error')).toBeVisible();
    await expectNoAxeViolations(container);
  });
});
