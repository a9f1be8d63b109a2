import type { Refusal } from '../users/policy';

/** What the policy needs of a conversation. */
export interface OwnedConversation {
  userId: string;
}

export const conversationMessages = {
  notFound: 'That conversation does not exist.',
} as const;

/**
 * Who may read, reopen, add to or delete a conversation: its owner only. Anyone else is told it
 * does not exist (404), so nobody learns which conversation ids are someone's.
 */
export function conversationRefusal(
  actor: { id: string },
  conversation: OwnedConversation | undefined,
): Refusal | null {
  if (!conversation || conversation.userId !== actor.id)
    return { status: 404, message: conversationMessages.notFound };
  return null;
}
