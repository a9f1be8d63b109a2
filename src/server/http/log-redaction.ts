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

/** pino serializers of the server's logger: every `err` logged anywhere goes through redactError. */
export const logSerializers = { err: redactError };
