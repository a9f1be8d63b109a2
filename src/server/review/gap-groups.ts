import { sameWords } from '../answering/reviewed/matching';
import { changesAsked, opposed } from '../answering/opposites';
import { readsLatin } from '../knowledge/index/language';
import { aboveChance, type Chance, type SimilarityScale } from '../knowledge/index/similarity-scale';

type QuestionChance = NonNullable<SimilarityScale['questions']>;

/**
 * How far above chance (in spreads of the question scale, similarity-scale.ts) two questions must
 * lie to be taken as asking the same thing when gaps are grouped. Lower than a reviewed answer's
 * match (MATCH.least, on a question read with its answer): a question alone says less, and a
 * group put together wrongly costs an admin a look, not a wrong answer to a user.
 */
export const SAME_QUESTION = 2.5;

/**
 * Groups questions that mean the same thing, in any language the model reads: each joins the
 * group of the question it lies closest to, when that is close enough and does not ask the
 * opposite change, else starts one. Questions without a vector (no model, a script it cannot
 * read) join only the same words. Returns the groups as indexes, in the order their first
 * question came.
 */
export function groupByMeaning(
  texts: readonly string[],
  vectors: readonly (readonly number[] | null)[],
  chance: QuestionChance | null,
  threshold = SAME_QUESTION,
): number[][] {
  const groups: number[][] = [];
  const groupOf: number[] = [];
  const latin = texts.map(readsLatin);
  const changes = texts.map(changesAsked);
  texts.forEach((text, i) => {
    let best = -1;
    let bestScore = -Infinity;
    for (let j = 0; j < i; j++) {
      // Two questions in different scripts are read against the chance of texts across scripts.
      const against = chance && latin[i] !== latin[j] ? (chance.across ?? chance) : chance;
      // "Turn it off" and "turn it on" lie close by meaning; a group's questions become one
      // reviewed answer's paraphrases, so they are kept apart as the matching keeps them.
      const score = opposed(changes[i]!, changes[j]!)
        ? -Infinity
        : closeness(text, vectors[i] ?? null, texts[j]!, vectors[j] ?? null, against);
      if (score > bestScore) [best, bestScore] = [j, score];
    }
    if (best >= 0 && bestScore >= threshold) {
      groupOf[i] = groupOf[best]!;
      groups[groupOf[i]]!.push(i);
    } else {
      groupOf[i] = groups.length;
      groups.push([i]);
    }
  });
  return groups;
}

function closeness(
  a: string,
  va: readonly number[] | null,
  b: string,
  vb: readonly number[] | null,
  chance: Chance | null,
): number {
  if (sameWords(a, b)) return Infinity;
  if (!va || !vb || !chance) return -Infinity;
  let cosine = 0;
  for (let d = 0; d < va.length; d++) cosine += va[d]! * (vb[d] ?? 0);
  return aboveChance(cosine, chance);
}
