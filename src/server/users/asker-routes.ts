import type { FastifyInstance } from 'fastify';
import { routes } from '../../shared/api/routes';
import type { Db } from '../db/client';
import { requireAdmin } from '../http/admin-guard';
import { HttpError } from '../http/errors';
import { route } from '../http/typed-route';
import { QUESTION_NOT_FOUND, questionAsker } from './asker';

/** The question review's "Asked by": one question's asker, contacts masked for all but super admins. */
export function registerAskerRoute(app: FastifyInstance, db: Db): void {
  route(app, routes.getQuestionAsker, async ({ request, body }) => {
    const auth = await requireAdmin(db, request);
    const asker = await questionAsker(db, auth.user, body().questionId);
    if (asker === undefined) throw new HttpError(404, QUESTION_NOT_FOUND);
    return { asker };
  });
}
