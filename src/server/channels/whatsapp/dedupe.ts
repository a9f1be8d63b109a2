import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { whatsappMessages } from '../../db/schema';

/**
 * Takes a message id for this process. Meta delivers a message again when its webhook was not
 * answered in time, and behind a load balancer each copy may reach another process: the insert
 * into a table keyed by the id succeeds for exactly one of them, whatever the timing. A process
 * that dies after taking an id leaves that message unanswered rather than answered twice.
 */
export async function claimMessage(db: Db, messageId: string, waId: string): Promise<boolean> {
  const rows = await db
    .insert(whatsappMessages)
    .values({ messageId, waId })
    .onConflictDoNothing()
    .returning({ messageId: whatsappMessages.messageId });
  return rows.length > 0;
}

/** Notes which question a message became, so the admin can trace one from the other. */
export async function linkQuestion(db: Db, messageId: string, questionId: string): Promise<void> {
  await db.update(whatsappMessages).set({ questionId }).where(eq(whatsappMessages.messageId, messageId));
}

/**
 * Meta sends a message again for up to 7 days when its webhook fails; ids are kept 90 days (the
 * link to the question with them), then dropped, so the table does not grow for ever.
 */
export async function forgetOldMessages(db: Db): Promise<void> {
  await db.delete(whatsappMessages).where(lt(whatsappMessages.createdAt, sql`now() - interval '90 days'`));
}
