import type { ErrorBody } from '../../shared/auth/schemas';

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

/** Calls the backend with cookies, reads JSON, and raises ApiError on any non-OK answer. */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', data, signal }: RequestOptions = {},
): Promise<T> {
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
  return json as T;
}
