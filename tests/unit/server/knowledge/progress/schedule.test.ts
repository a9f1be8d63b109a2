import { describe, expect, it } from 'vitest';
import { nextScheduledRun } from '../../../../../src/server/knowledge/progress/schedule';

describe('nextScheduledRun', () => {
  const start = Date.UTC(2026, 10, 23, 21, 0, 0);
  const minute = 60_000;

  it('is one interval after the start before the first run', () => {
    expect(nextScheduledRun(start, 10 * minute, start + minute)?.getTime()).toBe(start + 10 * minute);
  });

  it('is the run after the last one that started', () => {
    expect(nextScheduledRun(start, 10 * minute, start + 25 * minute)?.getTime()).toBe(start + 30 * minute);
  });

  it('at the very moment of a run, is the following one', () => {
    expect(nextScheduledRun(start, 10 * minute, start + 10 * minute)?.getTime()).toBe(start + 20 * minute);
  });

  it('is null without a schedule or before the worker started', () => {
    expect(nextScheduledRun(start, 0, start)).toBeNull();
    expect(nextScheduledRun(null, minute, start)).toBeNull();
  });
});
