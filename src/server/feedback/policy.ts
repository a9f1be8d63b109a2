import type { Refusal } from '../users/policy';

/** What the policy needs of a question record. */
export interface AskedQuestion {
  userId: string | null;
}

export const feedbackMessages = {
  notFound: 'That question does not exist.',
  nothingToSay: 'There is no answer to listen to.',
} as const;

/**
 * Who may rate a question or have its answer spoken (issue 14 item 3): the signed-in user who
 * asked it, only. Anyone else is told it does not exist (404), like a question that is not there,
 * so nobody learns which question ids are someone's. A question asked through an API key or the
 * messaging app has no asking account, so nobody may.
 */
export function feedbackRefusal(actor: { id: string }, question: AskedQuestion | undefined): Refusal | null {
  if (!question || question.userId === null || question.userId !== actor.id)
    return { status: 404, message: feedbackMessages.notFound };
  return null;
}
