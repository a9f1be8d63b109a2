/**
 * Issue 13, WhatsApp: the webhook over real HTTP, signed as Meta signs, answered through a local
 * server speaking the Graph API (tests/support/graph-api.ts), against a real database, the real
 * sentence-embedding model and the real Whisper of ../shared/models.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { whatsAppChannelOf } from '../../../src/server/channels/whatsapp/routes';
import { signatureFor } from '../../../src/server/channels/whatsapp/signature';
import { noteMessages } from '../../../src/server/channels/whatsapp/voice-note';
import { questions, users, whatsappMessages } from '../../../src/server/db/schema';
import { ASKS_PER_MINUTE, askRefusals } from '../../../src/server/answering/asking';
import { voiceMessages } from '../../../src/server/voice/errors';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { ACCESS_TOKEN, startGraphApi, type GraphApi } from '../../support/graph-api';
import type { Client } from '../../support/http';
import { material, PLUMBING_MODEL_ENV, sharedPath } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';
import {
  fixture,
  newSender,
  PHONE_NUMBER_ID,
  SECRET,
  textFrom,
  VERIFY_TOKEN,
  whatsAppEnv,
} from '../../support/whatsapp';

const SIGNED_BODY = material('whatsapp', 'signed_webhook_body.json');
const SIGNED_HEADER = /X-Hub-Signature-256: (\S+)/.exec(
  readFileSync(sharedPath('material', 'whatsapp', 'signed_webhook_headers.txt'), 'utf8'),
)![1]!;

let graph: GraphApi;
let t: TestServer;
let root: Client;

beforeAll(async () => {
  graph = await startGraphApi(PHONE_NUMBER_ID);
  t = await startTestServer({
    ...SUPER_ENV,
    INGEST_INTERVAL: '0',
    ...whatsAppEnv(graph.graphUrl),
  });
  root = await signInSuper(t);
  // One real document, ingested as the answering tests do: its known fact answers the text question.
  const source = await addSource(root, 'WhatsApp documents');
  const name = 'daisy_Accessibility_demofile.docx';
  const added = await root.post(
    '/admin/add_data',
    form({ queryingApp: 'dish', source, project: 'dish', location: 'Worldwide', data_type: 'doc' }, [
      { name, bytes: material('documents', 'docx', name) },
    ]),
  );
  expect(added.status).toBe(201);
  while ((await t.server.worker.runNow()) > 0) {
    /* until the queue is empty */
  }
}, 120_000);
afterAll(async () => {
  await t?.stop();
  await graph?.stop();
});

