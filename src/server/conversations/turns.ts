import type { FastifyBaseLogger } from 'fastify';
import type { AnswerResponse } from '../../shared/chat/protocol';
import type { Db } from '../db/client';
import { addAnswer, addQuestion, conversationForQuestion } from './repository';

/** A question kept in its conversation, waiting for its answer. */
export interface Turn {
  conversationId: string;
  questionMessageId: number;
}

/**
 * Keeps a signed-in user's question in the conversation the chat named (or the current one).
 * Keeping the conversation never costs the answer: a failure is logged and the question answered.
 */
export async function beginTurn(
  deps: { db: Db; log: FastifyBaseLogger },
  userId: string | null,
  named: string | null | undefined,
  query: string,
  isAudio: boolean,
): Promise<Turn | null> {
  if (!userId) return null;
  try {
    const conversationId = await conversationForQuestion(deps.db, userId, named);
    return { conversationId, questionMessageId: await addQuestion(deps.db, conversationId, query, isAudio) };
  } catch (error) {
    deps.log.error({ err: error }, 'the question could not be kept in its conversation');
    return null;
  }
}

/** Keeps the answer as the chat shows it (text or error, spoken file, links). */
export async function endTurn(
  deps: { db: Db; log: FastifyBaseLogger },
  turn: Turn | null,
  response: AnswerResponse,
  questionId: string | null,
): Promise<void> {
  if (!turn) return;
  try {
    await addAnswer(deps.db, turn.conversationId, turn.questionMessageId, response, questionId);
  } catch (error) {
    deps.log.error({ err: error }, 'the answer could not be kept in its conversation');
  }
}
