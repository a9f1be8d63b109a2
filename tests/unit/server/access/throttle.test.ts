import { describe, expect, it } from 'vitest';
import { slowdownFor } from '../../../../src/server/access/throttle';

describe('slowdownFor', () => {
  it('waits nothing for the first 3 failures, then doubles from the base up to 4 s', () => {
    expect([0, 1, 2].map((n) => slowdownFor(n, 250))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6, 7, 8].map((n) => slowdownFor(n, 250))).toEqual([250, 500, 1000, 2000, 4000, 4000]);
  });

  it('never waits with a base of 0', () => {
    expect(slowdownFor(20, 0)).toBe(0);
  });
});
