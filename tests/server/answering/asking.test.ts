/**
 * Issue 32 item 3: every channel asks through one command (answering/asking.ts), so a refusal or
 * a limit reads the same on the chat socket, a key's socket, WhatsApp and the project API.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASKS_PER_MINUTE, askRefusals } from '../../../src/server/answering/asking';
import { createKey } from '../../../src/server/access/keys';
import { projects, questions } from '../../../src/server/db/schema';
import { MAX_QUESTION_LENGTH } from '../../../src/shared/chat/schemas';
import { askOnce, openChatSocket, openKeySocket, signedInChatUser } from '../../support/chat';
import { startGraphApi, type GraphApi } from '../../support/graph-api';
import { Client } from '../../support/http';
import { PLUMBING_MODEL_ENV } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';
import { deliver, newSender, PHONE_NUMBER_ID, textFrom, whatsAppEnv } from '../../support/whatsapp';

let graph: GraphApi;
let t: TestServer;
let apiKey: string;

beforeAll(async () => {
  graph = await startGraphApi(PHONE_NUMBER_ID);
  t = await startTestServer({ INGEST_INTERVAL: '0', ...PLUMBING_MODEL_ENV, ...whatsAppEnv(graph.graphUrl) });
  apiKey = (await createKey(t.server.database.db, 'dish', 'Asking key', null)).secret;
});
afterAll(async () => {
  await t?.stop();
  await graph?.stop();
});

/** What the WhatsApp sender is told after one text (the last text sent to them). */
async function overWhatsApp(from: string, text: string): Promise<string | undefined> {
  await deliver(t, textFrom(from, text));
  const sent = graph.sentTo(from).filter((m) => m.type === 'text');
  return sent.at(-1)?.text?.body;
}

async function overChat(query: string): Promise<string | null> {
  const socket = await openChatSocket(t, await signedInChatUser(t));
  try {
    return (await askOnce(socket, query)).content.response.error;
  } finally {
    socket.close();
  }
}

async function overKeySocket(query: string): Promise<string | null> {
  const socket = await openKeySocket(t, apiKey, `asking-${Math.random()}`);
  try {
    return (await askOnce(socket, query)).content.response.error;
  } finally {
    socket.close();
  }
}

async function overApi(query: string): Promise<string> {
  const res = await new Client(t.url).post('/api/v1/ask', { query }, { 'x-api-key': apiKey });
  expect(res.status).toBe(400);
  return String((res.body as { message: string }).message);
}

describe('one way to ask', () => {
  it('refuses a question over the length limit with one sentence on every channel, and records none', async () => {
    const long = `What is braille? ${'a'.repeat(MAX_QUESTION_LENGTH)}`;
    const from = newSender();
    const said = [
      await overChat(long),
      await overKeySocket(long),
      await overApi(long),
      await overWhatsApp(from, long),
    ];
    expect(said).toEqual(Array.from({ length: 4 }, () => askRefusals.tooLong));
    const recorded = await t.server.database.db.select().from(questions).where(eq(questions.query, long));
    expect(recorded).toHaveLength(0);
  });

  it('lets a project created a moment ago ask at once, though known projects are kept a minute', async () => {
    // The first question loads the projects the command knows.
    const before = await new Client(t.url).post('/api/v1/ask', { query: 'hello' }, { 'x-api-key': apiKey });
    expect(before.status).toBe(200);
    await t.server.database.db.insert(projects).values({ id: 'justmade', name: 'Just made' });
    const key = (await createKey(t.server.database.db, 'justmade', 'New key', null)).secret;
    const res = await new Client(t.url).post('/api/v1/ask', { query: 'hello' }, { 'x-api-key': key });
    expect(res.status).toBe(200);
  });

  it('counts a person past the per-minute limit and says so alike on the chat and on WhatsApp', async () => {
    const user = await signedInChatUser(t);
    const socket = await openChatSocket(t, user);
    const from = newSender();
    try {
      let chat: string | null = null;
      for (let i = 0; i <= ASKS_PER_MINUTE; i++)
        chat = (await askOnce(socket, 'hello')).content.response.error;
      let whatsApp: string | undefined;
      for (let i = 0; i <= ASKS_PER_MINUTE; i++) whatsApp = await overWhatsApp(from, 'hello');
      expect([chat, whatsApp]).toEqual([askRefusals.tooMany, askRefusals.tooMany]);
    } finally {
      socket.close();
    }
  });
});
