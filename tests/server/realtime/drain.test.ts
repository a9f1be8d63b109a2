import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerMessage } from '../../../src/shared/chat/protocol';
import { openChatSocket, signedInChatUser } from '../../support/chat';
import { startTestServer, type TestServer } from '../../support/server';

/**
 * A process told to stop (SIGTERM runs the same close) finishes the answers it is making before
 * its sockets close, and the sockets close as a transport does, so that clients reconnect, to
 * another process behind a load balancer.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

describe('stopping with an answer in flight', () => {
  it('sends the answer, then closes the socket so that the client reconnects', async () => {
    const user = await signedInChatUser(t);
    const socket = await openChatSocket(t, user);
    const events: string[] = [];
    const answered = new Promise<AnswerMessage>((resolve) =>
      socket.once('answer-text', (answer) => {
        events.push('answer');
        resolve(answer);
      }),
    );
    const closedAs = new Promise<string>((resolve) =>
      socket.once('disconnect', (reason) => {
        events.push('disconnect');
        resolve(reason);
      }),
    );
    // The first progress note says the question is being answered: stop the server then.
    const inFlight = new Promise<void>((resolve) => socket.once('articulating', () => resolve()));
    socket.emit('question-text', {
      event: 'question-text',
      content: {
        query: 'Where can I borrow a wheelchair?',
        sourceMode: 'web',
        project: 'dish',
        sessionId: '',
      },
    });
    await inFlight;
    const stopping = t.server.close();

    const answer = await answered;
    expect(answer.content.response.error).toBeNull();
    expect(answer.content.response.answer).not.toBe('');
    expect(await closedAs).toBe('transport close');
    expect(events).toEqual(['answer', 'disconnect']);
    expect(socket.active).toBe(true);
    socket.close();
    await stopping;
  });
});
