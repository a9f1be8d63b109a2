import { describe, expect, it } from 'vitest';
import {
  meanVector,
  packVectors,
  unpackVectors,
} from '../../../../../src/server/knowledge/index/passage-vectors';

describe('sentence vectors as int8 bytes', () => {
  it('keeps each component within 1/127 and the vectors in order', () => {
    const vectors = [
      [0.6, -0.8, 0],
      [0, 0.28, -0.96],
    ];
    const bytes = packVectors(vectors);
    expect(bytes.byteLength).toBe(6);
    const back = unpackVectors(bytes, 3);
    expect(back).toHaveLength(2);
    back.forEach((v, i) => v.forEach((x, d) => expect(Math.abs(x - vectors[i]![d]!)).toBeLessThan(1 / 127)));
  });

  it('clamps what lies outside a unit vector and reads nothing from no bytes', () => {
    expect([...unpackVectors(packVectors([[2, -2]]), 2)[0]!]).toEqual([1, -1]);
    expect(unpackVectors(null, 3)).toEqual([]);
    expect(unpackVectors(new Uint8Array(0), 3)).toEqual([]);
  });
});

describe('meanVector', () => {
  it('gives the normalised mean direction', () => {
    const [x, y] = meanVector([
      [1, 0],
      [0, 1],
    ]);
    expect(x).toBeCloseTo(Math.SQRT1_2);
    expect(y).toBeCloseTo(Math.SQRT1_2);
  });
});
