import { describe, expect, it } from 'vitest';
import { failureMessage } from '../../../../../src/server/knowledge/progress/work-progress';
import { throttledWrites } from '../../../../../src/server/knowledge/progress/throttled-writes';

describe('a failure in the Error column', () => {
  it('says the stage it failed in, then why', () => {
    expect(failureMessage('reading', 'This PDF is damaged.')).toBe(
      'Reading the file failed: This PDF is damaged.',
    );
    expect(failureMessage('embedding', 'The model stopped.')).toBe(
      'Indexing its passages failed: The model stopped.',
    );
  });

  it('is the reason alone when no stage was reached', () => {
    expect(failureMessage(null, 'The source of this item was deleted.')).toBe(
      'The source of this item was deleted.',
    );
  });
});

describe('progress written to the database', () => {
  it('writes the latest value at most every half second, one write at a time, and the last at the end', async () => {
    const written: number[] = [];
    let inFlight = 0;
    let most = 0;
    const writes = throttledWrites<number>(
      async (n) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        written.push(n);
        inFlight -= 1;
      },
      () => undefined,
    );
    writes.report(1, { now: true });
    for (let n = 2; n <= 50; n++) writes.report(n);
    await writes.end();
    expect(written).toEqual([1, 50]);
    expect(most).toBe(1);
  });

  it('tells a failed write and goes on', async () => {
    const failures: unknown[] = [];
    const written: number[] = [];
    let first = true;
    const writes = throttledWrites<number>(
      (n) => {
        if (first) {
          first = false;
          return Promise.reject(new Error('database gone'));
        }
        written.push(n);
        return Promise.resolve();
      },
      (error) => failures.push(error),
    );
    writes.report(1, { now: true });
    writes.report(2, { now: true });
    await writes.end();
    expect(failures).toHaveLength(1);
    expect(written).toEqual([2]);
  });
});
