/**
 * Issue 15: migration 0012 moves the key each project was created with into project_keys, so a
 * key handed out before keys had names keeps working, on the database a real install has.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../src/server/access/secrets';
import type { Db } from '../../../src/server/db/client';
import * as schema from '../../../src/server/db/schema';
import { liveKey } from '../../../src/server/access/keys';

const folder = path.resolve('src/server/db/migrations');
const files = readdirSync(folder)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const run = async (client: PGlite, file: string) => {
  for (const statement of readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await client.exec(statement);
  }
};

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create({ extensions: { vector } });
  // Every migration before 0012, a project with the key of those days, then the rest.
  const keys = files.findIndex((f) => f.startsWith('0012_'));
  for (const file of files.slice(0, keys)) await run(client, file);
  await client.query(
    `INSERT INTO projects (id, name, description, api_key_hash) VALUES ('legacy', 'Legacy', 'x', $1), ('keyless', 'Keyless', 'y', NULL)`,
    [sha256('dish_legacy-secret')],
  );
  for (const file of files.slice(keys)) await run(client, file);
}, 60_000);
afterAll(() => client?.close());

describe('migration 0012_project_keys', () => {
  it('keeps the old key working, listed as the project’s first key', async () => {
    const db = drizzle(client, { schema }) as unknown as Db;
    expect(await liveKey(db, 'dish_legacy-secret')).toMatchObject({ project: 'legacy' });
    const { rows } = await client.query<{ project: string; name: string; prefix: string }>(
      'SELECT project, name, prefix FROM project_keys',
    );
    expect(rows).toEqual([{ project: 'legacy', name: 'First key', prefix: 'dish_' }]);
  });

  it('drops the column that held it', async () => {
    const { rows } = await client.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'projects' AND column_name = 'api_key_hash'`,
    );
    expect(rows).toEqual([]);
  });
});