async function post(
  body: string | Uint8Array,
  signature: string | null = signatureFor(body, SECRET),
  server = t.url,
) {
  const response = await fetch(`${server}/channels/whatsapp/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-hub-signature-256': signature } : {}),
    },
    body: typeof body === 'string' ? body : Buffer.from(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Posts a delivery signed with the app secret and waits until the channel has handled it. */
async function deliver(delivery: unknown): Promise<void> {
  expect((await post(JSON.stringify(delivery))).status).toBe(200);
  await whatsAppChannelOf(t.server.app)!.idle();
}

const texts = (to: string) =>
  graph
    .sentTo(to)
    .filter((m) => m.type === 'text')
    .map((m) => m.text!.body);

async function questionsOf(waId: string) {
  const [user] = await t.server.database.db.select().from(users).where(eq(users.whatsappId, waId));
  if (!user) return [];
  return t.server.database.db.select().from(questions).where(eq(questions.userId, user.id));
}

describe('GET /channels/whatsapp/webhook: Meta’s verification', () => {
  const verify = (query: string) => fetch(`${t.url}/channels/whatsapp/webhook?${query}`);

  it('answers the challenge as plain text when the token is right', async () => {
    const res = await verify(
      `hub.mode=subscribe&hub.verify_token=${encodeURIComponent(VERIFY_TOKEN)}&hub.challenge=1158201444`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('1158201444');
  });

  it('refuses a wrong token, or no mode, with 403', async () => {
    expect((await verify('hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444')).status).toBe(
      403,
    );
    expect(
      (await verify(`hub.verify_token=${encodeURIComponent(VERIFY_TOKEN)}&hub.challenge=1`)).status,
    ).toBe(403);
  });
});

describe('POST /channels/whatsapp/webhook: signatures', () => {
  it('refuses one changed byte and a missing header with 401, processing nothing; the real delivery passes', async () => {
    const tampered = Uint8Array.from(SIGNED_BODY);
    const at = Buffer.from(tampered).indexOf('Hey');
    tampered[at] = 'h'.charCodeAt(0);
    expect((await post(tampered, SIGNED_HEADER)).status).toBe(401);
    expect((await post(SIGNED_BODY, null)).status).toBe(401);
    await whatsAppChannelOf(t.server.app)!.idle();
    expect(graph.sentTo('972544401243')).toEqual([]);
    expect(await questionsOf('972544401243')).toEqual([]);

    // Exactly the bytes Meta signed, with the header Meta sent.
    expect((await post(SIGNED_BODY, SIGNED_HEADER)).status).toBe(200);
    await whatsAppChannelOf(t.server.app)!.idle();
    expect(texts('972544401243')).toHaveLength(1);
    const [user] = await t.server.database.db
      .select()
      .from(users)
      .where(eq(users.whatsappId, '972544401243'));
    expect(user).toMatchObject({ name: 'PyWa Tests', isAdmin: false, isActive: true, registeredVia: 'dish' });
  });
});

describe('answers', () => {
  it('answers a text question through the Graph API with the document’s fact, and marks it read', async () => {
    const from = newSender();
    const delivery = textFrom(from, 'What kind of things does the Office accessibility checker look for?');
    await deliver(delivery);
    const [body, ...more] = texts(from);
    expect(more).toEqual([]);
    expect(body).toMatch(/potential problem for people with disabilities/);
    // WhatsApp's marks, not markdown.
    expect(body).not.toMatch(/\*\*|\]\(/);
    const messageId = String(delivery.entry[0]!.changes[0]!.value.messages![0]!.id);
    expect(graph.requests.some((r) => r.json?.status === 'read' && r.json.message_id === messageId)).toBe(
      true,
    );
    expect(graph.requests.every((r) => r.authorization === `Bearer ${ACCESS_TOKEN}`)).toBe(true);

    const [question] = await questionsOf(from);
    expect(question).toMatchObject({
      sourceMode: 'wa',
      project: 'dish',
      status: 'answered',
      event: 'question-text',
    });
    expect(question!.history.map((e) => e.type)).toEqual([
      'detect-language-query',
      'detected-language',
      'query-response',
    ]);
    const [taken] = await t.server.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.messageId, messageId));
    expect(taken?.questionId).toBe(question!.id);
  });

  it('answers a voice note (the real Opus file, the real Whisper) with text and a spoken answer', async () => {
    const from = newSender();
    graph.addMedia(
      '1234567890987654321',
      new Uint8Array(readFileSync(sharedPath('audio', 'jfk_mono_24k.opus.ogg'))),
      'audio/ogg',
    );
    await deliver(fixture('message_voice.json', from));
    const sent = graph.sentTo(from);
    expect(sent.map((m) => m.type)).toEqual(['text', 'audio']);
    expect(sent[0]!.text!.body).toMatch(/^You asked: _.*ask not what your country can do for you/i);
    const upload = graph.uploads.get(sent[1]!.audio!.id);
    expect(upload?.type).toBe('audio/mpeg');
    // An MP3 of some length: an ID3 tag or a frame sync at the start.
    expect(upload!.bytes.length).toBeGreaterThan(5_000);
    expect(
      upload!.bytes[0] === 0x49 || (upload!.bytes[0] === 0xff && (upload!.bytes[1]! & 0xe0) === 0xe0),
    ).toBe(true);

    const [question] = await questionsOf(from);
    expect(question).toMatchObject({ sourceMode: 'wa', event: 'question-voice', status: 'answered' });
    expect(question!.history[0]).toMatchObject({ type: 'voice-query' });
    expect(question!.history[0]!.text).toMatch(/ask not what your country/i);
  }, 60_000);

  it('says what it understands to an image, once', async () => {
    const from = newSender();
    await deliver(fixture('message_image.json', from));
    expect(texts(from)).toEqual([expect.stringMatching(/text or as voice notes/)]);
    expect(await questionsOf(from)).toEqual([]);
  });
});

describe('what is not answered', () => {
  it('statuses (sent, delivered, read, failed) and reactions', async () => {
    const from = newSender();
    for (const name of [
      'status_sent.json',
      'status_delivered.json',
      'status_read.json',
      'status_failed.json',
    ])
      await deliver(fixture(name, from));
    await deliver(fixture('message_reaction.json', from));
    expect(graph.sentTo(from)).toEqual([]);
    expect(await questionsOf(from)).toEqual([]);
  });

  it('the same delivery twice, even at once, is answered once', async () => {
    const from = newSender();
    const body = JSON.stringify(textFrom(from, 'What does the accessibility checker do?'));
    const statuses = await Promise.all([post(body), post(body)]);
    expect(statuses.map((s) => s.status)).toEqual([200, 200]);
    await whatsAppChannelOf(t.server.app)!.idle();
    expect((await post(body)).status).toBe(200);
    await whatsAppChannelOf(t.server.app)!.idle();
    expect(texts(from)).toHaveLength(1);
    expect(await questionsOf(from)).toHaveLength(1);
  });

  it('a blocked user', async () => {
    const from = newSender();
    await deliver(textFrom(from, 'hello'));
    expect(texts(from)).toHaveLength(1);
    const [user] = await t.server.database.db.select().from(users).where(eq(users.whatsappId, from));
    const blocked = await root.post('/admin/block_user', {
      queryingApp: 'dish',
      userId: user!.id,
      block: true,
    });
    expect(blocked.status).toBe(200);
    await deliver(textFrom(from, 'What does the accessibility checker do?'));
    expect(texts(from)).toHaveLength(1);
    expect(await questionsOf(from)).toHaveLength(1);
  });
});

describe('the per-user limit', () => {
  it('a sender past 20 questions in a minute is asked to wait (once), and the question is not answered', async () => {
    const from = newSender();
    // The limit is the chat's, counted by the ask command for the person on every channel.
    for (let i = 0; i < ASKS_PER_MINUTE; i++) await deliver(textFrom(from, 'hello'));
    await deliver(textFrom(from, 'What does the accessibility checker do?'));
    expect(texts(from).at(-1)).toBe(askRefusals.tooMany);
    expect(await questionsOf(from)).toHaveLength(20);
    // Told once: more messages within the minute get no more replies.
    const told = texts(from).length;
    await deliver(textFrom(from, 'And what else does it check?'));
    expect(texts(from)).toHaveLength(told);
  });
});

describe('the Graph API failing', () => {
  it('429, then success: the answer is sent again and arrives once', async () => {
    const from = newSender();
    graph.fail({
      status: 429,
      times: 1,
      retryAfter: '0',
      when: (r) => r.json?.to === from && r.json.type === 'text',
    });
    await deliver(textFrom(from, 'What kind of things does the Office accessibility checker look for?'));
    const tries = graph.requests.filter((r) => r.json?.to === from && r.json.type === 'text');
    expect(tries.map((r) => r.status)).toEqual([429, 200]);
    expect(texts(from)[0]).toMatch(/potential problem for people with disabilities/);
    const [question] = await questionsOf(from);
    expect(question!.status).toBe('answered');
  });

  it('a send that keeps failing leaves an error event on the question', async () => {
    const from = newSender();
    graph.fail({
      status: 500,
      times: 50,
      retryAfter: '0',
      when: (r) => r.json?.to === from && r.json.type === 'text',
    });
    await deliver(textFrom(from, 'What kind of things does the Office accessibility checker look for?'));
    const tries = graph.requests.filter((r) => r.json?.to === from && r.json.type === 'text');
    expect(tries.length).toBe(5);
    expect(tries.every((r) => r.status === 500)).toBe(true);
    const [question] = await questionsOf(from);
    expect(question!.status).toBe('failed');
    expect(question!.history.at(-1)).toMatchObject({
      type: 'error',
      message: 'The answer could not be sent on WhatsApp.',
    });
    expect(question!.history.at(-1)!.error).toMatch(/answered 500/);
  });
});

describe('the admin', () => {
  it('sees the WhatsApp question in get_questions with sourceMode wa, and its sender in get_users', async () => {
    const from = newSender();
    await deliver(textFrom(from, 'Which problems does the accessibility checker find?'));
    const listed = await root.post('/admin/get_questions', {
      queryingApp: 'dish',
      search: 'source_mode: wa',
      queryOptions: { limit: 50, skip: 0 },
    });
    expect(listed.status).toBe(200);
    const rows = listed.body.data as { query: string; sourceMode: string; history: { type: string }[] }[];
    const row = rows.find((q) => q.query === 'Which problems does the accessibility checker find?');
    expect(row).toMatchObject({ sourceMode: 'wa' });
    expect(row!.history.map((e) => e.type)).toContain('query-response');
    expect(rows.every((q) => q.sourceMode === 'wa')).toBe(true);

    const people = await root.post('/admin/get_users', {
      queryingApp: 'dish',
      search: `whatsapp_id: ${from}`,
      queryOptions: { limit: 10, skip: 0 },
    });
    expect((people.body.data as { whatsappId: string }[]).map((u) => u.whatsappId.slice(-3))).toEqual([
      from.slice(-3),
    ]);
  });
});

describe('the Chat with us link', () => {
  it('is null without WHATSAPP_DISPLAY_NUMBER', async () => {
    const res = await fetch(`${t.url}/channels/whatsapp/contact`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ chatUrl: null });
  });
});

describe('signed deliveries of any shape (fast-check)', () => {
  const RUNS = Number(process.env.FUZZ_RUNS ?? 15);

  it('any signed JSON is 200 or 400, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const res = await post(JSON.stringify(value));
        expect([200, 400]).toContain(res.status);
      }),
      { numRuns: RUNS * 2 },
    );
    const broken = await post('{"object": "whatsapp_business_account", "entry": [');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/not JSON/);
  });

  it('envelopes of odd messages are taken without a failure, and the server still answers', async () => {
    const text = fc.string({ maxLength: 40, unit: 'binary' });
    const message = fc.record(
      {
        from: fc.oneof(fc.constant(newSender()), text),
        id: fc.oneof(
          fc.uuid().map((u) => `wamid.fuzz.${u}`),
          text,
        ),
        type: fc.constantFrom('text', 'audio', 'image', 'reaction', 'sticker', 'unsupported', 'interactive'),
        text: fc.record({ body: text }),
        audio: fc.record({ id: text, mime_type: text, voice: fc.boolean() }),
        reaction: fc.record({ message_id: text, emoji: text }),
      },
      { requiredKeys: ['type'] },
    );
    // A message whose handling threw is logged as 'whatsapp: message failed': there must be none.
    const errors = vi.spyOn(t.server.app.log, 'error');
    await fc.assert(
      fc.asyncProperty(
        fc.array(message, { maxLength: 3 }),
        fc.array(fc.record({ id: text, status: text }), { maxLength: 2 }),
        async (messages, statuses) => {
          const delivery = {
            object: 'whatsapp_business_account',
            entry: [
              {
                id: '1',
                changes: [
                  {
                    field: 'messages',
                    value: { metadata: { phone_number_id: PHONE_NUMBER_ID }, messages, statuses },
                  },
                ],
              },
            ],
          };
          expect((await post(JSON.stringify(delivery))).status).toBe(200);
          await whatsAppChannelOf(t.server.app)!.idle();
        },
      ),
      { numRuns: RUNS },
    );
    const failures = errors.mock.calls.filter((call) => call.includes('whatsapp: message failed'));
    errors.mockRestore();
    expect(failures).toEqual([]);
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
  }, 60_000);
});

describe('servers set up otherwise', () => {
  // Started side by side: one without WhatsApp settings, one with WhatsApp but no speech recognition.
  let plain: TestServer;
  let deaf: TestServer;
  beforeAll(async () => {
    [plain, deaf] = await Promise.all([
      startTestServer({ ...PLUMBING_MODEL_ENV, WHATSAPP_DISPLAY_NUMBER: '+1 (555) 095-3877' }),
      startTestServer({
        ...PLUMBING_MODEL_ENV,
        WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
        WHATSAPP_APP_SECRET: SECRET,
        WHATSAPP_ACCESS_TOKEN: ACCESS_TOKEN,
        WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
        WHATSAPP_GRAPH_URL: graph.graphUrl,
      }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([plain?.stop(), deaf?.stop()]);
  });

  it('without WhatsApp settings: 404 on both webhook routes, and the display number’s wa.me link', async () => {
    const get = await fetch(
      `${plain.url}/channels/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`,
    );
    expect(get.status).toBe(404);
    const res = await post(SIGNED_BODY, SIGNED_HEADER, plain.url);
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/not set up/);
    const contact = await fetch(`${plain.url}/channels/whatsapp/contact`);
    expect(await contact.json()).toEqual({ chatUrl: 'https://wa.me/15550953877' });
  });

  it('without speech recognition: a voice note is recorded as failed with the reason, and the sender told to type', async () => {
    const from = newSender();
    graph.addMedia(
      '1234567890987654321',
      readFileSync(sharedPath('audio', 'jfk_mono_24k.opus.ogg')),
      'audio/ogg',
    );
    const body = JSON.stringify(fixture('message_voice.json', from));
    expect((await post(body, signatureFor(body, SECRET), deaf.url)).status).toBe(200);
    await whatsAppChannelOf(deaf.server.app)!.idle();
    expect(texts(from)).toEqual([noteMessages.notAvailable]);
    const [question] = await deaf.server.database.db.select().from(questions);
    expect(question).toMatchObject({ sourceMode: 'wa', event: 'question-voice', status: 'failed' });
    expect(question!.history.at(-1)).toMatchObject({ type: 'error', message: voiceMessages.notAvailable });
  });
});
