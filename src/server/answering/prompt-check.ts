import type { Db } from '../db/client';
import { detectLanguage } from '../knowledge/index/language';
import type { SearchIndex } from '../knowledge/index/search-index';
import { searchAndCompose } from './ask';
import { isNearEmpty } from './small-talk';

/**
 * Whether a question would find something in the project's knowledge base now: the chat's own
 * search and refusal decision (ask.ts `searchAndCompose`), without a translator. Reads only: no
 * question is recorded and nothing is written.
 */
export async function findsSomething(
  deps: { db: Db; index: SearchIndex },
  project: string,
  question: string,
): Promise<boolean> {
  if (isNearEmpty(question)) return false;
  const { extractive } = await searchAndCompose(deps, project, question, detectLanguage(question), null);
  return extractive.found;
}
