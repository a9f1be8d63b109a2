import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { registerQuestionAdminRoutes } from '../answering/questions-routes';
import { registerProjectRoutes } from '../projects/routes';
import { registerUserAdminRoutes } from '../users/admin-routes';

/** The admin calls of users, questions and projects (the knowledge base registers its own). */
export function registerAdminRoutes(app: FastifyInstance, db: Db): void {
  registerUserAdminRoutes(app, db);
  registerQuestionAdminRoutes(app, db);
  registerProjectRoutes(app, db);
}
