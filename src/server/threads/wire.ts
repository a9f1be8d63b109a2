/**
 * What crosses between a worker thread that serves methods (serve.ts) and the server's thread that
 * calls them (rpc.ts). Both sides import these types only, so a thread's bundle carries nothing of
 * the server's side.
 */

/** An object of methods a thread serves: each takes and gives values structured clone can copy. */
export type Methods<Api> = { [K in keyof Api]: (...args: never[]) => unknown };

/** What a thread may tell its parent besides answers (a download's progress, a log line), by name. */
export type EventMap = Record<string, unknown>;

/** A field of an error that crosses threads as it is. */
export type ErrorField = string | number | boolean | bigint | null;

/**
 * A thrown error as it crosses threads. Structured clone keeps an Error's message but not its
 * class, nor a custom `name` or own fields such as PostgreSQL's `code` and `constraint`, which
 * callers read: they are sent here as plain data.
 */
export interface RemoteError {
  name: string;
  message: string;
  fields: Record<string, ErrorField>;
}

/** The parent asks: call `method` with `args`; the answer carries the same `id`. */
export interface CallMessage {
  id: number;
  method: string;
  args: unknown[];
}

/**
 * The parent asks the thread to end itself: it does so between two pieces of its work, where no
 * native call (a model's run) is under way.
 */
export interface EndMessage {
  end: true;
}

/** The thread tells: it is ready (or could not be), an event, or the answer to one call. */
export type ThreadMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: RemoteError }
  | { kind: 'event'; name: string; data: unknown }
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: RemoteError };
