/** Spoken answers (issue 16): every web process can serve /tts/<name>. */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from './columns';

/**
 * A spoken answer's MP3, kept so that a process other than the one that made it can serve
 * /tts/<name>: each process keeps its own files under DATA_DIR/tts and fetches the ones it lacks
 * from here. Kept under TTS_CACHE_MB, the least recently used going first.
 */
export const spokenAnswers = pgTable(
  'spoken_answers',
  {
    /** `<sha256>.mp3`, the name the chat plays it by. */
    name: text('name').primaryKey(),
    mp3: bytea('mp3').notNull(),
    bytes: integer('bytes').notNull(),
    usedAt: timestamptz('used_at').notNull().defaultNow(),
  },
  (t) => [index('spoken_answers_used_at_idx').on(t.usedAt)],
);
