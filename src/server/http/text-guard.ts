import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { findUnstorableText, unstorableTextMessage } from './stored-text';

/**
 * Where a request's parsed text holds what cannot be stored (stored-text.ts): its route params
 * (a wildcard's, the rest of the path, named "path"), its query string, then its JSON body, or
 * null. A body kept as bytes (the WhatsApp webhook's, for its signature) is not text yet; its
 * handler checks what it reads from it.
 */
export function findUnstorableInput(
  request: Pick<FastifyRequest, 'params' | 'query' | 'body'>,
): string | null {
  const param = findUnstorableText(request.params);
  if (param !== null) return param === '*' ? 'path' : param;
  const { body } = request;
  return findUnstorableText(request.query) ?? (Buffer.isBuffer(body) ? null : findUnstorableText(body));
}

/**
 * One rule at the edge for every route: a NUL character or half of an emoji in a route param, a
 * query value or a JSON field is a 400 naming it, before any handler looks it up or stores it
 * (PostgreSQL refuses NUL in text: a 500 otherwise). It comes before the guards' 401 and 403, as it
 * depends on the request alone and tells nothing about the data; an address that is no route stays
 * a 404. Multipart fields and file names are checked as they are read (multipart.ts); a header
 * value with a control character never gets here, as Node's HTTP parser answers it 400 itself.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    // No route: nothing reads the request, and the not-found answer says what is wrong.
    const found = request.is404 ? null : findUnstorableInput(request);
    done(found === null ? undefined : new HttpError(400, unstorableTextMessage(found)));
  });
}
