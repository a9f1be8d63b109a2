/**
 * Issue 14 item 3: answer actions over real HTTP and socket.io against a real database. The asker
 * rates their own answer (and changes it), nobody else can, admins see and filter the feedback,
 * and "Listen" makes a real MP3 that /tts serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListAnswer, QuestionView } from '../../../src/shared/admin/schemas';
import type { ConversationView } from '../../../src/shared/chat/conversations';
import { feedbackPaths } from '../../../src/shared/chat/feedback';
import { SUPER_ENV, signInUser } from '../../support/admin';
import { askOnce, openChatSocket, signedInChatUser, type ChatClient } from '../../support/chat';
import { Client } from '../../support/http';
import { summarizeMp3 } from '../../support/mp3';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
const sockets: ChatClient[] = [];

beforeAll(async () => {
  t = await startTestServer(SUPER_ENV);
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.stop();
});

/** A signed-in user who asked one question; resolves with their client and its question id. */
async function askedOne(query = 'What is a screen reader?') {
  const user = await signedInChatUser(t);
  const socket = await openChatSocket(t, user);
  sockets.push(socket);
  const answer = await askOnce(socket, query);
  const questionId = answer.content.questionId;
  if (!questionId) throw new Error('the answer named no question');
  return { client: user.client, questionId, answer };
}

const put = (client: Client, id: string, body: unknown) =>
  client.request('PUT', feedbackPaths.feedback(id), body);

async function adminQuestions(admin: Client, feedback?: string) {
  const res = await admin.post('/admin/get_questions', {
    queryingApp: 'dish',
    query: {},
    queryOptions: { limit: 100, skip: 0 },
    ...(feedback ? { feedback } : {}),
  });
  expect(res.status).toBe(200);
  return res.body as unknown as ListAnswer<QuestionView>;
}

describe('feedback on an answer', () => {
  it('is saved for the asker and can be changed', async () => {
    const { client, questionId } = await askedOne();
    const first = await put(client, questionId, { helpful: true, comment: '  Clear and short.  ' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ questionId, helpful: true, comment: 'Clear and short.' });

    const changed = await put(client, questionId, { helpful: false });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ helpful: false, comment: '' });
  });

  it('is shown with the answer when the conversation is opened again', async () => {
    const { client, questionId } = await askedOne();
    await put(client, questionId, { helpful: true, comment: 'Thanks' });
    const { conversation } = (await client.get('/api/conversations/current')).body as {
      conversation: ConversationView;
    };
    const bot = conversation.messages.find((m) => m.type === 'bot');
    expect(bot?.questionId).toBe(questionId);
    expect(bot?.feedback).toMatchObject({ helpful: true, comment: 'Thanks' });
  });

  it("refuses another user's question as not found, and visitors", async () => {
    const { questionId } = await askedOne();
    const other = await signedInChatUser(t);
    const refused = await put(other.client, questionId, { helpful: true });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('That question does not exist.');
    const visitor = await put(new Client(t.url), questionId, { helpful: true });
    expect(visitor.status).toBe(401);
  });

  it.each([
    ['no verdict', {}, 'Please say whether the answer was helpful.'],
    ['a verdict that is not true or false', { helpful: 'yes' }, 'Please say whether the answer was helpful.'],
    [
      'a comment too long',
      { helpful: true, comment: 'x'.repeat(1001) },
      'Please keep your comment under 1000 characters.',
    ],
    ['an unknown field', { helpful: true, rating: 5 }, undefined],
  ])('refuses %s with 400', async (_name, body, message) => {
    const { client, questionId } = await askedOne();
    const res = await put(client, questionId, body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
  });

  it('refuses a malformed question id with 400', async () => {
    const { client } = await askedOne();
    const res = await put(client, 'not-an-id', { helpful: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('That question does not exist.');
  });

  it('is listed for admins and filtered by helpful, not helpful and no feedback', async () => {
    const yes = await askedOne('What is braille?');
    const no = await askedOne('What is a hearing loop?');
    const none = await askedOne('What is sign language?');
    await put(yes.client, yes.questionId, { helpful: true, comment: 'Just what I needed' });
    await put(no.client, no.questionId, { helpful: false });
    const admin = await signInUser(t, ['dish']);

    const all = await adminQuestions(admin);
    const row = all.data.find((q) => q._id === yes.questionId);
    expect(row?.feedback).toMatchObject({ helpful: true, comment: 'Just what I needed' });
    expect(all.data.find((q) => q._id === none.questionId)?.feedback).toBeNull();

    const ids = (list: ListAnswer<QuestionView>) => list.data.map((q) => q._id);
    const helpful = await adminQuestions(admin, 'helpful');
    expect(ids(helpful)).toContain(yes.questionId);
    expect(helpful.data.every((q) => q.feedback?.helpful === true)).toBe(true);
    const notHelpful = await adminQuestions(admin, 'not_helpful');
    expect(ids(notHelpful)).toEqual(expect.arrayContaining([no.questionId]));
    expect(notHelpful.data.every((q) => q.feedback?.helpful === false)).toBe(true);
    const unrated = await adminQuestions(admin, 'none');
    expect(ids(unrated)).toContain(none.questionId);
    expect(ids(unrated)).not.toContain(yes.questionId);
    expect(unrated.total).toBe(unrated.data.length);

    const bad = await admin.post('/admin/get_questions', { queryingApp: 'dish', feedback: 'maybe' });
    expect(bad.status).toBe(400);
  });
});

describe('listening to an answer', () => {
  it('makes a real MP3 of a typed answer, served by /tts, the same file each time', async () => {
    const { client, questionId, answer } = await askedOne();
    expect(answer.content.response.audioPath).toBeNull();
    const res = await client.post(feedbackPaths.listen(questionId), {});
    expect(res.status).toBe(200);
    const audioPath = String(res.body.audioPath);
    expect(audioPath).toMatch(/^[0-9a-f]{64}\.mp3$/);

    const file = await new Client(t.url).get(`/tts/${audioPath}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/mpeg');
    const mp3 = summarizeMp3(file.bytes);
    expect(mp3.frames).toBeGreaterThan(10);
    expect(mp3.seconds).toBeGreaterThan(0.5);

    const again = await client.post(feedbackPaths.listen(questionId), {});
    expect(again.body.audioPath).toBe(audioPath);
  }, 60_000);

  it("refuses another user's question and a visitor", async () => {
    const { questionId } = await askedOne();
    const other = await signedInChatUser(t);
    expect((await other.client.post(feedbackPaths.listen(questionId), {})).status).toBe(404);
    expect((await new Client(t.url).post(feedbackPaths.listen(questionId), {})).status).toBe(401);
  });
});
