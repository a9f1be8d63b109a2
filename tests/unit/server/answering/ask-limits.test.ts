import { describe, expect, it } from 'vitest';
import { memoryAskLimits } from '../../../../src/server/answering/ask-limits';

describe('memoryAskLimits (one process, no REDIS_URL)', () => {
  it('allows max uses in a window and refuses the next, then allows again in the next window', async () => {
    let now = 1_000_000;
    const limits = memoryAskLimits(() => now);
    const results: boolean[] = [];
    for (let i = 0; i < 4; i++) results.push(await limits.count('asks:a', 3, 60_000));
    expect(results).toEqual([true, true, true, false]);
    now += 60_000;
    expect(await limits.count('asks:a', 3, 60_000)).toBe(true);
  });

  it('counts each key on its own', async () => {
    const limits = memoryAskLimits();
    expect(await limits.count('asks:a', 1, 60_000)).toBe(true);
    expect(await limits.count('asks:b', 1, 60_000)).toBe(true);
    expect(await limits.count('asks:a', 1, 60_000)).toBe(false);
  });

  it('holds a key for one holder until released', async () => {
    const limits = memoryAskLimits();
    const release = await limits.hold('session:s');
    expect(release).not.toBeNull();
    expect(await limits.hold('session:s')).toBeNull();
    expect(await limits.hold('session:t')).not.toBeNull();
    await release!();
    expect(await limits.hold('session:s')).not.toBeNull();
  });

  it('a second release by the same holder leaves the next holder alone', async () => {
    const limits = memoryAskLimits();
    const release = await limits.hold('session:s');
    await release!();
    const next = await limits.hold('session:s');
    await release!();
    expect(await limits.hold('session:s')).toBeNull();
    await next!();
  });
});
