import { describe, expect, it } from 'vitest';
import { Limiter } from '../../../../src/server/answering/limiter';

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
});
