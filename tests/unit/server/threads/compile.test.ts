import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compiledEntry, pruneBundles } from '../../../../src/server/threads/compile';

const THREAD = new URL('../../../../src/server/knowledge/sandbox/thread.ts', import.meta.url);
const DAY = 24 * 60 * 60 * 1000;

describe('compiledEntry', () => {
  it('bundles a TypeScript entry once, to JavaScript under node_modules/.cache', async () => {
    const url = await compiledEntry(THREAD);
    expect(url?.href).toMatch(/\/node_modules\/\.cache\/dish-threads\/[0-9a-f]{16}\/thread\.js$/);
    expect(existsSync(fileURLToPath(url!))).toBe(true);
    // The same promise for the process's later threads: bundled once.
    expect(compiledEntry(THREAD)).toBe(compiledEntry(THREAD));
  });

  it('marks its folder in use at each later thread start, so no other version prunes it', async () => {
    const folder = path.dirname(fileURLToPath((await compiledEntry(THREAD))!));
    // A day, not a week: the pruning the first bundle started may still be looking at the folder.
    const yesterday = new Date(Date.now() - DAY);
    await utimes(folder, yesterday, yesterday);
    void compiledEntry(THREAD);
    await vi.waitFor(async () => expect((await stat(folder)).mtimeMs).toBeGreaterThan(Date.now() - 60_000));
  });

  it('marks a folder found from an earlier run in use before it prunes the old ones', async () => {
    const folder = path.dirname(fileURLToPath((await compiledEntry(THREAD))!));
    const weeksAgo = new Date(Date.now() - 30 * DAY);
    await utimes(folder, weeksAgo, weeksAgo);
    // A new process of the same version: a fresh module, which finds the folder written before.
    vi.resetModules();
    const fresh = await import('../../../../src/server/threads/compile');
    expect(path.dirname(fileURLToPath((await fresh.compiledEntry(THREAD))!))).toBe(folder);
    expect((await stat(folder)).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers null, with a warning, for what cannot be bundled: its thread runs through tsx', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const missing = new URL('./no-such-entry.ts', import.meta.url);
    expect(await compiledEntry(missing)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('pruneBundles', () => {
  let cache: string;
  const now = Date.now();

  /** A folder under the cache holding one file, last used `age` ms before `now`. */
  async function folder(name: string, age: number): Promise<string> {
    const dir = path.join(cache, name);
    await mkdir(path.join(dir, 'chunks'), { recursive: true });
    const when = new Date(now - age);
    await utimes(dir, when, when);
    return dir;
  }

  beforeEach(async () => {
    cache = await mkdtemp(path.join(os.tmpdir(), 'dish-threads-'));
  });
  afterEach(async () => {
    await rm(cache, { recursive: true, force: true });
  });

  it('removes bundle folders unused for longer than the age given', async () => {
    const old = await folder('0123456789abcdef', 8 * DAY);
    await pruneBundles(cache, now, 7 * DAY);
    expect(existsSync(old)).toBe(false);
  });

  it('removes temporary folders a crash left behind, once they are as old', async () => {
    const left = await folder('0123456789abcdef.1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b', 8 * DAY);
    await pruneBundles(cache, now, 7 * DAY);
    expect(existsSync(left)).toBe(false);
  });

  it('keeps the folders used recently, those being written among them', async () => {
    const recent = await folder('fedcba9876543210', 6 * DAY);
    const writing = await folder('fedcba9876543210.1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b', 0);
    await pruneBundles(cache, now, 7 * DAY);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(writing)).toBe(true);
  });

  it('leaves alone what is not a bundle folder, however old', async () => {
    const other = await folder('notes', 30 * DAY);
    await pruneBundles(cache, now, 7 * DAY);
    expect(existsSync(other)).toBe(true);
  });

  it('does not fail when the cache folder does not exist', async () => {
    await expect(pruneBundles(path.join(cache, 'missing'), now, 7 * DAY)).resolves.toBeUndefined();
  });
});
