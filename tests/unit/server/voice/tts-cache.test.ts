import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneCache, touch } from '../../../../src/server/voice/tts-cache';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dish-tts-cache-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A file of `kb` kilobytes last used `minutesAgo` minutes ago. */
async function cached(name: string, kb: number, minutesAgo: number) {
  const file = path.join(dir, name);
  await writeFile(file, new Uint8Array(kb * 1024));
  const when = new Date(Date.now() - minutesAgo * 60_000);
  await utimes(file, when, when);
}

describe('pruneCache', () => {
  it('leaves a folder under the limit alone', async () => {
    await cached('a.mp3', 10, 5);
    await cached('b.mp3', 10, 1);
    expect(await pruneCache(dir, 100 * 1024)).toEqual({ removed: 0, bytes: 20 * 1024 });
    expect((await readdir(dir)).sort()).toEqual(['a.mp3', 'b.mp3']);
  });

  it('removes the least recently used answers until under 90 % of the limit, and nothing else', async () => {
    await cached('old.mp3', 40, 60);
    await cached('older.mp3', 40, 120);
    await cached('recent.mp3', 40, 1);
    await cached('middle.mp3', 40, 30);
    await writeFile(path.join(dir, '.x.mp3.part'), new Uint8Array(1024));
    const result = await pruneCache(dir, 100 * 1024);
    expect(result).toEqual({ removed: 2, bytes: 80 * 1024 });
    expect((await readdir(dir)).sort()).toEqual(['.x.mp3.part', 'middle.mp3', 'recent.mp3']);
  });

  it('never removes the answer just written, even when it alone is over the limit', async () => {
    await cached('new.mp3', 50, 0);
    await cached('old.mp3', 10, 10);
    expect(await pruneCache(dir, 20 * 1024, 'new.mp3')).toEqual({ removed: 1, bytes: 50 * 1024 });
    expect(await readdir(dir)).toEqual(['new.mp3']);
  });

  it('answers for a folder that does not exist yet', async () => {
    expect(await pruneCache(path.join(dir, 'missing'), 1)).toEqual({ removed: 0, bytes: 0 });
  });
});

describe('touch', () => {
  it('makes a file the most recently used, and ignores a missing one', async () => {
    await cached('a.mp3', 1, 600);
    await touch(path.join(dir, 'a.mp3'));
    expect(Date.now() - (await stat(path.join(dir, 'a.mp3'))).mtimeMs).toBeLessThan(5000);
    await expect(touch(path.join(dir, 'gone.mp3'))).resolves.toBeUndefined();
  });
});
