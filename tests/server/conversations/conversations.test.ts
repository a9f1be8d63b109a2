/**
 * Issue 14 item 1: a signed-in user's conversations, kept on the server. Real HTTP and socket.io
 * clients against a real database: questions and answers are kept, listed, reopened and deleted
 * by their owner only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationList, ConversationView } from '../../../src/shared/chat/conversations';
import type { AnswerMessage } from '../../../src/shared/chat/protocol';
import { questions } from '../../../src/server/db/schema';
import type { Client } from '../../support/http';
import { openChatSocket, signedInChatUser, type ChatClient } from '../../support/chat';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
const sockets: ChatClient[] = [];

beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.stop();
});

async function chatUser() {
  const user = await signedInChatUser(t);
  const socket = await openChatSocket(t, user);
  sockets.push(socket);
  return { ...user, socket };
}

/** Asks on the socket, naming a conversation (or none), and resolves with the answer. */
function ask(socket: ChatClient, query: string, conversationId?: string | null): Promise<AnswerMessage> {
  return new Promise((resolve) => {
    socket.once('answer-text', resolve);
    socket.emit('question-text', {
      event: 'question-text',
      content: {
        query,
        sourceMode: 'web',
        project: 'dish',
        sessionId: '',
        ...(conversationId === undefined ? {} : { conversationId }),
      },
    });
  });
}

const current = async (client: Client) =>
  (await client.get('/api/conversations/current')).body.conversation as ConversationView | null;
const list = async (client: Client) =>
  (await client.get('/api/conversations')).body as unknown as ConversationList;

describe('conversations', () => {
  it('keeps each question and its answer in the current conversation, named by the first question', async () => {
    const { client, socket } = await chatUser();
    expect(await current(client)).toBeNull();
    const first = await ask(socket, 'What is a screen reader?');
    const id = first.content.conversationId;
    expect(id).toEqual(expect.any(String));
    const second = await ask(socket, 'And a braille display?', id);
    expect(second.content.conversationId).toBe(id);

    const conversation = await current(client);
    expect(conversation?.id).toBe(id);
    expect(conversation?.title).toBe('What is a screen reader?');
    expect(conversation?.messages.map((m) => [m.type, m.type === 'user' ? m.text : ''])).toEqual([
      ['user', 'What is a screen reader?'],
      ['bot', ''],
      ['user', 'And a braille display?'],
      ['bot', ''],
    ]);
    expect(conversation?.messages[1]?.text).toBe(first.content.response.answer);
    expect(conversation?.messages[3]?.links).toEqual(second.content.response.links);
    // The admins' question records are unchanged: one per question, as before.
    const records = await t.server.database.db
      .select()
      .from(questions)
      .where(eq(questions.id, first.content.questionId!));
    expect(records).toHaveLength(1);
  });

  it('starts a new conversation once, lists both, and reopens the earlier one', async () => {
    const { client, socket } = await chatUser();
    const earlier = (await ask(socket, 'How do I caption a video?')).content.conversationId!;
    const fresh = (await client.post('/api/conversations', {})).body as unknown as ConversationView;
    expect(fresh.id).not.toBe(earlier);
    expect(fresh.messages).toEqual([]);
    // Pressing New conversation again keeps the one empty conversation.
    expect((await client.post('/api/conversations', {})).body.id).toBe(fresh.id);
    expect((await current(client))?.id).toBe(fresh.id);

    await ask(socket, 'Which keyboard is best for one hand?', fresh.id);
    const listed = await list(client);
    expect(listed.currentId).toBe(fresh.id);
    expect(listed.conversations.map((c) => c.title)).toEqual([
      'Which keyboard is best for one hand?',
      'How do I caption a video?',
    ]);

    const reopened = await client.post(`/api/conversations/${earlier}/open`, {});
    expect(reopened.status).toBe(200);
    expect((reopened.body as unknown as ConversationView).messages[0]?.text).toBe(
      'How do I caption a video?',
    );
    expect((await list(client)).currentId).toBe(earlier);
    const read = await client.get(`/api/conversations/${fresh.id}`);
    expect((read.body as unknown as ConversationView).messages).toHaveLength(2);
  });

  it('lets the owner delete a conversation, with its messages', async () => {
    const { client, socket } = await chatUser();
    const id = (await ask(socket, 'Where can I learn sign language?')).content.conversationId!;
    const deleted = await client.request('DELETE', `/api/conversations/${id}`);
    expect(deleted.status).toBe(200);
    expect((await client.get(`/api/conversations/${id}`)).status).toBe(404);
    expect((await list(client)).conversations).toEqual([]);
    // A question naming the deleted conversation starts a new one.
    const next = await ask(socket, 'Is there a free course?', id);
    expect(next.content.conversationId).not.toBe(id);
  });

  it("answers 404 to another user's reading, reopening, deleting or asking into a conversation", async () => {
    const owner = await chatUser();
    const stranger = await chatUser();
    const id = (await ask(owner.socket, 'My private question')).content.conversationId!;
    expect((await stranger.client.get(`/api/conversations/${id}`)).status).toBe(404);
    expect((await stranger.client.post(`/api/conversations/${id}/open`, {})).status).toBe(404);
    const refused = await stranger.client.request('DELETE', `/api/conversations/${id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('That conversation does not exist.');
    const theirs = await ask(stranger.socket, 'Can I write into it?', id);
    expect(theirs.content.conversationId).not.toBe(id);
    const kept = await current(owner.client);
    expect(kept?.messages.map((m) => m.text)).not.toContain('Can I write into it?');
    expect(kept?.messages).toHaveLength(2);
  });

  it('refuses bad input with 400 and visitors with 401', async () => {
    const { client } = await chatUser();
    const bad = await client.get('/api/conversations/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('That conversation does not exist.');
    expect((await client.request('DELETE', '/api/conversations/42')).status).toBe(400);
    expect((await client.post('/api/conversations', { title: 'x' })).status).toBe(400);
    expect((await client.post('/api/conversations', [])).status).toBe(400);
    const visitor = await fetch(`${t.url}/api/conversations`);
    expect(visitor.status).toBe(401);
  });

  it('answers a question naming a malformed conversation with an error, keeping nothing', async () => {
    const { client, socket } = await chatUser();
    const answer = await ask(socket, 'Hello there', 'nope');
    expect(answer.content.response.error).toBe('That conversation does not exist.');
    expect(await current(client)).toBeNull();
  });
});
