import { describe, expect, it } from 'vitest';
import { likeLengthRuns, RUN_CHARACTERS, RUN_TEXTS } from '../../../../../src/server/knowledge/index/batches';

const text = (length: number) => 'a'.repeat(length);

describe('runs of the model', () => {
  it('takes every text once, shortest first, at most RUN_TEXTS of them a run', () => {
    const texts = Array.from({ length: 40 }, (_, i) => text(40 - i));
    const runs = likeLengthRuns(texts);
    expect(runs.map((r) => r.length)).toEqual([RUN_TEXTS, RUN_TEXTS, 8]);
    expect(runs.flat().sort((a, b) => a - b)).toEqual(texts.map((_, i) => i));
    const lengths = runs.flat().map((i) => texts[i]!.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  });

  it('keeps a run of long texts short: their count times the longest stays within RUN_CHARACTERS', () => {
    const long = RUN_CHARACTERS / 4;
    const texts = [...Array.from({ length: 10 }, () => text(long)), text(20), text(30)];
    const runs = likeLengthRuns(texts);
    for (const run of runs) {
      const longest = Math.max(...run.map((i) => texts[i]!.length));
      expect(run.length * longest).toBeLessThanOrEqual(RUN_CHARACTERS);
    }
    // The two short texts lead the first run, with the long ones that fit beside them.
    expect(runs[0]!.slice(0, 2)).toEqual([10, 11]);
    expect(runs).toHaveLength(3);
  });

  it('gives a text longer than the whole budget a run of its own, and nothing for nothing', () => {
    expect(likeLengthRuns([text(RUN_CHARACTERS * 2), text(5)])).toEqual([[1], [0]]);
    expect(likeLengthRuns([])).toEqual([]);
  });
});
