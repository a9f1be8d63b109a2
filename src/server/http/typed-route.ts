import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { AnswerInput, Body, JsonRoute, Params, Query, RawRoute } from '../../shared/api/contract';
import { HttpError, parseBody } from './errors';

/** A refusal in place of the usual 400, for inputs whose wrong value means "no such thing". */
export interface Refusal {
  status: number;
  message: string;
}

/**
 * What a handler reads. The inputs are parsed when asked for, not before the handler runs: the
 * guards run first, so a caller without the right hears 401 or 403 before any 400, as before
 * (but for text with a NUL or half an emoji, refused for every route first: text-guard.ts).
 */
export interface RouteContext<D extends JsonRoute> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: () => Body<D>;
  params: (refusal?: Refusal) => Params<D>;
  query: () => Query<D>;
}

const firstIssue = (error: { issues: { message: string }[] }) =>
  error.issues[0]?.message ?? 'Invalid request.';

function parsed(schema: JsonRoute['params'], value: unknown, refusal?: Refusal): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new HttpError(refusal?.status ?? 400, refusal?.message ?? firstIssue(result.error));
}

/**
 * Registers a JSON call of the route table (src/shared/api): its method and path, its inputs read
 * with the table's schemas, and its answer passed through the table's response schema, so what is
 * sent is what the contract says (fields it does not declare are left out). An answer that does
 * not match is the server's mistake: a 500, logged.
 */
export function route<D extends JsonRoute>(
  app: FastifyInstance,
  def: D,
  handler: (context: RouteContext<D>) => Promise<AnswerInput<D>> | AnswerInput<D>,
  options: RouteShorthandOptions = {},
): void {
  app.route({
    ...options,
    method: def.method,
    url: def.path,
    handler: async (request, reply) => {
      const context: RouteContext<D> = {
        request,
        reply,
        // A call whose fields are all optional may send nothing at all.
        body: () =>
          parseBody(def.body!, request.body ?? (def.body!.safeParse({}).success ? {} : undefined)) as Body<D>,
        params: (refusal) => parsed(def.params, request.params, refusal) as Params<D>,
        query: () => parsed(def.query, request.query) as Query<D>,
      };
      const answer = await handler(context);
      const checked = def.response.safeParse(answer);
      if (!checked.success) {
        request.log.error(
          { route: def.path, issues: checked.error.issues },
          'answer does not match the contract',
        );
        throw new Error(`the answer of ${def.method} ${def.path} does not match its response schema`);
      }
      // A handler that chose its own status (a 503 of readiness) keeps it.
      if (def.status && reply.statusCode === 200) void reply.status(def.status);
      return checked.data;
    },
  });
}

/** Registers a call of the table that is not JSON both ways (uploads, files, streams, pages). */
export function rawRoute<G extends RouteGenericInterface = RouteGenericInterface>(
  app: FastifyInstance,
  def: RawRoute,
  handler: RouteHandlerMethod<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, G>,
  options: RouteShorthandOptions = {},
): void {
  app.route<G>({ ...options, method: def.method, url: def.path, handler });
}
