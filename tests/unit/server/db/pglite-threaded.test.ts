import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThreadedPglite } from '../../../../src/server/db/pglite-threaded';

describe('PGlite in its own thread', () => {
  let dir: string;
  let db: ThreadedPglite;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'dish-pglite-thread-'));
    db = await ThreadedPglite.open(path.join(dir, 'pglite'));
    await db.query('CREATE TABLE t (id int PRIMARY KEY, data bytea, at timestamptz DEFAULT now())');
  }, 60_000);

  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers rows as objects or arrays, bytea as Buffers and times as written', async () => {
    await db.query('INSERT INTO t (id, data) VALUES ($1, $2)', [1, Buffer.from([0, 1, 254, 255])]);
    const objects = await db.query('SELECT id, data, at FROM t WHERE id = $1', [1]);
    const row = objects.rows[0] as { id: number; data: Buffer; at: unknown };
    expect(row.id).toBe(1);
    expect(Buffer.isBuffer(row.data)).toBe(true);
    expect([...row.data]).toEqual([0, 1, 254, 255]);
    expect(typeof row.at).toBe('string');
    const arrays = await db.query('SELECT data, id FROM t WHERE id = $1', [1], { rowMode: 'array' });
    const [data, id] = arrays.rows[0] as [Buffer, number];
    expect(Buffer.isBuffer(data) && data.length).toBe(4);
    expect(id).toBe(1);
  });

  it("keeps PostgreSQL's error fields", async () => {
    const error = (await db.query('INSERT INTO t (id) VALUES (1)').catch((e: unknown) => e)) as Error & {
      code?: string;
      constraint?: string;
    };
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('t_pkey');
  });

  it('commits a transaction whole, and statements sent meanwhile wait for it', async () => {
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (2)');
      outside = db.query('SELECT count(*)::int AS n FROM t');
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query('INSERT INTO t (id) VALUES (3)');
    });
    const counted = (await outside) as { rows: { n: number }[] };
    expect(counted.rows[0]!.n).toBe(3);
  });

  it('rolls back a transaction whose work throws', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES (4)');
        await tx.query('INSERT INTO t (id) VALUES (4)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query('SELECT count(*)::int AS n FROM t WHERE id = 4');
    expect((rows[0] as { n: number }).n).toBe(0);
    // The database goes on after it.
    await db.query('INSERT INTO t (id) VALUES (4)');
  });

  it('refuses statements once closed', async () => {
    const other = await ThreadedPglite.open(path.join(dir, 'other'));
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow('The database is closed.');
  }, 60_000);
});
