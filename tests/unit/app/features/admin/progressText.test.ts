import { describe, expect, it } from 'vitest';
import { countsSentence, nextRunSentence } from '../../../../../src/app/features/admin/progressText';
import type { IngestionProgress } from '../../../../../src/shared/admin/progress';

const now = Date.UTC(2026, 10, 23, 21, 0, 0);
const progress = (over: Partial<IngestionProgress>): IngestionProgress => ({
  counts: { pending: 2, started: 1, completed: 7, failed: 1 },
  crawls: [],
  nextRunAt: null,
  intervalSeconds: 0,
  ...over,
});

describe('the progress sentences', () => {
  it('name every count, completed as done', () => {
    expect(countsSentence(progress({}))).toBe('2 pending, 1 started, 7 done, 1 failed.');
  });

  it('say how long until the next scheduled run', () => {
    const next = new Date(now + 15 * 60_000).toISOString();
    expect(nextRunSentence(progress({ nextRunAt: next, intervalSeconds: 3600 }), now)).toMatch(
      /^Next scheduled run: .+ \(in 15 minutes\)\.$/,
    );
    const soon = new Date(now + 20_000).toISOString();
    expect(nextRunSentence(progress({ nextRunAt: soon }), now)).toMatch(/\(in less than a minute\)\.$/);
  });

  it('say how runs happen when this server has no schedule of its own', () => {
    expect(nextRunSentence(progress({ intervalSeconds: 600 }), now)).toBe(
      'Scheduled processing runs every 10 minutes.',
    );
    expect(nextRunSentence(progress({}), now)).toBe(
      'Processing runs only when it is started with (Force) Process Now.',
    );
  });
});
