import { describe, expect, it } from 'vitest';
import { similarities } from '../../../../src/server/answering/retrieval';
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
