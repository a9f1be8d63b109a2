import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { nothingInFront, type Foreground } from '../../db/give-way';
import { fillSentences } from './passage-vectors';

/**
 * Passages whose searched sentences are made in one statement (some 4 ms an HNSW insert on
 * PGlite, a passage some 8 sentences): a question's query waits for one statement at most.
 */
const PASSAGES_AT_ONCE = 2;

/** Rest after a statement, in multiples of the time it took: questions get two thirds of the connection. */
const REST = 2;

/** Statements tried in a row for one page before its item is left to the next start's backfill. */
const ATTEMPTS = 3;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Makes the searched sentences (`chunk_sentences`) of passages already saved, in the background,
 * from their stored int8 sentence vectors: after an item is indexed, and at start for what an
 * older database or a stopped process left. Each row is an HNSW insert, a long document's some
 * 15 s of the database: written in the item's transaction they kept PGlite's one connection from
 * questions, and even a few to a statement, one after the other, kept a question waiting behind
 * them at every query (docs/performance.md). So statements are short, the filler rests after each
 * twice as long as it took, and the item is indexed (and searchable) without waiting for it: until
 * the rows are there the passage is found by retrieval's other two rankings.
 */
export class SentenceFiller {
  /** Items whose passages are to be looked at; null for every passage. */
  private readonly queue = new Set<string | null>();
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly dimensions: number,
    private readonly log: FastifyBaseLogger,
    /** The questions being answered: each statement waits until none is (db/give-way.ts). */
    private readonly foreground: Foreground = nothingInFront,
  ) {}

  /** Makes, in the background, the rows the passages of `item` (of every item when null) lack. */
  fill(item: string | null): void {
    if (this.stopped) return;
    this.queue.add(item);
    this.running ??= this.drain();
  }

  /** Whether passages still wait for their rows here (made or queued). */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Resolves once no passage waits for its rows (or the filler is stopped). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.settled();
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && this.queue.size > 0) {
        const item = this.queue.values().next().value ?? null;
        this.queue.delete(item);
        let after: string | null = null;
        let failures = 0;
        let done = false;
        while (!done && !this.stopped) {
          await this.foreground.clear();
          const started = performance.now();
          try {
            after = await fillSentences(this.db, this.dimensions, {
              item,
              after,
              passages: PASSAGES_AT_ONCE,
            });
            failures = 0;
            done = after === null;
          } catch (error) {
            // A passage deleted under the statement (its item indexed again meanwhile) fails it on
            // PostgreSQL; the next statement no longer sees that passage, so the same page is tried
            // again rather than leaving the item's other passages unsearched until the next start.
            failures += 1;
            done = failures >= ATTEMPTS;
            this.log.error({ err: error, item, failures }, 'the searched sentences could not be made');
          }
          await pause(REST * (performance.now() - started));
        }
      }
    } finally {
      // Set in the same turn as the last look at the queue: an item added after it starts anew.
      this.running = null;
    }
  }
}
