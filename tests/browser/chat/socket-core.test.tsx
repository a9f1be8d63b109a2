import { describe, expect, test } from 'vitest';
import {
  RESEND_DELAY_MS,
  createChatSocketCore,
  type ChatEnvelope,
} from '../../../src/workers/chat-socket/chat-socket.core';
import { answerOf, fakeSockets, questionOf } from './fakeSocket';

/** Waits before a server older than this build is tried again, shortened for the tests. */
const SERVER_BEHIND_RETRY_MS = [20, 40] as const;

/** A core with fake sockets and one tab's port whose envelopes are recorded. */
function setup() {
  const sockets = fakeSockets();
  const core = createChatSocketCore({
    createSocket: sockets.factory,
    serverBehindRetryMs: SERVER_BEHIND_RETRY_MS,
  });
  return { sockets, core, ...tab(core) };
}

function tab(core: ReturnType<typeof createChatSocketCore>) {
  const api = core.openPort();
  const received: ChatEnvelope[] = [];
  const statuses = () => received.flatMap((e) => (e.type === 'status' ? [e.status] : []));
  const of = <T extends ChatEnvelope['type']>(type: T) =>
    received.filter((e): e is Extract<ChatEnvelope, { type: T }> => e.type === type);
  return { api, received, statuses, of, listen: () => api.subscribe((e) => void received.push(e)) };
}

