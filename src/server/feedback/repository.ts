import { eq, isNull, type SQL } from 'drizzle-orm';
import type { FeedbackFilter, QuestionFeedback } from '../../shared/chat/feedback';
import type { Db } from '../db/client';
import { questions } from '../db/schema';

type QuestionRow = typeof questions.$inferSelect;

/** A question's feedback as the chat and the admin read it; null when the asker gave none. */
export function presentFeedback(
  row: Pick<QuestionRow, 'helpful' | 'feedbackComment' | 'feedbackAt'>,
): QuestionFeedback | null {
  if (row.helpful === null || !row.feedbackAt) return null;
  return { helpful: row.helpful, comment: row.feedbackComment, at: row.feedbackAt.toISOString() };
}

/** The admin Questions tab's feedback filter as a condition on the questions table. */
export function feedbackCondition(filter: FeedbackFilter | undefined): SQL | undefined {
  switch (filter) {
    case 'helpful':
      return eq(questions.helpful, true);
    case 'not_helpful':
      return eq(questions.helpful, false);
    case 'none':
      return isNull(questions.helpful);
    default:
      return undefined;
  }
}

export async function findQuestion(db: Db, id: string): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id));
  return row;
}

/** Keeps (or replaces) the asker's feedback on their question. */
export async function saveFeedback(
  db: Db,
  id: string,
  helpful: boolean,
  comment: string,
): Promise<QuestionFeedback> {
  const [row] = await db
    .update(questions)
    .set({ helpful, feedbackComment: comment, feedbackAt: new Date() })
    .where(eq(questions.id, id))
    .returning();
  const feedback = row && presentFeedback(row);
  if (!feedback) throw new Error('question vanished');
  return feedback;
}

/** The answer the asker was shown: the last query-response of the history, if any. */
export function answerOf(row: Pick<QuestionRow, 'history'>): string {
  for (let i = row.history.length - 1; i >= 0; i--) {
    const event = row.history[i];
    if (event?.type === 'query-response') return event.answer?.trim() ?? '';
  }
  return '';
}
