import { describe, expect, it, vi } from 'vitest';
import { Limiter } from '../../../../src/server/answering/limiter';
import { GIVE_WAY_MS } from '../../../../src/server/db/give-way';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('Limiter', () => {
  it('runs at most N tasks at once and the rest in arrival order', async () => {
    const limiter = new Limiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const tasks = Array.from({ length: 6 }, (_, i) =>
      limiter.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await tick();
        running--;
        return i;
      }),
    );
    expect(limiter.queued).toBe(4);
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(limiter.queued).toBe(0);
  });

  it('frees its place when a task fails', async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(() => Promise.resolve('next'))).toBe('next');
  });

  it('lets background work through only once no task runs or waits', async () => {
    const limiter = new Limiter(1);
    await limiter.clear();
    const ends: (() => void)[] = [];
    const task = () => new Promise<void>((resolve) => ends.push(resolve));
    const first = limiter.run(task);
    const second = limiter.run(task);
    let through = false;
    const background = limiter.clear().then(() => (through = true));
    await vi.waitFor(() => expect(ends).toHaveLength(1));
    ends[0]!();
    await first;
    // The second question took the first one's place: the background still waits.
    await vi.waitFor(() => expect(ends).toHaveLength(2));
    expect(through).toBe(false);
    ends[1]!();
    await second;
    await background;
    expect(through).toBe(true);
  });

  it('lets background work through after a while however busy the questions keep it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const limiter = new Limiter(1);
      void limiter.run(() => new Promise<void>(() => undefined));
      let through = false;
      void limiter.clear().then(() => (through = true));
      await vi.advanceTimersByTimeAsync(GIVE_WAY_MS - 1);
      expect(through).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(through).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
