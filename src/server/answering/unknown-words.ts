import type { Db } from '../db/client';
import type { Embedder } from '../knowledge/index/embeddings';
import { cosineOf } from '../knowledge/index/passage-vectors';
import type { SearchIndex } from '../knowledge/index/search-index';
import type { SimilarityScale } from '../knowledge/index/similarity-scale';
import { unknownTerms } from './retrieval';
import { isOrdinaryWord } from './words';

export interface QuestionReading {
  /** The sentence-embedding model; without one (or one that cannot read the question), each word counts whole. */
  embedder: Pick<Embedder, 'embed' | 'reads'> | null;
  scale: SimilarityScale | null;
  /** The question's vector, when it was made already (read as a question, embedded alone). */
  vector?: Promise<number[] | null> | undefined;
}

/**
 * What the question's salient words that the projects' knowledge base never uses cost its
 * answer (the composer's `unknownTerms`): those words found, then weighed.
 */
export async function unknownTermsCost(
  db: Db,
  index: SearchIndex,
  question: string,
  projects: string[],
  reading: Omit<QuestionReading, 'embedder'>,
): Promise<number> {
  const terms = await unknownTerms(db, index, question, projects);
  return unknownWeight(terms, question, { ...reading, embedder: index.embedder });
}

/**
 * How much the question's salient words that the knowledge base never uses (`unknownTerms`)
 * count against its answer: the composer takes `WEIGHTS.unknownTerm` off for each whole one.
 *
 * A name, a code or a number the knowledge base never mentions is something else than anything
 * it holds ("Tamil Nadu", "2.5.8"), and counts whole. An ordinary word may be there in other
 * words ("citizens" as "members of the general public"): it counts as much as the question's
 * meaning rests on it, how far the question's vector moves when the word is taken out, in
 * spreads of a question's cosines to unrelated questions (similarity-scale.ts), at most whole. A
 * word whose leaving moves the question less than unrelated questions lie apart by chance is not
 * what the question asks about; "dyslexia" in a question about reasonable adjustments for an
 * employee with dyslexia moves it by one and a half, "citizens" in a question about the members of
 * a board by a quarter (docs/chat.md, "How sure the answer is").
 *
 * Each text is embedded alone, as a question is: the int8 model's vectors move a little with the
 * texts they share a run with, about a fifth of a spread.
 */
export async function unknownWeight(
  terms: string[],
  question: string,
  reading: QuestionReading,
): Promise<number> {
  const ordinary = terms.filter(isOrdinaryWord);
  const { embedder, scale } = reading;
  if (ordinary.length === 0 || !embedder || !scale || !embedder.reads(question)) return terms.length;
  const embed = async (text: string) => (await embedder.embed([text], { as: 'query', urgent: true }))[0];
  const spread = (scale.questions ?? scale).spread;
  try {
    const asked = (await reading.vector) ?? (await embed(question));
    if (!asked) return terms.length;
    let weight = terms.length - ordinary.length;
    for (const word of ordinary) {
      const without = await embed(withoutWord(question, word));
      const cosine = without ? cosineOf(without, asked) : 1;
      weight += Math.min(1, Math.max(0, (1 - cosine) / spread));
    }
    return weight;
  } catch {
    // The model failing here costs the answer nothing but this finer reading.
    return terms.length;
  }
}

/** The question with every occurrence of a word taken out (as a whole word: not inside another). */
const withoutWord = (question: string, word: string) =>
  question
    .normalize('NFC')
    .replace(new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${word}(?![\\p{L}\\p{M}\\p{N}])`, 'gu'), ' ')
    .replace(/\s+/g, ' ')
    .trim();
