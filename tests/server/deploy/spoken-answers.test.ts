import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { spokenAnswers } from '../../../src/server/db/schema';
import { registerTtsRoute } from '../../../src/server/voice/route';
import { createPostgresDatabase } from '../../support/server';
import { Speaker } from '../../../src/server/voice/tts';
import { databaseSpokenStore } from '../../../src/server/voice/tts-store';

/**
 * Two speakers with folders of their own and one database stand for two web processes: what
 * one says, the other serves (processes.test.ts does the same with real processes). On PGlite,
 * and on PostgreSQL in the second pass of `.ci/run` (the pruning is SQL of its own).
 */
let root: string;
let database: Database;
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'dish-tts-store-'));
  postgres = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : undefined;
  database = await openDatabase({ dataDir: path.join(root, 'db'), databaseUrl: postgres?.url });
});
afterAll(async () => {
  await database?.close();
  await postgres?.drop();
  await rm(root, { recursive: true, force: true });
});

const speakerIn = (name: string, maxBytes?: number) =>
  new Speaker({ dir: path.join(root, name), store: databaseSpokenStore(database.db), maxBytes });

describe('spoken answers kept in the database', () => {
  it('an answer spoken by one process is served by another that never made it', async () => {
    const made = (await speakerIn('first').speak('A ramp at the side door leads to the lift.'))!;
    const app = Fastify();
    const other = speakerIn('second');
    registerTtsRoute(app, path.join(root, 'second'), (name) => other.restore(name));
    try {
      const res = await app.inject({ url: `/tts/${made.file}`, headers: { range: 'bytes=0-99' } });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      const original = await readFile(path.join(root, 'first', made.file));
      expect(res.rawPayload.equals(original.subarray(0, 100))).toBe(true);
      // Now a file of its own: the next request does not ask the database.
      expect((await readFile(path.join(root, 'second', made.file))).equals(original)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('a name the database does not have is still a 404', async () => {
    const app = Fastify();
    const other = speakerIn('third');
    registerTtsRoute(app, path.join(root, 'third'), (name) => other.restore(name));
    try {
      expect((await app.inject({ url: `/tts/${'0'.repeat(64)}.mp3` })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('an answer found in the folder but gone from the database is saved there again', async () => {
    const speaker = speakerIn('fourth');
    const text = 'The library opens at nine and has a hearing loop at the desk.';
    const first = (await speaker.speak(text))!;
    await database.db.delete(spokenAnswers);
    const second = (await speaker.speak(text))!;
    expect(second).toMatchObject({ file: first.file, synthesized: false });
    expect(await databaseSpokenStore(database.db).load(first.file)).not.toBeNull();
  });

  it('keeps the database under the size limit, the least recently used going first', async () => {
    const store = databaseSpokenStore(database.db);
    await database.db.delete(spokenAnswers);
    const names = ['a', 'b', 'c'].map((c) => `${c.repeat(64)}.mp3`);
    for (const name of names) {
      await store.save(name, new Uint8Array(1000));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // "a" was used last, so "b" (then "c") is the oldest.
    expect(await store.touch(names[0]!)).toBe(true);
    expect(await store.prune(2000)).toBe(1);
    const kept = await database.db.select({ name: spokenAnswers.name }).from(spokenAnswers);
    expect(kept.map((r) => r.name).sort()).toEqual([names[0], names[2]]);
  });
});
