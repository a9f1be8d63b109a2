import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The Graph API version path the fake serves under (WHATSAPP_GRAPH_URL = url + this). */
export const GRAPH_VERSION = '/v24.0';
export const ACCESS_TOKEN = 'EAAG-test-access-token';

/** One request the fake received. */
export interface GraphRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The parsed JSON body (messages), or null. */
  json: Record<string, unknown> | null;
  /** A media upload's fields and file, or null. */
  upload: { type: string | null; file: { name: string; type: string; bytes: Uint8Array } | null } | null;
  /** The status the fake answered. */
  status: number;
}

/** An outgoing message the fake accepted (a POST …/messages that is not a read receipt). */
export interface SentMessage {
  to: string;
  type: string;
  text?: { body: string; preview_url?: boolean };
  audio?: { id: string };
}

interface Failure {
  status: number;
  times: number;
  retryAfter?: string;
  when: (request: GraphRequest) => boolean;
}

/**
 * A local server speaking the WhatsApp Business Cloud API endpoints DISH calls, on 127.0.0.1:
 * POST /{phone-number-id}/messages (texts, audio, read receipts), GET /{media-id} (the media's
 * address), GET that address (the bytes, bearer token required), POST /{phone-number-id}/media
 * (multipart upload). It records every request and can be told to answer 429 or 500.
 */
export async function startGraphApi(phoneNumberId: string) {
  const requests: GraphRequest[] = [];
  const media = new Map<string, { bytes: Uint8Array; mimeType: string }>();
  const uploads = new Map<string, { type: string; bytes: Uint8Array }>();
  const failures: Failure[] = [];
  let counter = 0;
  let base = '';

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', base);
    const contentType = req.headers['content-type'] ?? '';
    const record: GraphRequest = {
      method: req.method ?? '',
      path: url.pathname,
      authorization: req.headers.authorization,
      json: contentType.startsWith('application/json')
        ? (JSON.parse(body.toString()) as Record<string, unknown>)
        : null,
      upload: null,
      status: 200,
    };
    if (contentType.startsWith('multipart/form-data')) {
      const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
      const file = form.get('file');
      record.upload = {
        type: form.get('type') as string | null,
        file:
          file instanceof File
            ? { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) }
            : null,
      };
    }
    requests.push(record);
    const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(json));
    };

    if (record.authorization !== `Bearer ${ACCESS_TOKEN}`)
      return answer(401, { error: { message: 'Invalid OAuth access token.', code: 190 } });
    const failure = failures.find((f) => f.times > 0 && f.when(record));
    if (failure) {
      failure.times--;
      return answer(
        failure.status,
        {
          error: { message: failure.status === 429 ? 'Rate limit hit' : 'Service unavailable', code: 131000 },
        },
        failure.retryAfter !== undefined ? { 'retry-after': failure.retryAfter } : {},
      );
    }

    const messagesPath = `${GRAPH_VERSION}/${phoneNumberId}/messages`;
    const mediaPath = `${GRAPH_VERSION}/${phoneNumberId}/media`;
    if (req.method === 'POST' && url.pathname === messagesPath) {
      const json = record.json ?? {};
      if (json.messaging_product !== 'whatsapp') return answer(400, { error: { message: 'bad product' } });
      if (json.status === 'read') return answer(200, { success: true });
      return answer(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: json.to, wa_id: json.to }],
        messages: [{ id: `wamid.out.${++counter}` }],
      });
    }
    if (req.method === 'POST' && url.pathname === mediaPath) {
      const file = record.upload?.file;
      if (!file || !record.upload?.type) return answer(400, { error: { message: 'file and type required' } });
      const id = `${900_000 + ++counter}`;
      uploads.set(id, { type: record.upload.type, bytes: file.bytes });
      return answer(200, { id });
    }
    const download = /^\/media-bytes\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && download) {
      const item = media.get(download[1]!);
      if (!item) return answer(404, { error: { message: 'no such media' } });
      record.status = 200;
      res.writeHead(200, { 'content-type': item.mimeType, 'content-length': String(item.bytes.length) });
      res.end(Buffer.from(item.bytes));
      return;
    }
    const info = new RegExp(`^${GRAPH_VERSION}/([^/]+)$`).exec(url.pathname);
    if (req.method === 'GET' && info) {
      const item = media.get(info[1]!);
      if (!item) return answer(404, { error: { message: 'Unsupported get request.', code: 100 } });
      return answer(200, {
        messaging_product: 'whatsapp',
        // Meta's media addresses carry a signed query string; the client must send the token anyway.
        url: `${base}/media-bytes/${info[1]}?ext=1&hash=signed`,
        mime_type: item.mimeType,
        file_size: item.bytes.length,
        id: info[1],
      });
    }
    return answer(404, { error: { message: `no route ${req.method} ${url.pathname}` } });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    /** What DISH's WHATSAPP_GRAPH_URL is set to. */
    graphUrl: base + GRAPH_VERSION,
    requests,
    uploads,
    /** Serves a media file under an id, as WhatsApp holds what users send. */
    addMedia(id: string, bytes: Uint8Array, mimeType: string) {
      media.set(id, { bytes, mimeType });
    },
    /** Answers the next `times` requests that match with this status (and Retry-After, if given). */
    fail(failure: Failure) {
      failures.push(failure);
    },
    /** The messages sent to one recipient (read receipts left out), in order. */
    sentTo(to: string): SentMessage[] {
      return requests
        .filter((r) => r.status === 200 && r.path.endsWith('/messages') && r.json?.to === to)
        .map((r) => r.json as unknown as SentMessage);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type GraphApi = Awaited<ReturnType<typeof startGraphApi>>;
