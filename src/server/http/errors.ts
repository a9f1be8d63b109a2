import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { serverMessages } from '../../shared/messages';
import { findUnstorableText, unstorableTextMessage } from './stored-text';

/** An error whose message is fit to show the user, with the status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Validates a body; the first problem's message (a SPEC §5 sentence where there is one) is the answer. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  // Checked for every route here, so no field can carry such text as far as the database (a 500).
  const unstorable = findUnstorableText(body);
  if (unstorable !== null) throw new HttpError(400, unstorableTextMessage(unstorable));
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request.');
  return result.data;
}

// Fastify's own errors carry developer wording; users get a sentence instead.
const fastifyMessages: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, serverMessages.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, serverMessages.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, serverMessages.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, serverMessages.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The request length is wrong.'],
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ message: error.message });
    const known = error.code ? fastifyMessages[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] });
    if (error instanceof SyntaxError) return reply.status(400).send({ message: serverMessages.invalidJson });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: serverMessages.internal });
  });
}
