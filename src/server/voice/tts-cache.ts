import { readdir, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes the least recently used `.mp3` files until the folder is under 90 % of `maxBytes`;
 * `keep` (the answer just written, about to be fetched) is never removed.
 */
export async function pruneCache(
  dir: string,
  maxBytes: number,
  keep = '',
): Promise<{ removed: number; bytes: number }> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.mp3'));
  const files = (
    await Promise.all(
      names.map(async (name) => {
        const info = await stat(path.join(dir, name)).catch(() => null);
        return info?.isFile() ? { name, size: info.size, used: info.mtimeMs } : null;
      }),
    )
  ).filter((f) => f !== null);
  let bytes = files.reduce((n, f) => n + f.size, 0);
  if (bytes <= maxBytes) return { removed: 0, bytes };
  let removed = 0;
  // Well under the limit, so that the next few answers do not prune again.
  const target = maxBytes * 0.9;
  for (const file of files.sort((a, b) => a.used - b.used)) {
    if (bytes <= target) break;
    if (file.name === keep) continue;
    await rm(path.join(dir, file.name), { force: true });
    bytes -= file.size;
    removed++;
  }
  return { removed, bytes };
}

/** Marks a cached file as just used (its modification time is the cache's "last used"). */
export async function touch(file: string): Promise<void> {
  const now = new Date();
  await utimes(file, now, now).catch(() => undefined);
}
