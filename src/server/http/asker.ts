import type { FastifyRequest } from 'fastify';
import { apiMessages } from '../../shared/api/project-api';
import { serverMessages } from '../../shared/messages';
import type { Db } from '../db/client';
import { liveKey } from '../access/keys';
import { keyAsker, userAsker, type Asker } from '../access/policy';
import { currentAuth } from './current-user';
import { HttpError } from './errors';

/** The header an authorized project may send its API key in (the socket handshake takes it too). */
export const API_KEY_HEADER = 'x-api-key';

/** The API key a request carries: `Authorization: Bearer <key>`, else the `x-api-key` header. */
export function apiKeyOf(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (bearer?.[1]) return bearer[1];
  }
  const header = request.headers[API_KEY_HEADER];
  return typeof header === 'string' && header ? header.trim() : null;
}

/** The live key of the request, or 401 with a sentence saying what to send. */
export async function requireProjectKey(
  db: Db,
  request: FastifyRequest,
): Promise<{ id: string; project: string }> {
  const secret = apiKeyOf(request);
  if (!secret) throw new HttpError(401, apiMessages.noKey);
  const key = await liveKey(db, secret);
  if (!key) throw new HttpError(401, apiMessages.badKey);
  return key;
}

/**
 * Who sends the request: an authorized project by one of its API keys, else the signed-in user
 * of the `token` cookie. 401 for neither, for an unknown or revoked key, or for a blocked or
 * inactive user.
 */
export async function requireAsker(db: Db, request: FastifyRequest): Promise<Asker> {
  if (apiKeyOf(request)) {
    const key = await requireProjectKey(db, request);
    return keyAsker(key.project);
  }
  const auth = await currentAuth(db, request);
  if (!auth) throw new HttpError(401, serverMessages.notSignedIn);
  return userAsker(auth.user);
}
