/**
 * What background work on the database (an item's passages written, their searched sentences
 * made, the model's scale measured again) asks before each statement. PGlite runs one statement
 * at a time, and a question's queries, issued one after another, each found the next background
 * statement already running: a question asked while a long document's passages were written took
 * 1.3 s instead of 0.1 (docs/performance.md). Giving way between statements, a question waits
 * for one statement at most.
 */
export interface Foreground {
  /** Resolves once nobody waits for an answer, or after `GIVE_WAY_MS` at the latest. */
  clear(): Promise<void>;
}

/**
 * The longest a background statement gives way: questions asked back to back must not stop an
 * item's indexing, only slow it.
 */
export const GIVE_WAY_MS = 2_000;

/** For a process that answers no questions (the ingestion worker), and for tests. */
export const nothingInFront: Foreground = { clear: () => Promise.resolve() };
