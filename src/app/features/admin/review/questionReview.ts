import type { QuestionView } from '../../../../shared/admin/views';
import { deriveQuestion } from '../questionDisplay';

/**
 * Whether "Approve this answer" is offered: the question got an answer from the knowledge base,
 * not an error, nothing yet, or a refusal (the server refuses those with a sentence of its own).
 */
export function canApprove(record: QuestionView): boolean {
  const shown = deriveQuestion(record);
  if (shown.status !== 'success' || !shown.answer.trim()) return false;
  const response = record.history.findLast((event) => event.type === 'query-response');
  return response?.outcome !== 'none';
}

/** Approving again, or approving what an admin wrote anew, would serve two answers for one question. */
export const alreadyAnswered = (review: QuestionView['review']): boolean =>
  review?.state === 'approved' || review?.state === 'rewritten';
