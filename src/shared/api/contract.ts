import type { z } from 'zod';

/**
 * The shape of the REST contract (CONVENTIONS 15): each call once, with its method, path and the
 * zod schemas of what travels. The server registers from these entries, the app and the tests call
 * by them, and the contract test compares them with what Fastify actually registered.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON call: a JSON body (or none) in, a JSON answer out, both described by zod. */
export interface JsonRoute {
  readonly kind: 'json';
  readonly method: Method;
  /** Fastify's pattern, `:name` for a path parameter. */
  readonly path: string;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  readonly response: z.ZodType;
  /** The success status when it is not 200 (a 201 for what a call creates). */
  readonly status?: 201;
}

/**
 * A call that is not JSON both ways; it is in the table so that no registered route is left out,
 * and its answer, where it is JSON, is still described.
 */
export interface RawRoute {
  readonly kind: 'multipart' | 'binary' | 'stream' | 'html' | 'document' | 'webhook';
  readonly body?: z.ZodType;
  readonly method: Method;
  readonly path: string;
  readonly response?: z.ZodType;
  readonly status?: 201;
  /** What it carries, since no schema says it. */
  readonly note: string;
}

export type RouteDef = JsonRoute | RawRoute;

/** Declares a JSON call, keeping its literal method, path and schema types for the typed client. */
export const json = <const D extends Omit<JsonRoute, 'kind'>>(def: D): D & { readonly kind: 'json' } => ({
  ...def,
  kind: 'json',
});

export const raw = <const D extends RawRoute>(def: D): D => def;

type Schema<D, K extends string> = D extends { readonly [P in K]: infer S extends z.ZodType } ? S : never;

/** What a caller sends: the body, query and params the route declares, typed as their schemas accept. */
export type CallInput<D> = ([Schema<D, 'body'>] extends [never]
  ? unknown
  : { body: z.input<Schema<D, 'body'>> }) &
  ([Schema<D, 'params'>] extends [never] ? unknown : { params: z.input<Schema<D, 'params'>> }) &
  ([Schema<D, 'query'>] extends [never] ? unknown : { query?: z.input<Schema<D, 'query'>> });

/** What a call answers, once its response schema has parsed it. */
export type Answer<D extends { readonly response?: z.ZodType }> = z.output<NonNullable<D['response']>>;
/** What a handler may return: what the response schema accepts. */
export type AnswerInput<D> = z.input<Schema<D, 'response'>>;
export type Body<D> = z.output<Schema<D, 'body'>>;
export type Params<D> = z.output<Schema<D, 'params'>>;
export type Query<D> = z.output<Schema<D, 'query'>>;

/** A path with its `:name` parts filled in. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The path and query string of a call, as a client sends it. */
export function callPath(def: RouteDef, params?: unknown, query?: unknown): string {
  const filled = fillPath(def.path, (params ?? {}) as Record<string, string>);
  const entries = Object.entries((query ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return entries.length
    ? `${filled}?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)]))}`
    : filled;
}

/** `METHOD path`, the key the contract test compares by. */
export const routeKey = (def: { method: string; path: string }): string => `${def.method} ${def.path}`;
