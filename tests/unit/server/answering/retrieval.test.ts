import { describe, expect, it } from 'vitest';
import { fuse, similarities } from '../../../../src/server/answering/retrieval';
import { packVectors } from '../../../../src/server/knowledge/index/passage-vectors';

const unit = (v: number[]) => {
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
};
// A fixed pseudo-random sequence, so a failure can be replayed.
let seed = 7;
const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
const vector = (d: number) => unit(Array.from({ length: d }, random));

describe('similarities', () => {
  const text = 'One sentence here. Two sentences here.\n\nA third one. And a fourth.';
  const query = vector(8);
  const bytes = packVectors([vector(8), vector(8), vector(8), vector(8)]);

  it("gives each sentence's cosine, and its window's as the cosine to the sum of its neighbours", () => {
    const { sentenceSimilarity, windowSimilarity } = similarities(text, bytes, query);
    // The vectors as stored: int8, a unit vector's components times 127.
    const stored = Array.from(
      new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      (x) => x / 127,
    );
    const vectors = [0, 1, 2, 3].map((i) => stored.slice(i * 8, i * 8 + 8));
    const dot = (a: ArrayLike<number>, b: ArrayLike<number>) =>
      Array.from(a).reduce((sum, x, i) => sum + x * b[i]!, 0);
    expect(sentenceSimilarity).toHaveLength(4);
    vectors.forEach((v, i) => {
      expect(sentenceSimilarity[i]).toBeCloseTo(dot(query, v), 6);
      const sum = new Array<number>(8).fill(0);
      for (const w of vectors.slice(Math.max(0, i - 1), i + 2)) w.forEach((x, d) => (sum[d]! += x));
      expect(windowSimilarity[i]).toBeCloseTo(dot(query, sum) / Math.hypot(...sum), 6);
    });
  });

  it('gives nothing when the vectors do not match the sentences', () => {
    expect(similarities('Only one sentence.', bytes, query)).toEqual({
      sentenceSimilarity: [],
      windowSimilarity: [],
    });
    expect(similarities(text, null, query).sentenceSimilarity).toEqual([]);
  });
});

describe('fuse', () => {
  const ids = (...names: string[]) => names.map((id) => ({ id }));

  it('gives the words one vote and the meaning one, shared by the passages and the sentences', () => {
    const fused = new Map(fuse(ids('w'), ids('p', 's'), ids('s', 'p')));
    expect(fused.get('w')).toBeCloseTo(1 / 61, 12);
    // First and second in the two readings of the meaning: a whole vote between them.
    expect(fused.get('p')).toBeCloseTo(0.5 / 61 + 0.5 / 62, 12);
    expect(fused.get('s')).toBeCloseTo(fused.get('p')!, 12);
    // A passage both readings put first weighs as much as one first by its words.
    expect(new Map(fuse(ids('w'), ids('m'), ids('m'))).get('m')).toBeCloseTo(1 / 61, 12);
  });

  it("gives the passages' ranking the whole vote of the meaning without the sentences'", () => {
    // While sentences are still being made: a passage just indexed, first by its own vector,
    // ties with one first by its words rather than standing at half of it.
    const [first, second] = fuse(ids('w'), ids('new'), null);
    expect(first![1]).toBeCloseTo(1 / 61, 12);
    expect(second![1]).toBeCloseTo(1 / 61, 12);
    expect(fuse(ids('w'), ids('new'), [])).toEqual([
      ['w', 1 / 61],
      ['new', 0.5 / 61],
    ]);
  });

  it('gives a passage the words cannot see the vote of the meaning in their place', () => {
    // A Hindi question: its words found only Hindi passages ('hi'); the English passage ('en'),
    // second and first in the two readings of the meaning, counts as if the words agreed.
    const fused = fuse(ids('hi', 'hi2'), ids('x', 'en'), ids('en', 'x'), new Set(['en']));
    expect(fused[0]![0]).toBe('en');
    expect(fused[0]![1]).toBeCloseTo(2 * (0.5 / 62 + 0.5 / 61), 12);
    expect(new Map(fused).get('hi')).toBeCloseTo(1 / 61, 12);
    // Without it the words' first passage, which the meaning does not rank, comes first.
    expect(fuse(ids('hi', 'hi2'), ids('x', 'en'), ids('en', 'x'))[0]![0]).toBe('hi');
  });
});
