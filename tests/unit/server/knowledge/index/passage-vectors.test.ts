import { describe, expect, it } from 'vitest';
import {
  meanVector,
  packVectors,
  PackedVectors,
} from '../../../../../src/server/knowledge/index/passage-vectors';

describe('sentence vectors as int8 bytes', () => {
  const vectors = [
    [0.6, -0.8, 0],
    [0, 0.28, -0.96],
  ];
  const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

  it('keeps the vectors in order, their products within 1/127 of the floats', () => {
    const bytes = packVectors(vectors);
    expect(bytes.byteLength).toBe(6);
    const packed = new PackedVectors(bytes, 3);
    expect(packed.count).toBe(2);
    for (const i of [0, 1]) {
      for (const j of [0, 1]) {
        expect(Math.abs(packed.dot(i, j) - dot(vectors[i]!, vectors[j]!))).toBeLessThan(2 / 127);
        expect(
          Math.abs(packed.dotWith(i, Float64Array.from(vectors[j]!)) - dot(vectors[i]!, vectors[j]!)),
        ).toBeLessThan(1 / 127);
      }
    }
    // Each component alone, against a unit axis.
    [0.6, -0.8, 0].forEach((x, d) => {
      const axis = new Float64Array(3);
      axis[d] = 1;
      expect(Math.abs(packed.dotWith(0, axis) - x)).toBeLessThan(1 / 127);
    });
  });

  it('gives 0 past the last vector', () => {
    expect(new PackedVectors(packVectors(vectors), 3).dot(1, 2)).toBe(0);
  });

  it('clamps what lies outside a unit vector and reads nothing from no bytes', () => {
    const clamped = new PackedVectors(packVectors([[2, -2]]), 2);
    expect(clamped.dotWith(0, Float64Array.from([1, 0]))).toBe(1);
    expect(clamped.dotWith(0, Float64Array.from([0, 1]))).toBe(-1);
    expect(new PackedVectors(null, 3).count).toBe(0);
    expect(new PackedVectors(new Uint8Array(0), 3).count).toBe(0);
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
