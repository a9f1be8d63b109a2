import { describe, expect, it } from 'vitest';
import { secondsLeft } from '../../../../../src/server/knowledge/progress/counts';

describe('the time a stage still needs', () => {
  it('is the pace so far times what is left', () => {
    expect(secondsLeft(100, 400, 20)).toBe(60);
    expect(secondsLeft(10, 11, 5)).toBe(1);
  });

  it('is not told before the pace can be: no total, too few done, too little time, or done', () => {
    expect(secondsLeft(100, null, 20)).toBeNull();
    expect(secondsLeft(2, 400, 20)).toBeNull();
    expect(secondsLeft(100, 400, 1)).toBeNull();
    expect(secondsLeft(400, 400, 20)).toBeNull();
    expect(secondsLeft(100, 400, null)).toBeNull();
  });

  it('never says less than a second while work is left', () => {
    expect(secondsLeft(1000, 1001, 2)).toBe(1);
  });
});
