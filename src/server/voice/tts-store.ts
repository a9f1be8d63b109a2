import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { spokenAnswers } from '../db/schema';

/**
 * Spoken answers in the database, so that any web process can serve /tts/<name>: the process that
 * made one saves it here before the answer naming it is sent, and a process that lacks the file
 * copies it to its own folder on the first request (tts-cache.ts keeps that folder small).
 */
export interface SpokenStore {
  /** Keeps `mp3` under `name` (a second save of the same name only marks it used). */
  save(name: string, mp3: Uint8Array): Promise<void>;
  /** Marks `name` used; false when the database no longer has it. */
  touch(name: string): Promise<boolean>;
  /** The MP3 saved under `name`, marked used, or null. */
  load(name: string): Promise<Buffer | null>;
  /** Removes the least recently used answers until the rest take at most `maxBytes`. */
  prune(maxBytes: number): Promise<number>;
}

export function databaseSpokenStore(db: Db): SpokenStore {
  const touch = async (name: string) => {
    const rows = await db
      .update(spokenAnswers)
      .set({ usedAt: sql`now()` })
      .where(eq(spokenAnswers.name, name))
      .returning({ name: spokenAnswers.name });
    return rows.length > 0;
  };
  return {
    async save(name, mp3) {
      await db
        .insert(spokenAnswers)
        .values({ name, mp3: Buffer.from(mp3.buffer, mp3.byteOffset, mp3.byteLength), bytes: mp3.byteLength })
        .onConflictDoUpdate({ target: spokenAnswers.name, set: { usedAt: sql`now()` } });
    },
    touch,
    async load(name) {
      const [row] = await db
        .update(spokenAnswers)
        .set({ usedAt: sql`now()` })
        .where(eq(spokenAnswers.name, name))
        .returning({ mp3: spokenAnswers.mp3 });
      return row?.mp3 ?? null;
    },
    async prune(maxBytes) {
      // The running total from the most recently used down: everything past the limit goes.
      const removed = await db.execute(sql`
        DELETE FROM spoken_answers WHERE name IN (
          SELECT name FROM (
            SELECT name, sum(bytes) OVER (ORDER BY used_at DESC, name) AS kept FROM spoken_answers
          ) ranked WHERE kept > ${maxBytes}
        ) RETURNING name`);
      return rowCount(removed);
    },
  };
}

/** node-postgres and PGlite report the rows of a raw statement differently. */
function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : Array.isArray(result) ? result.length : 0;
}
