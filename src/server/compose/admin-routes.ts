import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { registerQuestionAdminRoutes } from '../review/questions-routes';
import { registerReviewedRoutes } from '../review/reviewed-routes';
import type { ReviewedAnswers } from '../answering/reviewed/store';
import type { SearchIndex } from '../knowledge/index/search-index';
import { registerProjectRoutes } from '../projects/routes';
import type { SocketEvictions } from '../access/evictions';
import { registerAskerRoute } from '../users/asker-routes';
import { registerUserAdminRoutes } from '../users/admin-routes';

/** The admin calls of users, questions, reviewed answers and projects (the knowledge base registers its own). */
export function registerAdminRoutes(
  app: FastifyInstance,
  db: Db,
  evictions: SocketEvictions,
  reviewed: ReviewedAnswers,
  index: SearchIndex,
): void {
  registerUserAdminRoutes(app, db, evictions);
  registerQuestionAdminRoutes(app, db);
  registerReviewedRoutes(app, db, reviewed, index);
  registerAskerRoute(app, db);
  registerProjectRoutes(app, db, evictions);
}
