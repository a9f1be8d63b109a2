import { describe, expect, it } from 'vitest';
import {
  countsSentence,
  nextRunSentence,
  workSentence,
} from '../../../../../src/app/features/admin/progressText';
import type { IngestionProgress, WorkView } from '../../../../../src/shared/admin/progress';

const now = Date.UTC(2026, 10, 23, 21, 0, 0);
const progress = (over: Partial<IngestionProgress>): IngestionProgress => ({
  counts: { pending: 2, started: 1, completed: 7, failed: 1 },
  crawls: [],
  working: [],
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

describe('an item in work', () => {
  const work = (over: Partial<WorkView>): WorkView => ({
    id: 'w',
    source: 'Reports',
    name: 'census.pdf',
    stage: 'reading',
    done: 0,
    total: null,
    secondsLeft: null,
    ...over,
  });

  it('says the stage before its count is known', () => {
    expect(workSentence(work({}))).toBe('Reading census.pdf (Reports).');
    expect(workSentence(work({ stage: 'fetching' }))).toBe('Fetching census.pdf (Reports).');
  });

  it('counts pages while reading and passages after, with the time left once known', () => {
    expect(workSentence(work({ done: 4, total: 18 }))).toBe('Reading census.pdf (Reports): page 4 of 18.');
    expect(workSentence(work({ stage: 'embedding', done: 120, total: 480, secondsLeft: 95 }))).toBe(
      'Embedding census.pdf (Reports): 120 of 480 passages. About 2 minutes left.',
    );
    expect(workSentence(work({ stage: 'saving', done: 40, total: 480, secondsLeft: 1 }))).toBe(
      'Saving census.pdf (Reports): 40 of 480 passages. About 1 second left.',
    );
    expect(workSentence(work({ stage: 'embedding', done: 3, total: 480, secondsLeft: 42 }))).toMatch(
      /About 42 seconds left\.$/,
    );
  });
});
