import type { FastifyInstance } from 'fastify';
import { QUESTION_ASKER_PATH, questionAskerBody, type QuestionAskerAnswer } from '../../shared/admin/asker';
import type { Db } from '../db/client';
import { requireAdmin } from '../http/admin-guard';
import { HttpError, parseBody } from '../http/errors';
import { QUESTION_NOT_FOUND, questionAsker } from './asker';

/** The question review's "Asked by": one question's asker, contacts masked for all but super admins. */
export function registerAskerRoute(app: FastifyInstance, db: Db): void {
  app.post(QUESTION_ASKER_PATH, async (request): Promise<QuestionAskerAnswer> => {
    const auth = await requireAdmin(db, request);
    const body = parseBody(questionAskerBody, request.body);
    const asker = await questionAsker(db, auth.user, body.questionId);
    if (asker === undefined) throw new HttpError(404, QUESTION_NOT_FOUND);
    return { asker };
  });
}
