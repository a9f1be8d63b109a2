import type { z } from 'zod';
import { QUERYING_APP } from '../../src/shared/constants';
import { callPath, type Answer, type CallInput, type JsonRoute } from '../../src/shared/api/contract';

/** A call's input when it needs one; calls that take nothing may be made with none. */
type CallArgs<D> = object extends CallInput<D> ? [input?: CallInput<D>] : [input: CallInput<D>];

const parseWith = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => schema.parse(value);

/** A tiny HTTP client with a cookie jar, speaking to the server as the browser does. */
export class Client {
  cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { accept: 'application/json', ...headers } };
    if (this.cookies.size) (init.headers as Record<string, string>).cookie = this.cookieHeader;
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await fetch(this.baseUrl + path, init);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (!name) continue;
      const value = rest.join('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    return {
      status: response.status,
      headers: response.headers,
      body: json as Record<string, unknown>,
      bytes,
    };
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body ?? {}, headers);
  }

  get(path: string) {
    return this.request('GET', path);
  }

  /** A call of the route table (src/shared/api), by its method and path; any status is returned. */
  call<D extends JsonRoute>(def: D, ...[input]: CallArgs<D>) {
    const { body, params, query } = (input ?? {}) as { body?: unknown; params?: unknown; query?: unknown };
    const data = body ?? (def.method === 'POST' || def.method === 'PUT' ? {} : undefined);
    return this.request(def.method, callPath(def, params, query), data);
  }

  /** A call of the route table that must succeed; its answer read by the route's response schema. */
  async answer<D extends JsonRoute>(def: D, ...args: CallArgs<D>): Promise<Answer<D>> {
    const res = await this.call(def, ...args);
    if (res.status !== (def.status ?? 200)) {
      throw new Error(`${def.method} ${def.path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
    return parseWith<D['response']>(def.response, res.body);
  }
}

let counter = 0;
/** A unique, valid registration body. */
export function newUser(overrides: { phone?: string | undefined; [key: string]: unknown } = {}) {
  counter += 1;
  const tag = `${process.pid}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `Test User ${counter}`,
    email: `user${tag}@example.org`,
    password: 'correct horse battery',
    isActive: true,
    isAdmin: false,
    registeredVia: QUERYING_APP,
    ...overrides,
  };
}

export function phoneNumber(): string {
  return String(6_000_000_000 + Math.floor(Math.random() * 3_999_999_999)).slice(0, 10);
}
