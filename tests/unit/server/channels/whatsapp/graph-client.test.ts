import { describe, expect, it } from 'vitest';
import { GraphClient, GraphError } from '../../../../../src/server/channels/whatsapp/graph-client';

/** A fetch that answers from a list, recording each call. */
function scripted(answers: (() => Response | Promise<Response>)[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: url instanceof Request ? url.url : url.toString(), init });
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    return next();
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const sent = () => Response.json({ messages: [{ id: 'wamid.out.1' }] });
const status =
  (code: number, headers: Record<string, string> = {}) =>
  () =>
    new Response('{"error":{"message":"nope"}}', { status: code, headers });

const client = (fetch: typeof globalThis.fetch, base = 'https://graph.example/v24.0') =>
  new GraphClient({ baseUrl: base, accessToken: 'tok', phoneNumberId: '42', baseDelayMs: 1, fetch });

describe('GraphClient retries', () => {
  it('tries again after 429 and 5xx, and after a lost connection, with the token each time', async () => {
    const { calls, fetch } = scripted([
      status(429),
      status(503),
      () => Promise.reject(new TypeError('fetch failed')),
      sent,
    ]);
    expect(await client(fetch).sendText('4477', 'hi', false)).toBe('wamid.out.1');
    expect(calls).toHaveLength(4);
    for (const call of calls) {
      expect(call.url).toBe('https://graph.example/v24.0/42/messages');
      expect((call.init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
    }
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '4477',
      type: 'text',
      text: { body: 'hi', preview_url: false },
    });
  });

  it('waits as long as Retry-After asks', async () => {
    const { fetch } = scripted([status(429, { 'retry-after': '0.2' }), sent]);
    const started = performance.now();
    await client(fetch).sendText('4477', 'hi', false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('gives up after 4 more tries with the last status and body', async () => {
    const { calls, fetch } = scripted(Array.from({ length: 5 }, () => status(500)));
    const error = await client(fetch)
      .sendText('4477', 'hi', false)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphError);
    expect(error).toMatchObject({ status: 500, body: '{"error":{"message":"nope"}}' });
    expect(calls).toHaveLength(5);
  });

  it('does not try again what would fail again (400, 401)', async () => {
    for (const code of [400, 401]) {
      const { calls, fetch } = scripted([status(code), sent]);
      await expect(client(fetch).sendText('4477', 'hi', false)).rejects.toMatchObject({ status: code });
      expect(calls).toHaveLength(1);
    }
  });
});

describe('GraphClient media', () => {
  it('fetches a media file from the address the API gives, with the token', async () => {
    const { calls, fetch } = scripted([
      () => Response.json({ url: 'https://lookaside.example/m?sig=1', mime_type: 'audio/ogg' }),
      () => new Response(new Uint8Array([79, 103, 103, 83])),
    ]);
    const media = await client(fetch).fetchMedia('123');
    expect(Array.from(media.bytes)).toEqual([79, 103, 103, 83]);
    expect(media.mimeType).toBe('audio/ogg');
    expect(calls.map((c) => c.url)).toEqual([
      'https://graph.example/v24.0/123',
      'https://lookaside.example/m?sig=1',
    ]);
    expect((calls[1]!.init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('never sends the token to a plain-http address elsewhere', async () => {
    const { calls, fetch } = scripted([() => Response.json({ url: 'http://elsewhere.example/m' })]);
    await expect(client(fetch).fetchMedia('123')).rejects.toThrow(/refusing to send the token/);
    expect(calls).toHaveLength(1);
  });

  it('uploads a file as multipart with its type, and answers its id', async () => {
    const { calls, fetch } = scripted([() => Response.json({ id: '777' })]);
    expect(await client(fetch).uploadMedia(new Uint8Array([1, 2, 3]), 'audio/mpeg', 'answer.mp3')).toBe(
      '777',
    );
    const form = calls[0]!.init?.body as FormData;
    expect(form.get('messaging_product')).toBe('whatsapp');
    expect(form.get('type')).toBe('audio/mpeg');
    expect((form.get('file') as File).size).toBe(3);
  });
});
