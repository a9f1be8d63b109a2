import { z } from 'zod';
import {
  dismissGapBody,
  gapsAnswer,
  needsContentBody,
  periodBody,
  reviewFigures,
  reviewedAnswerChange,
  reviewedAnswerInput,
  reviewedAnswerParams,
  reviewedAnswerView,
  reviewedExport,
  reviewedExportQuery,
  reviewedImportBody,
  reviewedListBody,
  reviewQuestionParams,
} from '../admin/reviewed';
import { listAnswer } from '../admin/views';
import { emptyBody } from './auth';
import { json } from './contract';

/** Reviewed answers and the questions they come from (issue 33): admin calls. */
export const reviewRoutes = {
  /**
   * "Approve this answer": the question's answer, as it was given, becomes a reviewed answer; one
   * that was a reviewed answer already takes the question among its own.
   */
  approveAnswer: json({
    method: 'POST',
    path: '/admin/questions/:id/approve',
    params: reviewQuestionParams,
    body: emptyBody,
    response: reviewedAnswerView,
    status: 201,
  }),
  /** "Needs content": the question is a knowledge gap (or no longer is). */
  markNeedsContent: json({
    method: 'POST',
    path: '/admin/questions/:id/needs_content',
    params: reviewQuestionParams,
    body: needsContentBody,
    response: z.object({ ok: z.boolean() }),
  }),
  /** "Write the right answer", or an answer written from the list or a knowledge gap. */
  writeReviewedAnswer: json({
    method: 'POST',
    path: '/admin/reviewed_answers',
    body: reviewedAnswerInput,
    response: reviewedAnswerView,
    status: 201,
  }),
  getReviewedAnswers: json({
    method: 'POST',
    path: '/admin/get_reviewed_answers',
    body: reviewedListBody,
    response: listAnswer(reviewedAnswerView),
  }),
  /** Edit, add paraphrases, retire or bring back. */
  changeReviewedAnswer: json({
    method: 'PUT',
    path: '/admin/reviewed_answers/:id',
    params: reviewedAnswerParams,
    body: reviewedAnswerChange,
    response: reviewedAnswerView,
  }),
  exportReviewedAnswers: json({
    method: 'GET',
    path: '/admin/reviewed_answers/export',
    query: reviewedExportQuery,
    response: reviewedExport,
  }),
  importReviewedAnswers: json({
    method: 'POST',
    path: '/admin/reviewed_answers/import',
    body: reviewedImportBody,
    response: z.object({ records: z.number() }),
    status: 201,
  }),
  /** What people asked and did not get, grouped by meaning, biggest group first. */
  getKnowledgeGaps: json({
    method: 'POST',
    path: '/admin/get_knowledge_gaps',
    body: periodBody,
    response: gapsAnswer,
  }),
  dismissGap: json({
    method: 'POST',
    path: '/admin/knowledge_gaps/dismiss',
    body: dismissGapBody,
    response: z.object({ records: z.number() }),
  }),
  getReviewFigures: json({
    method: 'POST',
    path: '/admin/review_figures',
    body: periodBody,
    response: reviewFigures,
  }),
} as const;
