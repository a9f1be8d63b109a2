/**
 * Issue 31 item 2: what a socket may send at once. Before its handshake is authorized a
 * long-polling connection may post only what a handshake needs; a signed-in socket may send a
 * voice question's recording.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerMessage } from '../../../src/shared/chat/protocol';
import { openChatSocket, signedInChatUser } from '../../support/chat';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.stop());

describe('Engine.IO buffers', () => {
  it('refuses a large post on a connection nobody has signed in on (413), before reading it', async () => {
    const open = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling`);
    expect(open.status).toBe(200);
    const sid = /"sid":"([^"]+)"/.exec(await open.text())?.[1];
    expect(sid).toBeTruthy();
    const post = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: `4${'x'.repeat(200_000)}`,
    });
    expect(post.status).toBe(413);
  });

  it('takes a recording of nearly the voice limit from a signed-in socket over long polling', async () => {
    const user = await signedInChatUser(t);
    // Long polling: a WebSocket's limit is the server's from the start.
    const socket = await openChatSocket(t, user, ['polling']);
    try {
      const noise = new Uint8Array(1_900_000).map((_, i) => (i * 7919) % 251);
      const answer = await new Promise<AnswerMessage | 'disconnected'>((resolve) => {
        socket.once('answer-voice', resolve);
        socket.once('disconnect', () => resolve('disconnected'));
        socket.emit('question-voice', {
          event: 'question-voice',
          content: {
            query: '',
            sourceMode: 'web',
            project: 'dish',
            sessionId: '',
            audioBuffer: noise.buffer,
          },
        } as never);
      });
      // It arrived and was judged (not an MP3), rather than the connection being cut.
      expect(answer).not.toBe('disconnected');
      expect((answer as AnswerMessage).content.response.error).toBeTruthy();
    } finally {
      socket.close();
    }
  });
});
