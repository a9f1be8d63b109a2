import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw';

/**
 * How common the words of the passages are, read from the database's own statistics of the
 * full-text column (what ANALYZE samples: the most common lexemes and the share of passages
 * holding each). A question's common words ("access", "disabl") match most passages, and ranking
 * every match is where a question's time went (docs/performance.md); the rarer words say which
 * passages can answer.
 */
export class TermStats {
  private shares = new Map<string, number>();
  /** The share below which ANALYZE lists no word: every word it does not list is rarer. */
  private rarest = 0;
  private passages = 0;
  private loadedAt = -Infinity;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    /** Statistics change only when passages are analysed again: read them again this often. */
    private readonly maxAgeMs = 60_000,
  ) {}

  /** The statistics, read again in the background once they are older than `maxAgeMs`. */
  async current(): Promise<TermCounts> {
    if (this.loadedAt === -Infinity) await this.reload();
    else if (performance.now() - this.loadedAt > this.maxAgeMs) void this.reload();
    return {
      passages: this.passages,
      share: (lexeme) => this.shares.get(lexeme) ?? 0,
      atMost: (lexeme) => this.shares.get(lexeme) ?? this.rarest,
    };
  }

  private reload(): Promise<void> {
    this.loading ??= this.read()
      .catch(() => undefined)
      .finally(() => {
        this.loadedAt = performance.now();
        this.loading = null;
      });
    return this.loading;
  }

  private async read(): Promise<void> {
    const [stats] = await queryRows<{ elems: string[] | null; freqs: number[] | null }>(
      this.db,
      sql`SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
          FROM pg_stats WHERE tablename = 'chunks' AND attname = 'tsv'`,
    );
    const [table] = await queryRows<{ rows: number }>(
      this.db,
      sql`SELECT reltuples::float8 AS rows FROM pg_class WHERE relname = 'chunks'`,
    );
    const elems = stats?.elems ?? [];
    const freqs = stats?.freqs ?? [];
    this.shares = new Map(elems.map((lexeme, i) => [lexeme, Number(freqs[i] ?? 0)]));
    // After the listed words' shares come the least and the greatest of them (PostgreSQL's pg_stats).
    this.rarest = Number(freqs[elems.length] ?? 0);
    this.passages = Math.max(0, Number(table?.rows ?? 0));
  }
}

export interface TermCounts {
  /** How many passages there are (as last analysed). */
  passages: number;
  /** The share of passages holding a word, when ANALYZE listed it among the common ones; else 0. */
  share(lexeme: string): number;
  /** The same, else the least share ANALYZE lists: a word it does not list is rarer than that. */
  atMost(lexeme: string): number;
}

/**
 * How much a word tells which passages answer, as BM25 weighs it (its inverse document
 * frequency): a word most passages hold tells little ("access" in an accessibility knowledge
 * base), a rare one much. Without statistics every word weighs the same.
 */
export function wordWeight(lexeme: string, counts: TermCounts): number {
  if (counts.passages <= 0) return 1;
  const holding = counts.atMost(lexeme) * counts.passages;
  return Math.log(1 + (counts.passages - holding + 0.5) / (holding + 0.5));
}

/** Gathers the statistics afresh: after an ingestion run, and once for a database never analysed. */
export async function analyzePassages(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE chunks`);
}

export async function passagesAnalyzed(db: Db): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM pg_stats WHERE tablename = 'chunks' AND attname = 'tsv'`,
  );
  return rows.length > 0;
}

/**
 * The words of a question that decide which passages are ranked: the rarest first, as many as
 * keep the expected number of matching passages within `budget`, and always the rarest one.
 * Null when every word may take part (the statistics say the matches are few, or say nothing).
 * The ranking itself still weighs every word of the question.
 */
export function narrowingTerms(
  terms: string[],
  stats: Pick<TermCounts, 'passages' | 'share'>,
  budget: number,
): string[] | null {
  const expected = (list: string[]) =>
    list.reduce((sum, term) => sum + stats.share(term) * stats.passages, 0);
  if (terms.length === 0 || expected(terms) <= budget) return null;
  const rarest = [...terms].sort((a, b) => stats.share(a) - stats.share(b));
  const kept = [rarest[0]!];
  for (const term of rarest.slice(1)) {
    if (expected([...kept, term]) > budget) break;
    kept.push(term);
  }
  return kept;
}
