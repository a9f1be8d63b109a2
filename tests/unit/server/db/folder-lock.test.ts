import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderInUse, holdFolder } from '../../../../src/server/db/folder-lock';

describe('holdFolder', () => {
  let root: string;
  let folder: string;
  const lockFile = () => path.join(folder, 'dish.pid');
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'dish-lock-'));
    folder = path.join(root, 'pglite');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  /** A process that runs until killed, and its id. */
  const sleeper = () => spawn('sleep', ['60'], { stdio: 'ignore' });
  /** The id of a process that has ended. */
  const ended = async () => {
    const child = spawn('true', { stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    return child.pid!;
  };

  it('makes the folder, writes this process’s id, and removes it when given back', async () => {
    const release = await holdFolder(folder);
    expect(await readFile(lockFile(), 'utf8')).toBe(String(process.pid));
    await release();
    expect(existsSync(lockFile())).toBe(false);
    expect(existsSync(folder)).toBe(true);
  });

  it('may be taken again by the same process', async () => {
    const first = await holdFolder(folder);
    const second = await holdFolder(folder);
    await second();
    await first();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('is refused while another running process holds it, and left as it was', async () => {
    const other = sleeper();
    try {
      await mkdir(folder, { recursive: true });
      await writeFile(lockFile(), String(other.pid));
      const refusal = holdFolder(folder);
      await expect(refusal).rejects.toBeInstanceOf(FolderInUse);
      await expect(refusal).rejects.toThrow(`in use by another DISH server (process ${other.pid})`);
      await expect(refusal).rejects.toThrow(`If no other server runs, remove ${lockFile()}.`);
      expect(await readFile(lockFile(), 'utf8')).toBe(String(other.pid));
      expect(await readdir(folder)).toEqual(['dish.pid']);
    } finally {
      other.kill();
    }
  });

  it('takes over the id left by a process that ended, its parent’s, or a file that holds none', async () => {
    for (const left of [String(await ended()), String(process.ppid), '', 'not an id']) {
      await holdFolder(folder).then((release) => release());
      await writeFile(lockFile(), left);
      const release = await holdFolder(folder);
      expect(await readFile(lockFile(), 'utf8')).toBe(String(process.pid));
      await release();
    }
  });

  it('does not remove an id that another process wrote after it', async () => {
    const release = await holdFolder(folder);
    await writeFile(lockFile(), '1');
    await release();
    expect(await readFile(lockFile(), 'utf8')).toBe('1');
  });
});
