import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER_ENV, signInSuper } from '../../support/admin';
import { startTestServer, type TestServer } from '../../support/server';

/**
 * PostgreSQL ending the server's idle connections (a restart, pg_terminate_backend) does not end
 * the server: the pool drops them and opens new ones for the next request.
 */
describe.skipIf(!process.env.DATABASE_URL)('a database connection ended by PostgreSQL', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(SUPER_ENV);
  }, 60_000);
  afterAll(() => t?.stop());

  it('is replaced, and the server keeps answering', async () => {
    const admin = await signInSuper(t);
    expect((await admin.post('/admin/get_data_bank', { queryingApp: 'dish' })).status).toBe(200);
    const database = new URL(t.config.DATABASE_URL!).pathname.slice(1);
    const killer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await killer.connect();
    try {
      const ended = await killer.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await killer.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    expect((await admin.post('/admin/get_data_bank', { queryingApp: 'dish' })).status).toBe(200);
  });
});
