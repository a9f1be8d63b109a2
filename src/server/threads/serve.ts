/**
 * The thread's side of a worker thread the server calls (rpc.ts has the server's side): the
 * thread's module hands `expose` the methods it serves, or a promise of them while it loads a
 * model or opens a database. Each call is answered with its result or its error, in the order
 * its work settles; a thread serves calls concurrently unless its methods queue themselves.
 */
import { parentPort, type TransferListItem } from 'node:worker_threads';
import type {
  CallMessage,
  EndMessage,
  ErrorField,
  EventMap,
  Methods,
  RemoteError,
  ThreadMessage,
} from './wire';

export interface ExposeOptions {
  /**
   * The fields an error crosses with, given those `describeError` found on it: to add what only
   * an `instanceof` here can tell, or to leave out what the server must not get (a statement's
   * text).
   */
  errorFields?: (error: unknown, fields: Record<string, ErrorField>) => Record<string, ErrorField>;
}

/** Results marked by `transfer`, with the buffers that move with them. */
const transfers = new WeakMap<object, readonly TransferListItem[]>();

/**
 * Marks a method's result (or an event's data) to move `list` to the parent rather than copy it:
 * the buffers are unusable here after. Returns `value` itself.
 */
export function transfer<T extends object>(value: T, list: readonly TransferListItem[]): T {
  transfers.set(value, list);
  return value;
}

function port() {
  if (!parentPort) throw new Error('This module runs only as a worker thread (see threads/rpc.ts).');
  return parentPort;
}

function post(message: ThreadMessage, payload?: unknown): void {
  const list = payload !== null && typeof payload === 'object' ? transfers.get(payload) : undefined;
  port().postMessage(message, list ? [...list] : undefined);
}

/** Own fields that are not the error's fields: they cross as `name` and `message`, or not at all. */
const NOT_FIELDS = new Set(['name', 'message', 'stack']);

/** A thrown value as plain data: its name, message and own enumerable fields of plain values. */
export function describeError(error: unknown, options: ExposeOptions = {}): RemoteError {
  const fields: Record<string, ErrorField> = {};
  if (error !== null && typeof error === 'object')
    for (const [key, value] of Object.entries(error))
      if (!NOT_FIELDS.has(key) && isField(value)) fields[key] = value;
  return {
    name: error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
    fields: options.errorFields ? options.errorFields(error, fields) : fields,
  };
}

// Objects may not be cloneable (a socket, a function), and none the wrappers read is one.
const isField = (value: unknown): value is ErrorField =>
  value === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof value);

/**
 * Serves `api` to the parent thread. A promise of it is waited for: calls sent meanwhile are
 * answered once it is there, and if it rejects the parent is told (and ends this thread).
 */
export function expose<Api extends Methods<Api>>(api: Api | Promise<Api>, options: ExposeOptions = {}): void {
  let served: Api | undefined;
  const queued: CallMessage[] = [];
  port().on('message', (call: CallMessage | EndMessage) => {
    // Between two pieces of work, so no native call is cut off (rpc.ts, ThreadClient.close).
    if ('end' in call) return process.exit(0);
    if (served) answer(served, call, options);
    else queued.push(call);
  });
  Promise.resolve(api).then(
    (ready) => {
      served = ready;
      post({ kind: 'ready' });
      for (const call of queued.splice(0)) answer(ready, call, options);
    },
    (error: unknown) => post({ kind: 'failed', error: describeError(error, options) }),
  );
}

function answer<Api extends Methods<Api>>(
  api: Api,
  { id, method, args }: CallMessage,
  options: ExposeOptions,
) {
  // Called at once, in the order the calls came (PGlite runs statements in the order it is
  // given them); through a promise, so that a method that throws fails its call, not the thread.
  new Promise<unknown>((resolve) => {
    const fn: unknown = Object.hasOwn(api, method) ? api[method as keyof Api] : undefined;
    if (typeof fn !== 'function') throw new Error(`The thread serves no method "${method}".`);
    resolve((fn as (...a: unknown[]) => unknown).apply(api, args));
  })
    .then((value) => post({ kind: 'result', id, value }, value))
    // Also a result that cannot be cloned.
    .catch((error: unknown) => post({ kind: 'error', id, error: describeError(error, options) }));
}

/** How a thread tells its parent an event (typed by `Events`) besides the answers to its calls. */
export function emitter<Events extends EventMap>() {
  return <K extends keyof Events & string>(name: K, data: Events[K]): void =>
    post({ kind: 'event', name, data }, data);
}
