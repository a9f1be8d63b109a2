import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../../src/server/db/schema';
import { askOnce, openChatSocket, signedInChatUser, type ChatClient } from '../../support/chat';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { material } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';

// A local server speaking the OpenAI chat-completions protocol, standing for the remote model.
let completion = '';
const translation = 'What does the accessibility checker look for?';
let status = 200;
const received: {
  authorization?: string;
  body: { model: string; messages: { role: string; content: string }[] };
}[] = [];
let llm: Server;
let t: TestServer;
let socket: ChatClient;

beforeAll(async () => {
  llm = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as (typeof received)[0]['body'];
      received.push({ authorization: req.headers.authorization, body: parsed });
      if (req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
      // The translator's request is told to translate; every other request is the composer's.
      const translating = parsed.messages[0]?.content.startsWith('Translate') ?? false;
      const content = translating ? translation : completion;
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
  const { port } = llm.address() as { port: number };
  t = await startTestServer({
    ...SUPER_ENV,
    LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
    LLM_API_KEY: 'sk-local',
    LLM_MODEL: 'test-model',
  });
  const admin = await signInSuper(t);
  const source = await addSource(admin, 'Docs');
  await admin.post(
    '/admin/add_data',
    form({ queryingApp: 'dish', data_type: 'doc', source, project: 'dish', location: 'x' }, [
      { name: 'checker.docx', bytes: material('documents/docx/daisy_Accessibility_demofile.docx') },
    ]),
  );
  await t.server.worker.runNow();
  socket = await openChatSocket(t, await signedInChatUser(t));
}, 60_000);
afterAll(async () => {
  socket?.close();
  await t.stop();
  await new Promise<void>((resolve) => llm.close(() => resolve()));
});

const ask = (query: string) => askOnce(socket, query);

describe('answers written by an OpenAI-compatible model', () => {
  it('sends the passages and keeps only the sentences they support', async () => {
    completion =
      'The accessibility checker looks for items that could be a potential problem for people with disabilities [1]. ' +
      'Penguins invented it on the moon in 1850.';
    const answer = await ask('What does the accessibility checker look for?');
    const text = answer.content.response.answer;
    expect(text).toContain('potential problem for people with disabilities');
    expect(text).not.toMatch(/penguins|moon/i);
    // The same citation as the extractive answer: the uploaded file, which a person can open.
    expect(text).toMatch(
      /Source: \[Accessibility Checker In Office 2010\]\(\/files\/[0-9a-f-]{36}\/checker\.docx\)/,
    );
    expect(answer.content.response.links[0]?.url).toMatch(/^\/files\//);
    const request = received.at(-1)!;
    expect(request.authorization).toBe('Bearer sk-local');
    expect(request.body.model).toBe('test-model');
    expect(request.body.messages[1]?.content).toContain('document inspector');
  });

  it('falls back to quoting the passages when the model fails or finds nothing', async () => {
    status = 500;
    const failed = await ask('What does the accessibility checker look for?');
    // The extractive answer: the answering sentence first.
    expect(failed.content.response.answer.split('\n\n')[0]).toMatch(/document inspector|potential problem/);
    status = 200;
    completion = 'NOT_IN_KNOWLEDGE_BASE';
    const nothing = await ask('What does the accessibility checker look for?');
    expect(nothing.content.response.answer.split('\n\n')[0]).toMatch(/document inspector|potential problem/);
  });

  it('does not call the model when the knowledge base has nothing on the question', async () => {
    const before = received.length;
    await ask('Which volcano erupted in Iceland during 2010?');
    expect(received.length).toBe(before);
  });
});

describe('questions in another language', () => {
  it('are translated by the model, recorded as a translation event, and answered from English passages', async () => {
    status = 200;
    completion = 'NOT_IN_KNOWLEDGE_BASE';
    const answer = await ask('एक्सेसिबिलिटी चेकर किन चीज़ों की तलाश करता है? कृपया विस्तार से बताइए।');
    // Without the translation the Hindi words find nothing in this English document.
    expect(answer.content.response.answer).toContain('[Accessibility Checker In Office 2010](/files/');
    const [row] = await t.server.database.db
      .select()
      .from(questions)
      .where(eq(questions.id, answer.content.questionId!));
    expect(row!.language).toBe('hi');
    expect(row!.history.map((e) => e.type)).toEqual([
      'detect-language-query',
      'detected-language',
      'translation',
      'query-response',
    ]);
    expect(row!.history[2]?.text).toBe(translation);
  });
});
