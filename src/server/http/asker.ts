import type { FastifyRequest } from 'fastify';
import { serverMessages } from '../../shared/messages';
import type { Db } from '../db/client';
import { projectOfApiKey, type Asker } from '../projects/policy';
import { currentAuth } from './current-user';
import { HttpError } from './errors';

/** The header an authorized project sends its API key in (the socket handshake takes it too). */
export const API_KEY_HEADER = 'x-api-key';

/**
 * Who sends the request: an authorized project by its `x-api-key` header, else the signed-in user
 * of the `token` cookie. 401 for neither, for an unknown key, or for a blocked or inactive user.
 */
export async function requireAsker(db: Db, request: FastifyRequest): Promise<Asker> {
  const apiKey = request.headers[API_KEY_HEADER];
  if (typeof apiKey === 'string' && apiKey) {
    const keyProject = await projectOfApiKey(db, apiKey);
    if (!keyProject) throw new HttpError(401, serverMessages.notSignedIn);
    return { userId: null, keyProject };
  }
  const auth = await currentAuth(db, request);
  if (!auth) throw new HttpError(401, serverMessages.notSignedIn);
  return { userId: auth.user.id, keyProject: null };
}
