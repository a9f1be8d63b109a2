import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerMessage, ArticulatingMessage, QuestionEvent } from '../../../src/shared/chat/protocol';
import { NOT_FOUND_ANSWER } from '../../../src/server/answering/composer';
import { VOICE_UNAVAILABLE_MESSAGE } from '../../../src/shared/chat/voice';
import { askRefusals } from '../../../src/server/answering/asking';
import { questions } from '../../../src/server/db/schema';
import type { Client } from '../../support/http';
import { openChatSocket, signedInChatUser, type ChatClient } from '../../support/chat';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { material, sharedPath } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';
import { serveSite } from '../../support/static-site';

let t: TestServer;
let site: Awaited<ReturnType<typeof serveSite>>;
let user: { client: Client; sessionId: string };
const sockets: ChatClient[] = [];

beforeAll(async () => {
  site = await serveSite(sharedPath('material/website/aria-practices/content'));
  t = await startTestServer({ ...SUPER_ENV, CRAWL_ALLOW_PRIVATE: 'true' });
  const admin = await signInSuper(t);
  const source = await addSource(admin, 'Guides');
  const fields = { queryingApp: 'dish', source, project: 'dish', location: 'Worldwide' };
  await admin.post(
    '/admin/add_data',
    form({ ...fields, data_type: 'web', url: `${site.url}/apg-home.html`, depth: 1 }),
  );
  await admin.post(
    '/admin/add_data',
    form({ ...fields, data_type: 'doc' }, [
      { name: 'checker.docx', bytes: material('documents/docx/daisy_Accessibility_demofile.docx') },
    ]),
  );
  await t.server.worker.runNow();
  user = await signedInChatUser(t);
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.stop();
  await site.stop();
});

async function openSocket(): Promise<ChatClient> {
  const socket = await openChatSocket(t, user);
  sockets.push(socket);
  return socket;
}

/** Asks and collects the progress notes until the answer arrives. */
function ask(socket: ChatClient, event: QuestionEvent, query: unknown) {
  const notes: string[] = [];
  const answerEvent = event.replace('question', 'answer') as AnswerMessage['event'];
  return new Promise<{ answer: AnswerMessage; notes: string[] }>((resolve) => {
    const onNote = (m: ArticulatingMessage) => notes.push(m.content.text);
    socket.on('articulating', onNote);
    socket.once(answerEvent, (answer) => {
      socket.off('articulating', onNote);
      resolve({ answer, notes });
    });
    socket.emit(event, {
      event,
      content: { query, sourceMode: 'web', project: 'dish', sessionId: '' },
    } as never);
  });
}

