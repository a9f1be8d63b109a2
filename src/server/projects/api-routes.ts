import { randomUUID } from 'node:crypto';
import { serverMessages } from '../../shared/messages';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiMessages, type AskAnswer } from '../../shared/api/project-api';
import { routes } from '../../shared/api/routes';
import type { AskRefusal, Asking } from '../answering/asking';
import type { Db } from '../db/client';
import { questions } from '../db/schema';
import { requireProjectKey } from '../http/asker';
import { HttpError, parseBody } from '../http/errors';
import { rawRoute, route } from '../http/typed-route';
import { recordKeyUse } from '../access/keys';
import { keyAsker } from '../access/policy';
import { countKeyRequest } from '../access/rate-limit';

export interface ProjectApiDeps {
  db: Db;
  asking: Asking;
  /** API_KEY_REQUESTS_PER_MINUTE. */
  requestsPerMinute: number;
}

/** The HTTP status of each refusal of the ask command; its sentence is the command's. */
const REFUSAL_STATUS: Record<AskRefusal, number> = {
  empty: 400,
  tooLong: 400,
  unstorable: 400,
  notYourProject: 403,
  noProject: 404,
  busy: 429,
  tooMany: 429,
  restarting: 503,
};

/** A question's session id: the project, then the caller's conversation or one of its own. */
const sessionOf = (project: string, conversationId: string | undefined) =>
  conversationId ? `${project}:api:conv:${conversationId}` : `${project}:api:q:${randomUUID()}`;
const conversationOf = (project: string, sessionId: string) => {
  const prefix = `${project}:api:conv:`;
  return sessionId.startsWith(prefix) ? sessionId.slice(prefix.length) : null;
};

/**
 * The project API (issue 15): POST /api/v1/ask answers from the key's project through the chat's
 * own pipeline (answering/ask.ts), recorded with `sourceMode: 'api'`; GET /api/v1/questions/:id
 * reads a question of that project back. Every call is the key checked against the database
 * (a revoked key is refused at once in every process), counted against its rate limit, then done.
 */
export function registerProjectApiRoutes(app: FastifyInstance, deps: ProjectApiDeps): void {
  async function admit(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ id: string; project: string }> {
    const key = await requireProjectKey(deps.db, request);
    const waitSeconds = await countKeyRequest(deps.db, key.id, deps.requestsPerMinute);
    if (waitSeconds > 0) {
      reply.header('retry-after', String(waitSeconds));
      throw new HttpError(429, apiMessages.tooMany(waitSeconds));
    }
    await recordKeyUse(deps.db, key.id);
    return key;
  }

  // JSON or server-sent events, as the caller asks: the handler writes its own answer.
  rawRoute(app, routes.ask, async (request, reply) => {
    const key = await admit(request, reply);
    const body = parseBody(routes.ask.body, request.body);
    const ask = async (progress: (text: string) => void) => {
      const outcome = await deps.asking.ask({
        asker: keyAsker(key.project),
        origin: {
          chatSessionId: sessionOf(key.project, body.conversationId),
          sourceMode: 'api',
          languageHint: body.language,
        },
        event: 'question-text',
        query: body.query,
        progress,
      });
      if (outcome.refused) throw new HttpError(REFUSAL_STATUS[outcome.refused], outcome.message);
      return outcome;
    };
    const present = ({ questionId, response, facts }: Awaited<ReturnType<typeof ask>>): AskAnswer => ({
      answer: response.answer,
      links: response.links,
      found: facts.found,
      outcome: facts.outcome,
      questionId,
      language: facts.language,
      reviewed: facts.reviewed,
    });

    if ((request.headers.accept ?? '').includes('text/event-stream')) {
      // The headers set so far (security headers among them) go out with the stream.
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const send = (event: string, data: unknown) =>
        raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      try {
        const result = await ask((text) => {
          if (text) send('progress', { text });
        });
        if (result.response.error) send('error', { message: result.response.error });
        else send('answer', present(result));
      } catch (error) {
        if (error instanceof HttpError) send('error', { message: error.message });
        else {
          request.log.error({ err: error }, 'project API answer failed');
          send('error', { message: serverMessages.answerFailed });
        }
      }
      raw.end();
      return;
    }

    const result = await ask(() => undefined);
    if (result.response.error) throw new HttpError(500, result.response.error);
    return present(result);
  });

  route(app, routes.getQuestion, async ({ request, reply, params }) => {
    const key = await admit(request, reply);
    const { id } = params({ status: 404, message: apiMessages.noQuestion });
    const [row] = await deps.db
      .select()
      .from(questions)
      .where(
        // Only what the project asked with its keys: its web users' questions are not the key's.
        and(eq(questions.id, id), eq(questions.project, key.project), eq(questions.sourceMode, 'api')),
      );
    if (!row) throw new HttpError(404, apiMessages.noQuestion);
    return {
      questionId: row.id,
      query: row.query,
      status: row.status,
      language: row.language,
      conversationId: conversationOf(key.project, row.sessionId),
      askedAt: row.queryTimestamp.toISOString(),
      answeredAt: row.answeredAt?.toISOString() ?? null,
      history: row.history.map(
        ({ audioPath: _audio, confidence: _confidence, outcome: _outcome, ...event }) => event,
      ),
    };
  });
}
