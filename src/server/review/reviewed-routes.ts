import type { FastifyInstance } from 'fastify';
import { routes } from '../../shared/api/routes';
import type { ReviewedAnswers } from '../answering/reviewed/store';
import type { Db } from '../db/client';
import { assertProjectAllowed, requireAdmin } from '../http/admin-guard';
import type { Auth } from '../http/current-user';
import { route } from '../http/typed-route';
import type { SearchIndex } from '../knowledge/index/search-index';
import { reviewFigures } from './figures';
import { dismissGap, knowledgeGaps } from './gaps';
import {
  approveAnswer,
  changeReviewed,
  exportReviewed,
  findQuestionOf,
  findReviewed,
  importReviewed,
  listReviewed,
  markNeedsContent,
  writeReviewed,
  type Reviewer,
} from './reviewed-answers';

const reviewerOf = (auth: Auth): Reviewer => ({ id: auth.user.id, name: auth.user.name });

/**
 * Reviewed answers (issue 33): only admins of the question's or the answer's project act on it
 * (super admins on all); another project's question or answer is answered 404, like one that
 * does not exist.
 */
export function registerReviewedRoutes(
  app: FastifyInstance,
  db: Db,
  lookup: ReviewedAnswers,
  index: Pick<SearchIndex, 'embedder' | 'similarityScale'>,
): void {
  route(app, routes.approveAnswer, async ({ request, params, body }) => {
    const auth = await requireAdmin(db, request);
    const question = await findQuestionOf(db, params().id, auth.user.isAdminFor);
    body();
    return approveAnswer(db, lookup, question, reviewerOf(auth));
  });

  route(app, routes.markNeedsContent, async ({ request, params, body }) => {
    const auth = await requireAdmin(db, request);
    const question = await findQuestionOf(db, params().id, auth.user.isAdminFor);
    await markNeedsContent(db, question, body().needsContent, reviewerOf(auth));
    return { ok: true };
  });

  route(app, routes.writeReviewedAnswer, async ({ request, body }) => {
    const auth = await requireAdmin(db, request);
    const input = body();
    assertProjectAllowed(auth, input.project);
    if (input.fromQuestion) {
      const question = await findQuestionOf(db, input.fromQuestion, auth.user.isAdminFor);
      input.project = question.project;
    }
    return writeReviewed(db, lookup, input, reviewerOf(auth));
  });

  route(app, routes.getReviewedAnswers, async ({ request, body }) => {
    const auth = await requireAdmin(db, request);
    return listReviewed(db, auth.user.isAdminFor, body());
  });

  route(app, routes.changeReviewedAnswer, async ({ request, params, body }) => {
    const auth = await requireAdmin(db, request);
    const row = await findReviewed(db, params().id, auth.user.isAdminFor);
    return changeReviewed(db, lookup, row, body());
  });

  route(app, routes.exportReviewedAnswers, async ({ request, query }) => {
    const auth = await requireAdmin(db, request);
    const { project } = query();
    assertProjectAllowed(auth, project);
    return exportReviewed(db, project);
  });

  route(app, routes.importReviewedAnswers, async ({ request, body }) => {
    const auth = await requireAdmin(db, request);
    const { project, data } = body();
    assertProjectAllowed(auth, project);
    return { records: await importReviewed(db, lookup, project, data, reviewerOf(auth)) };
  });

  route(app, routes.getKnowledgeGaps, async ({ request, body }) => {
    const auth = await requireAdmin(db, request);
    return knowledgeGaps(db, index, auth.user.isAdminFor, body());
  });

  route(app, routes.dismissGap, async ({ request, body }) => {
    const auth = await requireAdmin(db, request);
    return { records: await dismissGap(db, auth.user.isAdminFor, body().questionIds, auth.user.id) };
  });

  route(app, routes.getReviewFigures, async ({ request, body }) => {
    const auth = await requireAdmin(db, request);
    return reviewFigures(db, auth.user.isAdminFor, body());
  });
}
