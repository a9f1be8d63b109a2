import { stdSerializers, type SerializedError } from 'pino';

/**
 * Error logs must never carry the values a failed query was given: a failed insert of a project
 * would otherwise log its `api_key_hash`, a failed sign-in query a password hash (issue 12 item 8).
 * Drizzle puts the values in the error's message ("params: …") and in `params`; PostgreSQL
 * repeats a conflicting value in `detail` ("Key (col)=(value) already exists.").
 */
export function redactError(error: Error): SerializedError {
  return stdSerializers.err(withoutValues(error) as Error);
}

function withoutValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const source = error as Error & { params?: unknown; detail?: unknown; cause?: unknown };
  const hasParams = Array.isArray(source.params);
  if (!hasParams && typeof source.detail !== 'string' && !(source.cause instanceof Error)) return error;

  let message = source.message;
  if (hasParams) {
    const at = message.indexOf('\nparams: ');
    const count = (source.params as unknown[]).length;
    message = `${at >= 0 ? message.slice(0, at) : message}\nparams: [${count} values redacted]`;
  }
  const copy = new Error(message);
  copy.name = source.name;
  // The stack starts with the message; the rest of it (the frames) holds no values.
  copy.stack = source.stack?.replace(source.message, message);
  for (const key of Object.keys(source)) {
    if (key === 'params' || key === 'cause') continue;
    (copy as unknown as Record<string, unknown>)[key] = (source as unknown as Record<string, unknown>)[key];
  }
  if (typeof source.detail === 'string') {
    (copy as Error & { detail?: string }).detail = source.detail.replace(/\)=\(.*?\)( |$)/gs, ')=(…)$1');
  }
  if (source.cause !== undefined) copy.cause = withoutValues(source.cause, depth + 1);
  // Keep the type the log shows (DrizzleQueryError, DatabaseError…).
  Object.defineProperty(copy, 'constructor', { value: source.constructor, enumerable: false });
  return copy;
}

/**
 * Query parameters whose values are secrets (issue 31 item 5): Meta's webhook verification sends
 * the verify token as `hub.verify_token`, a partner may pass its API key in the URL. Their values
 * never reach a log; the rest of the URL does, so a request can still be told from another.
 */
export const SECRET_QUERY_PARAMETERS: readonly string[] = [
  'hub.verify_token',
  'api_key',
  'apikey',
  'key',
  'token',
  'access_token',
  'otp',
  'password',
];

export const REDACTED = '[redacted]';

const secretNames = new Set(SECRET_QUERY_PARAMETERS);

/** Whether a parameter's name, as the query parser would read it (`+`, `%2E`…), names a secret. */
function namesSecret(rawName: string): boolean {
  let name = rawName.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape is kept as it came; it is still compared.
  }
  return secretNames.has(name.trim().toLowerCase());
}

/** A request URL with the values of its secret-bearing query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq >= 0 && namesSecret(part.slice(0, eq)) ? `${part.slice(0, eq + 1)}${REDACTED}` : part;
    })
    .join('&');
  return url.slice(0, at + 1) + query;
}

/** What Fastify's own `req` serializer writes, with the URL's secrets redacted. */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * pino serializers of the server's logger: every `err` logged anywhere goes through redactError,
 * every request (Fastify's "incoming request") through redactUrl.
 */
export const logSerializers = { err: redactError, req: serializeRequest };
