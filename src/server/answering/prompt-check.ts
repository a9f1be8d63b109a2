import type { Db } from '../db/client';
import { detectLanguage } from '../knowledge/index/language';
import type { SearchIndex } from '../knowledge/index/search-index';
import { PASSAGES } from './ask';
import { composeAnswer, composeOptionsFor } from './composer';
import { retrieve, unknownTerms } from './retrieval';
import { isNearEmpty } from './small-talk';

/**
 * Whether a question would find something in the project's knowledge base now: the chat's own
 * retrieval and refusal decision (ask.ts, without a translator), read-only. No question is
 * recorded and nothing is written.
 */
export async function findsSomething(
  deps: { db: Db; index: SearchIndex },
  project: string,
  question: string,
): Promise<boolean> {
  if (isNearEmpty(question)) return false;
  const options = { projects: [project], limit: PASSAGES };
  const language = detectLanguage(question);
  const passages = await retrieve(deps.db, deps.index, question, options);
  const unknown = await unknownTerms(deps.db, deps.index, question, options.projects);
  const composed = composeAnswer(
    question,
    passages,
    composeOptionsFor(question, language, null, unknown.length),
  );
  return composed.found;
}
