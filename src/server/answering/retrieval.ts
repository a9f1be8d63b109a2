import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows, textArray } from '../db/raw';
import { detectLanguage } from '../knowledge/index/language';
import { vectorLiteral } from '../knowledge/index/embeddings';
import type { SearchIndex } from '../knowledge/index/search-index';

export interface Passage {
  chunkId: string;
  itemId: string;
  sourceId: string;
  title: string;
  url: string | null;
  text: string;
  position: number;
  /** Reciprocal-rank fusion score: higher is better. */
  score: number;
  /** Full-text rank (ts_rank_cd) when the passage matched the words, else 0. */
  textRank: number;
}

export interface RetrieveOptions {
  projects: string[];
  limit?: number;
  /** Candidates taken from each ranking before fusion. */
  depth?: number;
}

// The usual RRF constant: a passage ranked first in one list and absent from the other still
// counts, but agreement of both lists counts most.
const RRF_K = 60;

/**
 * Hybrid retrieval (DECISIONS §4): full-text ranking and, when available, vector similarity,
 * fused by reciprocal rank. Only passages of enabled sources of the given projects count.
 */
export async function retrieve(
  db: Db,
  index: SearchIndex,
  query: string,
  options: RetrieveOptions,
): Promise<Passage[]> {
  const limit = options.limit ?? 5;
  const depth = options.depth ?? 50;
  const text = query.trim().slice(0, 1000);
  if (!text || options.projects.length === 0) return [];
  const config = index.configFor(detectLanguage(text));
  const projects = textArray(options.projects);

  // Any of the words may match (a question's words are not all in the answer), stemmed for the
  // question's language and also as typed, for passages indexed without a stemmer.
  const tsquery = sql`(
    to_tsquery(${config}::regconfig, coalesce(nullif(replace(plainto_tsquery(${config}::regconfig, ${text})::text, '&', '|'), ''), ''))
    || to_tsquery('simple', coalesce(nullif(replace(plainto_tsquery('simple', ${text})::text, '&', '|'), ''), ''))
  )`;
  const fullText = await queryRows<{ id: string; rank: number }>(
    db,
    sql`SELECT c.id, ts_rank_cd(c.tsv, q.query) AS rank
        FROM chunks c
        JOIN sources s ON s.id = c.source_id AND s.is_active
        CROSS JOIN (SELECT ${tsquery} AS query) q
        WHERE c.project = ANY(${projects}) AND c.tsv @@ q.query
        ORDER BY rank DESC
        LIMIT ${depth}`,
  );

  let semantic: { id: string }[] = [];
  if (index.embedder) {
    const [vector] = await index.embedder.embed([text]);
    if (vector) {
      semantic = await queryRows<{ id: string }>(
        db,
        sql`SELECT c.id
            FROM chunks c
            JOIN sources s ON s.id = c.source_id AND s.is_active
            WHERE c.project = ANY(${projects}) AND c.embedding IS NOT NULL
            ORDER BY c.embedding <=> ${vectorLiteral(vector)}::vector
            LIMIT ${depth}`,
      );
    }
  }

  const fused = new Map<string, number>();
  const textRanks = new Map<string, number>();
  fullText.forEach((row, i) => {
    fused.set(row.id, (fused.get(row.id) ?? 0) + 1 / (RRF_K + i + 1));
    textRanks.set(row.id, Number(row.rank));
  });
  semantic.forEach((row, i) => fused.set(row.id, (fused.get(row.id) ?? 0) + 1 / (RRF_K + i + 1)));
  const best = [...fused.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit);
  if (best.length === 0) return [];

  const rows = await queryRows<{
    id: string;
    item_id: string;
    source_id: string;
    title: string;
    url: string | null;
    text: string;
    position: number;
  }>(
    db,
    sql`SELECT c.id, c.item_id, c.source_id, i.title, c.url, c.text, c.position
        FROM chunks c JOIN ingested_data i ON i.id = c.item_id
        WHERE c.id IN (${sql.join(
          best.map(([id]) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return best.flatMap(([id, score]) => {
    const r = byId.get(id);
    return r
      ? [
          {
            chunkId: r.id,
            itemId: r.item_id,
            sourceId: r.source_id,
            title: r.title,
            url: r.url,
            text: r.text,
            position: r.position,
            score,
            textRank: textRanks.get(id) ?? 0,
          },
        ]
      : [];
  });
}
