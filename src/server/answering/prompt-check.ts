import type { AnswerOutcome } from '../../shared/chat/answer-outcome';
import type { Db } from '../db/client';
import { detectLanguage } from '../knowledge/index/language';
import type { SearchIndex } from '../knowledge/index/search-index';
import { searchAndCompose } from './ask';
import { isNearEmpty } from './small-talk';

/**
 * What a question would get from the project's knowledge base now, the chat's own search and
 * confidence (ask.ts `searchAndCompose`), without a translator: an answer, only the closest
 * passage, or nothing. Reads only: no question is recorded and nothing is written.
 */
export async function promptOutcome(
  deps: { db: Db; index: SearchIndex },
  project: string,
  question: string,
): Promise<AnswerOutcome> {
  if (isNearEmpty(question)) return 'none';
  const { extractive } = await searchAndCompose(deps, project, question, detectLanguage(question), null);
  return extractive.outcome;
}
