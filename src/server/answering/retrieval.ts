import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows, textArray } from '../db/raw';
import { splitSentences } from '../knowledge/index/chunker';
import { cosine, vectorLiteral } from '../knowledge/index/embeddings';
import { unpackVectors, type SearchIndex } from '../knowledge/index/search-index';

export interface Passage {
  chunkId: string;
  itemId: string;
  sourceId: string;
  title: string;
  url: string | null;
  text: string;
  position: number;
  /** The page of a paged document (PDF) the passage starts on. */
  page: number | null;
  /** Reciprocal-rank fusion score: higher is better. */
  score: number;
  /** Full-text rank (ts_rank_cd) when the passage matched the words, else 0. */
  textRank: number;
  /**
   * Cosine of the question to each sentence of `splitSentences(text)` read with its neighbours,
   * when the passage has vectors; else empty.
   */
  sentenceSimilarity: number[];
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
  const depth = options.depth ?? 100;
  const text = query.trim().slice(0, 1000);
  if (!text || options.projects.length === 0) return [];
  const projects = textArray(options.projects);
  const tsquery = index.textQuery(text, 'any');
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
  let vector: number[] | undefined;
  if (index.embedder) {
    [vector] = await index.embedder.embed([text]);
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
    page: number | null;
    sentence_vectors: Uint8Array | null;
  }>(
    db,
    sql`SELECT c.id, c.item_id, c.source_id, i.title, c.url, c.text, c.position, c.page,
               ${index.embedder ? sql`c.sentence_vectors` : sql`NULL`} AS sentence_vectors
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
            page: r.page,
            score,
            textRank: textRanks.get(id) ?? 0,
            sentenceSimilarity: similarities(r.text, r.sentence_vectors, vector),
          },
        ]
      : [];
  });
}

/** The question's cosine to each sentence window of a passage, when both have vectors. */
function similarities(text: string, bytes: Uint8Array | null, query: number[] | undefined): number[] {
  if (!query || !bytes) return [];
  const vectors = unpackVectors(bytes, query.length);
  // Vectors of another splitting of the text would point at the wrong sentences.
  if (vectors.length !== splitSentences(text).length) return [];
  return vectors.map((v) => cosine(query, v));
}
