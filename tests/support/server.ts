import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/server/config';
import { createServer, type DishServer, type ServerOverrides } from '../../src/server/compose/app';

export interface TestServer {
  url: string;
  server: DishServer;
  config: Config;
  stop(): Promise<void>;
}

/**
 * A real DISH server on a free port. PGlite in a fresh directory by default; with DATABASE_URL set
 * (as `.ci/run` does) a fresh PostgreSQL database of its own, dropped afterwards, so runs never
 * see each other's rows.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  overrides: ServerOverrides = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dish-test-'));
  // A database of its own, unless the test names one (processes sharing one database).
  const database =
    process.env.DATABASE_URL && !env.DATABASE_URL
      ? await createPostgresDatabase(process.env.DATABASE_URL)
      : undefined;
  // A copy of the suite's new database (pglite-template.ts); the servers of shutdown.test.ts and
  // bombs.test.ts still make theirs as a first start does.
  const template = suiteTemplate();
  if (template && !env.DATABASE_URL && !env.DATA_DIR)
    await cp(template, path.join(dataDir, 'pglite'), { recursive: true });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-app'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    AUTH_SLOWDOWN_MS: '1',
    // No test reaches the internet: models come from MODELS_DIR or, in the tests of downloading, a local hub.
    ALLOW_REMOTE_MODELS: 'false',
    // Every test registers from 127.0.0.1; the registration limit has tests of its own.
    AUTH_MAX_REGISTRATIONS: '100000',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const server = await createServer(config, overrides);
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    server,
    config,
    async stop() {
      await server.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `dish_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The suite's new database, when run by vitest with its global setup (benches start theirs). */
function suiteTemplate(): string {
  try {
    return inject('pgliteTemplate') ?? '';
  } catch {
    return '';
  }
}