describe('chat socket core', () => {
  test('makes a socket only for a session id, with auto-connect left to it', async () => {
    const { sockets, api } = setup();
    await api.connect('');
    expect(sockets.made).toHaveLength(0);

    await api.connect('session-1');
    expect(sockets.made).toHaveLength(1);
    expect(sockets.last.sessionId).toBe('session-1');
    expect(sockets.last.connectCalls).toBe(1);

    // The same session again: the same socket.
    sockets.last.open();
    await api.connect('session-1');
    expect(sockets.made).toHaveLength(1);
    expect(sockets.last.connectCalls).toBe(1);
  });

  test('a second tab connecting while the socket still opens does not connect it twice', async () => {
    const { sockets, api } = setup();
    await api.connect('session-1');
    // Not connected yet: a second connect() here would make the server a second socket.
    await api.connect('session-1');
    expect(sockets.made).toHaveLength(1);
    expect(sockets.last.connectCalls).toBe(1);
    // Closed by the server (a sign-out elsewhere, say): the next connect opens it again.
    sockets.last.open();
    sockets.last.drop('io server disconnect');
    await api.connect('session-1');
    expect(sockets.last.connectCalls).toBe(2);
  });

  test('a new session id (a new sign-in) replaces the socket and forgets the conversation', async () => {
    const { sockets, core, api } = setup();
    await api.connect('session-1');
    const first = sockets.last;
    first.open();
    await api.ask(questionOf('first user question'));

    await api.connect('session-2');
    expect(sockets.made).toHaveLength(2);
    expect(first.disconnectCalls).toBe(1);
    expect(sockets.last.sessionId).toBe('session-2');

    // A late answer on the old socket reaches nobody; a new tab sees no old questions.
    const later = tab(core);
    await later.listen();
    first.answer(answerOf('answer-text', { answer: 'old' }));
    expect(later.of('answer')).toEqual([]);
    expect(later.of('asked')).toEqual([]);
  });

  test('reports status on connect, disconnect and reconnect attempts', async () => {
    const { sockets, api, listen, statuses } = setup();
    await listen();
    expect(statuses()).toEqual(['offline']);

    await api.connect('session-1');
    const socket = sockets.last;
    socket.open();
    socket.drop();
    socket.reconnectAttempt(1);
    socket.fire('connect_error', new Error('refused'));
    socket.reconnectAttempt(2);
    socket.open();
    expect(statuses()).toEqual([
      'offline',
      'connecting',
      'connected',
      'offline',
      'reconnecting',
      'connected',
    ]);
  });

  test('a failed first connection is offline', async () => {
    const { sockets, api, listen, statuses } = setup();
    await listen();
    await api.connect('session-1');
    sockets.last.fire('connect_error', new Error('refused'));
    expect(statuses()).toEqual(['offline', 'connecting', 'offline']);
  });

  test('refused for its protocol version, it is outdated for good, in every tab, later ones too', async () => {
    const { sockets, core, api, listen, statuses } = setup();
    await listen();
    await api.connect('session-1');
    sockets.last.refuseAsOutdated();
    expect(statuses()).toEqual(['offline', 'connecting', 'outdated']);
    // Connecting again would be refused again: the socket is left alone until the page reloads.
    expect(await api.connect('session-1')).toBe('outdated');
    expect(sockets.made).toHaveLength(1);
    expect(sockets.last.connectCalls).toBe(1);
    const later = tab(core);
    await later.listen();
    expect(later.statuses()).toEqual(['outdated']);
  });

  test('refused by a server older than itself, it waits, tries again by itself and connects', async () => {
    const { sockets, api, listen, statuses } = setup();
    await listen();
    await api.connect('session-1');
    sockets.last.refuseAsServerBehind();
    expect(statuses()).toEqual(['offline', 'connecting', 'reconnecting']);
    expect(sockets.last.connectCalls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, SERVER_BEHIND_RETRY_MS[0] + 10));
    expect(sockets.last.connectCalls).toBe(2);
    // Refused again, it waits longer; a process already updated then lets it in.
    sockets.last.refuseAsServerBehind();
    await new Promise((resolve) => setTimeout(resolve, SERVER_BEHIND_RETRY_MS[0] + 5));
    expect(sockets.last.connectCalls).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, SERVER_BEHIND_RETRY_MS[1]));
    expect(sockets.last.connectCalls).toBe(3);
    sockets.last.open();
    expect(statuses()).toEqual(['offline', 'connecting', 'reconnecting', 'connected']);
    expect(sockets.made).toHaveLength(1);
  });

  test('a refusal that is not about the version leaves it free to connect again', async () => {
    const { sockets, api } = setup();
    await api.connect('session-1');
    sockets.last.active = false;
    sockets.last.fire(
      'connect_error',
      Object.assign(new Error('unauthorized'), { data: { reason: 'other' } }),
    );
    expect(await api.connect('session-1')).toBe('connecting');
    expect(sockets.last.connectCalls).toBe(2);
  });

  test('fills in the session id and emits on the message event when connected', async () => {
    const { sockets, api } = setup();
    await api.connect('session-1');
    sockets.last.open();
    await expect(api.ask(questionOf('/stats by country', 'question-stats'))).resolves.toEqual({ sent: true });
    expect(sockets.last.sent).toEqual([
      {
        event: 'question-stats',
        message: {
          event: 'question-stats',
          content: { query: '/stats by country', sourceMode: 'web', project: 'dish', sessionId: 'session-1' },
        },
      },
    ]);
  });

  test('a question asked before the connection is retried once after 500 ms', async () => {
    const { sockets, api } = setup();
    await api.connect('session-1');
    const socket = sockets.last;
    const started = performance.now();
    const asked = api.ask(questionOf('early question'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.sent).toEqual([]);
    socket.open();
    await expect(asked).resolves.toEqual({ sent: true });
    expect(performance.now() - started).toBeGreaterThanOrEqual(RESEND_DELAY_MS - 5);
    expect(socket.sent.map((s) => s.message.content.query)).toEqual(['early question']);
  });

  test('still not connected after the retry: nothing is sent, then or later', async () => {
    const { sockets, api, of, listen } = setup();
    await listen();
    await api.connect('session-1');
    const socket = sockets.last;
    await expect(api.ask(questionOf('lost question'))).resolves.toEqual({ sent: false });
    socket.open();
    await new Promise((resolve) => setTimeout(resolve, RESEND_DELAY_MS + 100));
    expect(socket.sent).toEqual([]);
    expect(of('asked')).toEqual([]);
  });

  test('questions, answers and progress notes go to every subscribed tab', async () => {
    const { sockets, core, api, of: ofA, listen: listenA } = setup();
    const b = tab(core);
    await listenA();
    await b.listen();
    await api.connect('session-1');
    sockets.last.open();

    // Tab B asks; both tabs see the question, with the session id filled in.
    await b.api.ask(questionOf('asked in tab B'));
    sockets.last.articulate('Searching the knowledge base');
    const links = [{ url: 'https://a.example' }];
    const answer = answerOf('answer-text', { answer: 'Here is **help**.', links });
    sockets.last.answer(answer);

    for (const of of [ofA, b.of]) {
      expect(of('asked').map((e) => e.message.content)).toEqual([
        { query: 'asked in tab B', sourceMode: 'web', project: 'dish', sessionId: 'session-1' },
      ]);
      expect(of('articulating').map((e) => e.message.content.text)).toEqual(['Searching the knowledge base']);
      // Only the specific answer event counts: the generic 'message' copy is not delivered twice.
      expect(of('answer').map((e) => e.message)).toEqual([answer]);
    }
  });

  test('a tab that subscribes later gets the status and the conversation so far', async () => {
    const { sockets, core, api } = setup();
    await api.connect('session-1');
    sockets.last.open();
    await api.ask(questionOf('earlier question'));
    sockets.last.answer(answerOf('answer-text', { answer: 'earlier answer' }));

    const later = tab(core);
    await later.listen();
    expect(later.received.map((e) => e.type)).toEqual(['status', 'asked', 'answer']);
    expect(later.statuses()).toEqual(['connected']);
  });

  test("goodbye removes that tab's listeners and no other", async () => {
    const { sockets, core, api, of: ofA, listen: listenA } = setup();
    const b = tab(core);
    await listenA();
    await api.subscribe(() => undefined);
    await b.listen();
    expect(core.listenerCount).toBe(3);

    await api.goodbye();
    expect(core.listenerCount).toBe(1);
    await b.api.connect('session-1');
    sockets.last.open();
    sockets.last.answer(answerOf('answer-text', { answer: 'after goodbye' }));
    expect(ofA('answer')).toEqual([]);
    expect(b.of('answer')).toHaveLength(1);
  });

  test('a listener that throws does not stop the others', async () => {
    const { sockets, core, api } = setup();
    const b = tab(core);
    await api.subscribe(() => {
      throw new Error('broken tab');
    });
    await b.listen();
    await api.connect('session-1');
    sockets.last.open();
    sockets.last.answer(answerOf('answer-stats', { answer: '| a |\n|---|\n| 1 |' }));
    expect(b.of('answer')).toHaveLength(1);
  });

  test('disconnect closes the socket and forgets the conversation', async () => {
    const { sockets, core, api, statuses, listen } = setup();
    await listen();
    await api.connect('session-1');
    sockets.last.open();
    await api.ask(questionOf('private question'));
    await api.disconnect();
    expect(sockets.last.disconnectCalls).toBe(1);
    expect(statuses().at(-1)).toBe('offline');
    const later = tab(core);
    await later.listen();
    expect(later.of('asked')).toEqual([]);
  });
});
