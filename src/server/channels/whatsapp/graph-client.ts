import { z } from 'zod';

export interface GraphSettings {
  /** The Graph API's versioned base address (WHATSAPP_GRAPH_URL). */
  baseUrl: string;
  accessToken: string;
  phoneNumberId: string;
  /** Tries after the first, for 429, 5xx and network failures. */
  retries?: number;
  /** The first wait; it doubles each try (with jitter) up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A Graph API call that failed for good: the last status (null when no answer came) and body. */
export class GraphError extends Error {
  override name = 'GraphError';
  /** How long the API asked us to wait (its Retry-After), when it said. */
  retryAfterMs: number | undefined;

  constructor(
    message: string,
    readonly status: number | null,
    readonly body = '',
  ) {
    super(message);
  }
}

/** WhatsApp takes media up to 16 MB; anything larger is refused before it is read whole. */
export const MAX_MEDIA_BYTES = 16 * 1024 * 1024;

const sent = z.looseObject({ messages: z.array(z.looseObject({ id: z.string() })).min(1) });
const mediaInfo = z.looseObject({ url: z.string().url(), mime_type: z.string().optional() });
const uploaded = z.looseObject({ id: z.string().min(1) });

/**
 * The few Graph API calls the channel makes, each with the bearer token. Meta answers 429 when a
 * number sends too fast and 5xx when it is having trouble; both pass, so those (and lost
 * connections) are tried again after a growing wait, or after the Retry-After it asks for.
 * Anything else (a 400 for a bad number, a 401 for a revoked token) fails at once: trying again
 * would not change it.
 */
export class GraphClient {
  private readonly base: string;
  private readonly doFetch: typeof fetch;

  constructor(private readonly settings: GraphSettings) {
    this.base = settings.baseUrl.replace(/\/+$/, '');
    this.doFetch = settings.fetch ?? fetch;
  }

  /** Sends a text message; resolves with its WhatsApp message id. */
  async sendText(to: string, body: string, previewUrl: boolean): Promise<string> {
    return this.sendMessage({ to, type: 'text', text: { body, preview_url: previewUrl } });
  }

  /** Sends an uploaded audio file (its media id) as an audio message. */
  async sendAudio(to: string, mediaId: string): Promise<string> {
    return this.sendMessage({ to, type: 'audio', audio: { id: mediaId } });
  }

  /** Marks an incoming message read: the sender sees two blue ticks while the answer is written. */
  async markRead(messageId: string): Promise<void> {
    await this.call('POST', `/${this.settings.phoneNumberId}/messages`, {
      json: { messaging_product: 'whatsapp', status: 'read', message_id: messageId },
    });
  }

  /** A media file sent to us: its address from the Graph API, then its bytes from there. */
  async fetchMedia(mediaId: string): Promise<{ bytes: Uint8Array; mimeType: string | null }> {
    const answer: unknown = await (
      await this.call('GET', `/${encodeURIComponent(mediaId)}`)
    )
      .json()
      .catch(() => null);
    const info = mediaInfo.safeParse(answer);
    if (!info.success) throw new GraphError(`media ${mediaId}: the answer has no url`, 200);
    // The token goes only where Meta keeps media (https), or to the Graph address itself.
    const where = new URL(info.data.url);
    if (where.protocol !== 'https:' && where.origin !== new URL(this.base).origin)
      throw new GraphError(`media ${mediaId}: refusing to send the token to ${where.origin}`, 200);
    const response = await this.call('GET', info.data.url, { absolute: true });
    const bytes = await readLimited(response, MAX_MEDIA_BYTES);
    return { bytes, mimeType: info.data.mime_type ?? response.headers.get('content-type') };
  }

  /** Uploads a file for us to send (multipart, as the API takes it); resolves with its media id. */
  async uploadMedia(bytes: Uint8Array, mimeType: string, fileName: string): Promise<string> {
    const form = () => {
      const data = new FormData();
      data.append('messaging_product', 'whatsapp');
      data.append('type', mimeType);
      data.append('file', new Blob([new Uint8Array(bytes)], { type: mimeType }), fileName);
      return data;
    };
    const response = await this.call('POST', `/${this.settings.phoneNumberId}/media`, { form });
    const body = uploaded.safeParse(await response.json());
    if (!body.success) throw new GraphError('media upload: the answer has no id', response.status);
    return body.data.id;
  }

  private async sendMessage(message: Record<string, unknown>): Promise<string> {
    const response = await this.call('POST', `/${this.settings.phoneNumberId}/messages`, {
      json: { messaging_product: 'whatsapp', recipient_type: 'individual', ...message },
    });
    const body = sent.safeParse(await response.json().catch(() => null));
    if (!body.success)
      throw new GraphError('message sent, but the answer has no message id', response.status);
    return body.data.messages[0]!.id;
  }

  /** One call, tried again on 429, 5xx and network failures; resolves with the 2xx response. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    options: { json?: unknown; form?: () => FormData; absolute?: boolean } = {},
  ): Promise<Response> {
    const url = options.absolute ? path : `${this.base}${path}`;
    const retries = this.settings.retries ?? 4;
    let last: GraphError | null = null;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(this.delay(attempt, last));
      let response: Response;
      try {
        response = await this.doFetch(url, {
          method,
          headers: {
            authorization: `Bearer ${this.settings.accessToken}`,
            ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          // A FormData body is made anew for each try: its stream is read by the first.
          ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
          ...(options.form ? { body: options.form() } : {}),
          signal: AbortSignal.timeout(this.settings.timeoutMs ?? 30_000),
        });
      } catch (error) {
        last = new GraphError(`${method} ${redact(url)}: ${(error as Error).message}`, null);
        continue;
      }
      if (response.ok) return response;
      const body = (await response.text().catch(() => '')).slice(0, 1000);
      last = new GraphError(`${method} ${redact(url)} answered ${response.status}`, response.status, body);
      last.retryAfterMs = retryAfter(response.headers.get('retry-after'));
      if (response.status !== 429 && response.status < 500) throw last;
    }
    throw last ?? new GraphError(`${method} ${redact(url)} failed`, null);
  }

  private delay(attempt: number, last: GraphError | null): number {
    const max = this.settings.maxDelayMs ?? 30_000;
    if (last?.retryAfterMs !== undefined) return Math.min(last.retryAfterMs, max);
    const grown = (this.settings.baseDelayMs ?? 1_000) * 2 ** (attempt - 1);
    // Half fixed, half random: processes retrying together do not all come back at once.
    return Math.min(max, grown / 2 + Math.random() * (grown / 2));
  }
}

/** Retry-After in seconds (or an HTTP date), as milliseconds; undefined when absent or unreadable. */
function retryAfter(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Media addresses carry a signed query string: the log gets the address without it. */
const redact = (url: string) => url.split('?')[0]!;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readLimited(response: Response, max: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > max) throw new GraphError(`media of ${declared} bytes is over the limit`, response.status);
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Fetch bodies are bytes; the type names them loosely.
  const reader = (response.body as ReadableStream<Uint8Array> | null)?.getReader();
  if (!reader) return new Uint8Array(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > max) {
      await reader.cancel();
      throw new GraphError(`media over ${max} bytes`, response.status);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
