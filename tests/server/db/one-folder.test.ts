/**
 * The embedded database's folder belongs to one server process (db/folder-lock.ts): a second
 * server started on the same DATA_DIR stops at once with a plain message, and the first goes on
 * with its data; a server stopped or killed leaves the folder to the next.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER, SUPER_ENV } from '../../support/admin';
import { Client } from '../../support/http';
import { startServerProcess } from '../../support/server-process';
import { sharedPath } from '../../support/shared';

const ENV = { ...SUPER_ENV, MODELS_DIR: sharedPath('fixtures') };

describe.skipIf(Boolean(process.env.DATABASE_URL))('one server to a DATA_DIR', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dish-one-folder-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const signIn = async (url: string) =>
    (await new Client(url).post('/auth/login', { emailOrPhone: SUPER.email, password: SUPER.password }))
      .status;

  it('refuses a second server while the first runs, and hands the folder on when it ends', async () => {
    const first = await startServerProcess(dataDir, ENV);
    try {
      await expect(startServerProcess(dataDir, ENV)).rejects.toThrow(
        new RegExp(
          `the server exited \\(1\\):[^]*is in use by another DISH server \\(process ${first.pid}\\)`,
        ),
      );
      expect(await signIn(first.url)).toBe(200);
    } finally {
      await first.stop();
    }
    // Stopped, it gave the folder back; killed, its id is left behind and taken over.
    const second = await startServerProcess(dataDir, ENV);
    expect(await signIn(second.url)).toBe(200);
    await second.kill();
    const third = await startServerProcess(dataDir, ENV);
    try {
      expect(await signIn(third.url)).toBe(200);
    } finally {
      await third.stop();
    }
  }, 120_000);
});
