import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { questions, type HistoryEvent } from '../db/schema';

export type QuestionRow = typeof questions.$inferSelect;

export const historyEvent = (
  type: HistoryEvent['type'],
  fields: Omit<HistoryEvent, 'type' | 'timestamp'> = {},
) => ({
  type,
  timestamp: new Date().toISOString(),
  ...fields,
});

/** Writes the question before any work is done on it, so a crash never loses it. */
export async function recordQuestion(
  db: Db,
  input: Pick<QuestionRow, 'sessionId' | 'project' | 'sourceMode' | 'askedVia' | 'event' | 'query'> & {
    userId: string | null;
    history: HistoryEvent[];
    language?: string;
  },
): Promise<QuestionRow> {
  const [row] = await db.insert(questions).values(input).returning();
  if (!row) throw new Error('question insert returned no row');
  return row;
}

/** Appends events to the history as the answer takes shape. */
export async function appendHistory(
  db: Db,
  id: string,
  events: HistoryEvent[],
  language?: string,
): Promise<void> {
  await db
    .update(questions)
    .set({
      history: sql`${questions.history} || ${JSON.stringify(events)}::jsonb`,
      ...(language !== undefined ? { language } : {}),
    })
    .where(eq(questions.id, id));
}

export async function completeQuestion(
  db: Db,
  id: string,
  status: 'answered' | 'failed',
  events: HistoryEvent[],
) {
  await db
    .update(questions)
    .set({
      status,
      answeredAt: sql`now()`,
      history: sql`${questions.history} || ${JSON.stringify(events)}::jsonb`,
    })
    .where(eq(questions.id, id));
}
