import { callPath, type Answer, type CallInput, type JsonRoute } from '../../shared/api/contract';
import type { ErrorBody } from '../../shared/auth/schemas';
import type { z } from 'zod';

/** A failed call: `message` is the server's sentence, fit to show (SPEC §7 common rules). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }

  /** No answer at all: the server or the network is down. */
  get offline(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'DISH cannot be reached right now. Please check your connection and try again.';

type Listener = (reachable: boolean) => void;
const listeners = new Set<Listener>();

/** Lets the app learn whether the server answered the last call, without each caller reporting it. */
export function onReachability(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  data?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the backend with cookies, reads JSON, and raises ApiError on any non-OK answer. The answer
 * is unknown until a schema has read it: `call` does that for every call of the route table.
 */
export async function apiRequest(
  path: string,
  { method = 'GET', data, signal }: RequestOptions = {},
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (data instanceof FormData) body = data;
  else if (data !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(data);
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, credentials: 'include', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    listeners.forEach((l) => l(false));
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  // A service worker answering for a stopped server reports 503 with no JSON; that is being offline too.
  const reachable =
    response.status !== 503 || response.headers.get('content-type')?.includes('json') === true;
  listeners.forEach((l) => l(reachable));
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const message = (json as Partial<ErrorBody> | undefined)?.message;
    throw new ApiError(
      typeof message === 'string' && message ? message : NETWORK_ERROR_MESSAGE,
      reachable ? response.status : 0,
    );
  }
  // An OK answer that is not JSON (an HTML fallback page, say) is not what was asked for.
  if (json === undefined && text) throw new ApiError(NETWORK_ERROR_MESSAGE, response.status);
  return json;
}

interface CallOptions {
  signal?: AbortSignal;
}

/** A call's input when it needs one; calls that take nothing may be made with none. */
type CallArgs<D> =
  object extends CallInput<D> ? [input?: CallInput<D> & CallOptions] : [input: CallInput<D> & CallOptions];

/**
 * Makes a JSON call of the route table (src/shared/api/routes.ts) and returns its answer parsed
 * by the route's response schema, so a screen gets what the contract says or an error, never a
 * guess. A POST or PUT that takes nothing sends `{}`, as the server's JSON parser expects.
 */
export async function call<D extends JsonRoute>(def: D, ...[input]: CallArgs<D>): Promise<Answer<D>> {
  const { body, params, query, signal } = (input ?? {}) as {
    body?: unknown;
    params?: unknown;
    query?: unknown;
    signal?: AbortSignal;
  };
  const data = body ?? (def.method === 'POST' || def.method === 'PUT' ? {} : undefined);
  const answer = await apiRequest(callPath(def, params, query), { method: def.method, data, signal });
  return parseAnswer<D['response']>(def.response, answer);
}

/** An answer read by its schema; one the contract does not describe is as useless as none. */
export function parseAnswer<S extends z.ZodType>(schema: S, answer: unknown): z.output<S> {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new ApiError(NETWORK_ERROR_MESSAGE, 500);
  return parsed.data;
}
