import { meanVector } from '../../knowledge/index/passage-vectors';
import type { SimilarityScale } from '../../knowledge/index/similarity-scale';

/**
 * Whether a new question means what a reviewed answer's question meant (issue 33). Each of the
 * reviewed answer's questions (the first as asked, then its paraphrases) is embedded together
 * with the answer: the mean of the question's vector and the answer's, both read as questions.
 * A question alone says too little of what it asks ("how many plays…" and "how many landmark
 * roles…" lie close); the answer says what fact it is about, so a question about another fact of
 * the same document lies further off (docs/chat.md, "Reviewed answers", with the figures).
 *
 * A cosine is read on the scale of questions against unrelated questions of the server's own
 * knowledge base (similarity-scale.ts), never as a raw number: the thresholds below hold for any
 * model. A match must be close (`least`) and stand apart from the next reviewed answer (`apart`):
 * a question between two reviewed answers is answered by neither, but by the composer. A match
 * this weak must stand 1.5 spreads apart: on the bench's two halves, the matches 3 to 4 spreads
 * above chance and 1 to 1.5 apart held two questions about another fact of the same page and one
 * paraphrase, and a wrong answer marked as reviewed by the team costs a person more than a missed
 * paraphrase, which still gets the composer's answer (docs/chat.md, "Reviewed answers").
 */
export const MATCH = { least: 3, apart: 1.5 };

/**
 * A match this far above chance needs to stand only half a spread before the next: so close, a
 * question asks the reviewed one in other words far more often than it asks about another fact
 * of the same page. Chosen on the bench's odd half (5 more paraphrases their answer, none to
 * another question), then checked on the even half, written after: 3 more paraphrases, no
 * other question given one that `MATCH` alone did not give (docs/chat.md, "Reviewed answers").
 */
export const CLOSE_MATCH = { least: 4, apart: 0.5 };

/**
 * A reviewed answer's vectors, one per question, as 32-bit floats. Not int8 like the sentences':
 * on e5's scale a spread is 0.03 of cosine, and int8 rounding moves a cosine by up to a tenth of
 * that, where the thresholds are half a spread apart. A thousand answers take 1.5 MB.
 */
export class QuestionVectors {
  readonly count: number;
  private readonly flat: Float32Array;

  constructor(
    bytes: Uint8Array | null,
    private readonly dimensions: number,
  ) {
    // A copy of its own (a Buffer's slice would share the pool): a Float32Array must start on a
    // multiple of 4 bytes, which the driver's bytes may not.
    const own = bytes ? new Uint8Array(bytes) : new Uint8Array(0);
    this.flat = new Float32Array(own.buffer, 0, Math.floor(own.byteLength / 4));
    this.count = dimensions > 0 ? Math.floor(this.flat.length / dimensions) : 0;
  }

  static pack(vectors: number[][]): Buffer {
    const flat = Float32Array.from(vectors.flat());
    return Buffer.from(flat.buffer, flat.byteOffset, flat.byteLength);
  }

  /** The dot product of vector i with another of the same length. */
  dotWith(i: number, other: Float64Array): number {
    const { flat, dimensions } = this;
    const start = i * dimensions;
    let sum = 0;
    for (let d = 0; d < dimensions; d++) sum += flat[start + d]! * other[d]!;
    return sum;
  }
}

export interface ReviewedVectors {
  id: string;
  /** One vector per question of the reviewed answer, each read with the answer. */
  vectors: Pick<QuestionVectors, 'count' | 'dotWith'>;
  /** Whether each question is written in Latin letters (else another script, such as Devanagari). */
  latin: readonly boolean[];
}

export interface ReviewedMatch {
  id: string;
  /** Which of its questions the question lies closest to (0, the question as first asked). */
  question: number;
  /** How far above chance, in the scale's spreads. */
  score: number;
  /** How far it stands above the next reviewed answer (or chance, when it is the only one). */
  margin: number;
}

/** The reviewed answer a question (its unit vector, read as a question) matches, or null. */
export function matchReviewed(
  query: ArrayLike<number>,
  candidates: readonly ReviewedVectors[],
  scale: Pick<SimilarityScale, 'questions'> | null,
  /** Whether the question is written in Latin letters. */
  latin = true,
): ReviewedMatch | null {
  const best = closestReviewed(query, candidates, scale, latin);
  const holds = (rule: typeof MATCH) =>
    best !== null && best.score >= rule.least && best.margin >= rule.apart;
  return holds(MATCH) || holds(CLOSE_MATCH) ? best : null;
}

/** The closest reviewed answer, how close, and how far before the next; null without a scale. */
export function closestReviewed(
  query: ArrayLike<number>,
  candidates: readonly ReviewedVectors[],
  scale: Pick<SimilarityScale, 'questions'> | null,
  latin = true,
): ReviewedMatch | null {
  const chance = scale?.questions;
  if (!chance || candidates.length === 0) return null;
  // A question in another script than the reviewed one's is read against that chance, when known.
  const across = chance.across ?? chance;
  const q = Float64Array.from(query);
  let best: { id: string; question: number; score: number } | null = null;
  let second = 0;
  for (const candidate of candidates) {
    let score = -Infinity;
    let question = 0;
    for (let i = 0; i < candidate.vectors.count; i++) {
      const { center, spread } = (candidate.latin[i] ?? true) === latin ? chance : across;
      const z = (candidate.vectors.dotWith(i, q) - center) / spread;
      if (z > score) [score, question] = [z, i];
    }
    if (score === -Infinity) continue;
    if (!best || score > best.score) {
      if (best) second = Math.max(second, best.score);
      best = { id: candidate.id, question, score };
    } else second = Math.max(second, score);
  }
  return best ? { ...best, margin: best.score - second } : null;
}

/** The vector a reviewed answer's question is matched by: its own and the answer's, averaged. */
export const matchVector = (question: number[], answer: number[]): number[] => meanVector([question, answer]);

/**
 * Two questions that are the same once case, spacing and punctuation are set aside: how a
 * question is matched when no model reads it (or none is loaded).
 */
export const sameWords = (a: string, b: string): boolean => normalise(a) === normalise(b);

const normalise = (text: string) =>
  text
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