describe('the chat over a real socket.io connection', () => {
  it('answers from an ingested document by quoting it, with progress notes that end empty', async () => {
    const socket = await openSocket();
    const { answer, notes } = await ask(
      socket,
      'question-text',
      'What does the accessibility checker look for?',
    );
    expect(answer.content.response.error).toBeNull();
    expect(answer.content.response.answer).toMatch(/potential problem for people with disabilities/);
    expect(notes.length).toBeGreaterThan(1);
    expect(notes.at(-1)).toBe('');
    expect(answer.content.questionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('links to the web pages it quotes', async () => {
    const socket = await openSocket();
    const { answer } = await ask(
      socket,
      'question-text',
      'How do landmark regions help screen reader users navigate?',
    );
    const { links, answer: text } = answer.content.response;
    expect(links.some((l) => l.url.startsWith(site.url))).toBe(true);
    for (const link of links) expect(text).toContain(link.url);
  });

  it('says plainly when the knowledge base has nothing on the question', async () => {
    const socket = await openSocket();
    const { answer } = await ask(socket, 'question-text', 'Which volcano erupted in Iceland during 2010?');
    expect(answer.content.response.answer).toBe(NOT_FOUND_ANSWER);
    expect(answer.content.response.links).toEqual([]);
  });

  it('answers /stats with tables on answer-stats', async () => {
    const socket = await openSocket();
    const { answer } = await ask(socket, 'question-stats', '/stats landmark');
    expect(answer.event).toBe('answer-stats');
    expect(answer.content.response.answer).toContain('| Data type | Items |');
    expect(answer.content.response.answer).toMatch(/\| web \| \d+ \|/);
    expect(answer.content.response.answer).toContain('| Source | Items |');
  });

  it('records every question with its history in order', async () => {
    const socket = await openSocket();
    const { answer } = await ask(socket, 'question-text', 'What is a landmark region?');
    const [row] = await t.server.database.db
      .select()
      .from(questions)
      .where(eq(questions.id, answer.content.questionId!));
    expect(row).toMatchObject({
      status: 'answered',
      sourceMode: 'web',
      project: 'dish',
      query: 'What is a landmark region?',
    });
    expect(row!.history.map((e) => e.type)).toEqual([
      'detect-language-query',
      'detected-language',
      'query-response',
    ]);
    expect(row!.history[1]?.lang_name).toBe('English');
    expect(row!.answeredAt).not.toBeNull();
  });

  it('takes the generic client-message too', async () => {
    const socket = await openSocket();
    const answered = new Promise<AnswerMessage>((resolve) => socket.once('answer-text', resolve));
    socket.emit('client-message', {
      event: 'question-text',
      content: { query: 'What is a landmark region?', sourceMode: 'web', project: 'dish', sessionId: '' },
    });
    expect((await answered).content.response.error).toBeNull();
  });

  it('answers malformed questions with an error and stays up', async () => {
    const socket = await openSocket();
    for (const bad of [42, '', 'x'.repeat(5000)]) {
      const { answer } = await ask(socket, 'question-text', bad);
      expect(answer.content.response.error).toEqual(expect.any(String));
    }
    // Text the database cannot store is refused with a sentence, not a failure to record it.
    for (const bad of ['a\u0000b', 'wheelchair \ud83d']) {
      const { answer } = await ask(socket, 'question-text', bad);
      expect(answer.content.response.error).toBe(askRefusals.unstorable);
    }
    const refused = new Promise<AnswerMessage>((resolve) => socket.once('answer-text', resolve));
    socket.emit('question-text', null as never);
    expect((await refused).content.response.error).toEqual(expect.any(String));
    const { answer } = await ask(socket, 'question-text', 'What is a landmark region?');
    expect(answer.content.response.error).toBeNull();
  });

  it('refuses a second question while one is being answered', async () => {
    const socket = await openSocket();
    const answers: AnswerMessage[] = [];
    socket.on('answer-text', (m) => answers.push(m));
    const content = {
      query: 'What is a landmark region?',
      sourceMode: 'web' as const,
      project: 'dish',
      sessionId: '',
    };
    socket.emit('question-text', { event: 'question-text', content });
    socket.emit('question-text', { event: 'question-text', content });
    await expect.poll(() => answers.length).toBe(2);
    expect(answers.map((a) => a.content.response.error)).toEqual([askRefusals.busy, null]);
  });

  it('sends the answer to every socket of the session (every tab)', async () => {
    const first = await openSocket();
    const second = await openSocket();
    const seen = new Promise<AnswerMessage>((resolve) => second.once('answer-text', resolve));
    await ask(first, 'question-text', 'What is a landmark region?');
    expect((await seen).content.response.error).toBeNull();
  });
});

describe('a server without a speech model', () => {
  let bare: TestServer;
  let modelsDir: string;
  let socket: ChatClient | undefined;

  beforeAll(async () => {
    // An empty MODELS_DIR: no Whisper (the real weights in ../shared/models are not seen).
    modelsDir = await mkdtemp(path.join(os.tmpdir(), 'dish-no-models-'));
    bare = await startTestServer({ MODELS_DIR: modelsDir });
  });
  afterAll(async () => {
    socket?.close();
    await bare.stop();
    await rm(modelsDir, { recursive: true, force: true });
  });

  it('gives a voice question a clear error', async () => {
    socket = await openChatSocket(bare, await signedInChatUser(bare));
    const { answer } = await ask(socket, 'question-voice', '');
    expect(answer.content.response.error).toBe(VOICE_UNAVAILABLE_MESSAGE);
  });
});
