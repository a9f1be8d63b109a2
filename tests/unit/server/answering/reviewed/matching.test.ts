import { describe, expect, it } from 'vitest';
import {
  CLOSE_MATCH,
  MATCH,
  matchReviewed,
  matchVector,
  QuestionVectors,
  sameWords,
} from '../../../../../src/server/answering/reviewed/matching';

const DIMENSIONS = 8;
/** A unit vector at `angle` (radians) from the first axis, in the plane of the first two. */
const at = (angle: number) => {
  const v = new Array<number>(DIMENSIONS).fill(0);
  v[0] = Math.cos(angle);
  v[1] = Math.sin(angle);
  return v;
};
const reviewed = (id: string, ...vectors: number[][]) => ({
  latin: vectors.map(() => true),
  id,
  vectors: new QuestionVectors(QuestionVectors.pack(vectors), DIMENSIONS),
});

/** A model whose unrelated questions lie near `center`, spread by `spread`: cosines read on it. */
const scaleAt = (center: number, spread: number) => ({ questions: { center, spread } });
/** The angle whose cosine is `z` spreads above the center of a scale. */
const angleFor = (z: number, s: { questions: { center: number; spread: number } }) =>
  Math.acos(s.questions.center + z * s.questions.spread);

describe('matching a question to the reviewed answers', () => {
  for (const [name, scale] of [
    ['a scale like MiniLM’s', scaleAt(0.1, 0.08)],
    ['a scale like e5’s', scaleAt(0.8, 0.025)],
  ] as const) {
    it(`matches by how far above chance a cosine lies, not by its value (${name})`, () => {
      const close = reviewed('close', at(angleFor(MATCH.least + 0.5, scale)));
      const far = reviewed('far', at(-angleFor(0, scale)));
      expect(matchReviewed(at(0), [close, far], scale)?.id).toBe('close');
      const near = reviewed('near', at(angleFor(MATCH.least - 0.5, scale)));
      expect(matchReviewed(at(0), [near, far], scale)).toBeNull();
    });

    it(`answers with neither of two reviewed answers that lie as close (${name})`, () => {
      // Closer than MATCH asks, not as close as CLOSE_MATCH: MATCH's margin holds.
      const z = (MATCH.least + CLOSE_MATCH.least) / 2;
      const one = reviewed('one', at(angleFor(z, scale)));
      const other = reviewed('other', at(-angleFor(z - MATCH.apart * 0.9, scale)));
      expect(matchReviewed(at(0), [one, other], scale)).toBeNull();
      const apart = reviewed('apart', at(-angleFor(z - MATCH.apart * 1.1, scale)));
      expect(matchReviewed(at(0), [one, apart], scale)?.id).toBe('one');
    });

    it(`asks less of a very close match before the next (${name})`, () => {
      // Between the two margins: enough only for a match as close as CLOSE_MATCH.
      const between = (MATCH.apart + CLOSE_MATCH.apart) / 2;
      const next = (z: number) => reviewed('next', at(-angleFor(z - between, scale)));
      const close = reviewed('close', at(angleFor(CLOSE_MATCH.least + 0.2, scale)));
      expect(matchReviewed(at(0), [close, next(CLOSE_MATCH.least + 0.2)], scale)?.id).toBe('close');
      const less = reviewed('less', at(angleFor(CLOSE_MATCH.least - 0.2, scale)));
      expect(matchReviewed(at(0), [less, next(CLOSE_MATCH.least - 0.2)], scale)).toBeNull();
    });
  }

  it('reads each question of a reviewed answer, its paraphrases too', () => {
    const scale = scaleAt(0.8, 0.025);
    const answer = reviewed('answer', at(1.2), at(angleFor(MATCH.least + 1, scale)));
    expect(matchReviewed(at(0), [answer], scale)).toMatchObject({ id: 'answer', question: 1 });
  });

  it('reads a question in another script against the chance of texts across scripts', () => {
    const scale = { questions: { center: 0.8, spread: 0.025, across: { center: 0.74, spread: 0.025 } } };
    // Too low for two English questions, but well above what a Hindi and an English one meet at.
    const english = reviewed('english', at(Math.acos(0.8 + 2 * 0.025)));
    expect(matchReviewed(at(0), [english], scale, true)).toBeNull();
    expect(matchReviewed(at(0), [english], scale, false)?.id).toBe('english');
    const hindi = { ...reviewed('hindi', at(Math.acos(0.8 + 2 * 0.025))), latin: [false] };
    expect(matchReviewed(at(0), [hindi], scale, false)).toBeNull();
  });

  it('keeps the vectors as floats, read from bytes that start anywhere', () => {
    const packed = QuestionVectors.pack([at(0.3), at(1.1)]);
    const shifted = new Uint8Array(packed.length + 1);
    shifted.set(packed, 1);
    const vectors = new QuestionVectors(shifted.subarray(1), DIMENSIONS);
    expect(vectors.count).toBe(2);
    expect(vectors.dotWith(1, Float64Array.from(at(1.1)))).toBeCloseTo(1, 6);
    expect(vectors.dotWith(0, Float64Array.from(at(0)))).toBeCloseTo(Math.cos(0.3), 6);
    // A Buffer from a pool, as the database driver gives: its slice would share the pool.
    const pooled = Buffer.concat([Buffer.from([7]), packed]).subarray(1);
    expect(new QuestionVectors(pooled, DIMENSIONS).dotWith(1, Float64Array.from(at(1.1)))).toBeCloseTo(1, 6);
  });

  it('matches nothing without a scale to read cosines on', () => {
    expect(matchReviewed(at(0), [reviewed('a', at(0))], null)).toBeNull();
  });

  it('reads a question with its answer: the mean of the two, of unit length', () => {
    const v = matchVector(at(0), at(Math.PI / 2));
    expect(v[0]).toBeCloseTo(Math.SQRT1_2);
    expect(v[1]).toBeCloseTo(Math.SQRT1_2);
  });

  it('without a model, takes only the same words, whatever the case, spacing and punctuation', () => {
    expect(sameWords('What is Braille?', '  what is   braille ')).toBe(true);
    expect(sameWords('क्या ब्रेल है?', 'क्या ब्रेल है')).toBe(true);
    expect(sameWords('What is Braille?', 'What is sign language?')).toBe(false);
  });
});
