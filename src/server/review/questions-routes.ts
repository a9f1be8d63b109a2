import { and, count, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { QuestionView } from '../../shared/admin/schemas';
import { routes } from '../../shared/api/routes';
import type { Db } from '../db/client';
import { questions } from '../db/schema';
import { feedbackCondition, presentFeedback } from '../feedback/repository';
import { requireAdmin } from '../http/admin-guard';
import { route } from '../http/typed-route';
import { pageOf } from '../db/paging';
import { searchFilter } from '../knowledge/search-filter';

type QuestionRow = typeof questions.$inferSelect;

const present = (q: QuestionRow): QuestionView => ({
  _id: q.id,
  query: q.query,
  history: q.history,
  queryTimestamp: q.queryTimestamp.toISOString(),
  answeredAt: q.answeredAt?.toISOString() ?? null,
  sourceMode: q.sourceMode,
  project: q.project,
  askedVia: q.askedVia,
  language: q.language,
  status: q.status,
  feedback: presentFeedback(q),
  review: q.review ? { state: q.review, reviewedAt: q.reviewedAt?.toISOString() ?? null } : null,
});

/** SPEC §7 get_questions: every question of the admin's projects, newest first, with its history. */
export function registerQuestionAdminRoutes(app: FastifyInstance, db: Db): void {
  route(app, routes.getQuestions, async ({ request, body: read }) => {
    const auth = await requireAdmin(db, request);
    const body = read();
    if (auth.user.isAdminFor.length === 0) return { data: [], total: 0 };
    const where = and(
      inArray(questions.project, auth.user.isAdminFor),
      searchFilter(body.search, {
        question: questions.query,
        query: questions.query,
        answer: questions.history,
        mode: questions.event,
        project: questions.project,
        asked_via: questions.askedVia,
        language: questions.language,
        status: questions.status,
        source_mode: questions.sourceMode,
      }),
      feedbackCondition(body.feedback),
    );
    return pageOf(
      { rows: db.select().from(questions), count: db.select({ n: count() }).from(questions) },
      { where, newestFirst: [questions.queryTimestamp, questions.id] },
      body.queryOptions,
      present,
    );
  });
}
