/**
 * countInWindow: the one counting rule of the sign-in throttle and the API keys' rate limit,
 * against the real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countInWindow } from '../../../src/server/access/throttle';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const db = () => t.server.database.db;
const countOf = async (key: string, windowMs = 60_000) => {
  const [row] = await countInWindow(db(), [key], windowMs);
  return row;
};

describe('countInWindow', () => {
  it('counts each key on its own, several keys in one call', async () => {
    expect((await countOf('test:a'))?.count).toBe(1);
    expect((await countOf('test:a'))?.count).toBe(2);
    const rows = await countInWindow(db(), ['test:a', 'test:b'], 60_000);
    expect(rows.map(({ key, count }) => [key, count]).sort()).toEqual([
      ['test:a', 3],
      ['test:b', 1],
    ]);
  });

  it('gives parallel callers each their own count', async () => {
    const counts = await Promise.all(Array.from({ length: 5 }, () => countOf('test:parallel')));
    expect(counts.map((row) => row?.count).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('says what is left of the window, and starts again at one once it has passed', async () => {
    const first = await countOf('test:window', 300);
    expect(first?.leftMs).toBeGreaterThan(0);
    expect(first?.leftMs).toBeLessThanOrEqual(300);
    expect((await countOf('test:window', 300))?.count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await countOf('test:window', 300))?.count).toBe(1);
  });
});
