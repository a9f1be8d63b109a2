import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows, textArray } from '../db/raw';
import { vectorLiteral } from '../knowledge/index/embeddings';
import { readsLatin } from '../knowledge/index/language';
import { PackedVectors } from '../knowledge/index/passage-vectors';
import { pairedCosine, type SimilarityScale } from '../knowledge/index/similarity-scale';
import type { QuestionWords, SearchIndex } from '../knowledge/index/search-index';
import { readPassage } from './passage-reading';
import { salientTerms } from './words';

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
  /** For a record of a database export: the export's address, which a person can open too. */
  origin: string | null;
  /** Reciprocal-rank fusion score: higher is better. */
  score: number;
  /** Full-text rank (ts_rank) when the passage matched the words, else 0. */
  textRank: number;
  /**
   * Cosine of the question to each sentence of `splitSentences(text)` read with its neighbours,
   * when the passage has vectors; else empty.
   */
  sentenceSimilarity: number[];
  /**
   * The same for each sentence read with its neighbours: the cosine to the normalised sum of the
   * three sentences' vectors (what embedding them together approximates, at no cost).
   */
  windowSimilarity: number[];
}

/** What the database holds of a passage, selected under these names; the rest is this search's. */
type StoredPassage = Omit<Passage, 'score' | 'textRank' | 'sentenceSimilarity' | 'windowSimilarity'>;

export interface RetrieveOptions {
  projects: string[];
  limit?: number;
  /** Rank by meaning too (default, when there is a model); false: by the words alone. */
  vectors?: boolean;
  /** Candidates taken from each ranking before fusion. */
  depth?: number;
  /** The question's embedding, when it was made already (the reviewed answers were asked with it). */
  embedding?: Promise<number[] | null> | undefined;
  /**
   * The model's scale: with the second model's in it, the sentences the second model read are
   * scored by the pair (`pairedCosine`); without, by the first model alone.
   */
  scale?: SimilarityScale | null | undefined;
}

// The usual RRF constant: a passage ranked first in one list and absent from the others still
// counts, but agreement of the lists counts most.
const RRF_K = 60;
/**
 * The sentences nearest the question that rank passages: pgvector's HNSW scan gives at most its
 * `ef_search` (40 by default) rows anyway, and a deeper list found no more answers (docs/chat.md).
 */
const SENTENCES_RANKED = 40;

/** A question's embedding, read as a question; null when no model reads its script (it would rank noise). */
export function questionVector(index: Pick<SearchIndex, 'embedder'>, text: string): Promise<number[] | null> {
  return index.embedder?.reads(text)
    ? index.embedder.embed([text], { as: 'query', urgent: true }).then(([v]) => v ?? null)
    : Promise.resolve(null);
}

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
  // The question's embedding is computed by the model's own threads while the database ranks
  // words, and its ranking starts as soon as it is ready. The vector of a question in a script
  // the model does not read would rank noise.
  const embedding =
    options.vectors === false ? Promise.resolve(null) : (options.embedding ?? questionVector(index, text));
  const second = index.embedder?.second;
  const pairScale =
    second && options.scale?.second ? { ...options.scale, second: options.scale.second } : null;
  const secondEmbedding =
    pairScale && second && options.vectors !== false ? questionVector({ embedder: second }, text) : null;
  const [fullText, semantic, sentences, vector] = await Promise.all([
    index
      .questionWords(text)
      .then((words) =>
        queryRows<{ id: string; rank: number }>(
          db,
          fullTextQuery(index, text, options.projects, depth, words),
        ),
      ),
    embedding.then((v) => (v ? nearestPassages(db, v, options.projects, depth) : [])),
    // Left out while passages wait for their sentences: those already made would outrank them.
    index.sentencesComplete
      ? embedding.then((v) => (v ? nearestSentences(db, v, options.projects) : null))
      : null,
    embedding,
  ]);

  const textRanks = new Map(fullText.map((row) => [row.id, Number(row.rank)]));
  const fused = fuse(fullText, semantic, sentences);
  // Only the script of a passage the words did not rank and that their vote in place would bring
  // among the best is read: the others stay out whatever it is (a vote given only raises the bar).
  const bar = fused[limit - 1]?.[1] ?? 0;
  const unseen = await passagesInAnotherScript(
    db,
    text,
    fused.filter(([id, score]) => !textRanks.has(id) && withWordsInPlace(score) >= bar).map(([id]) => id),
  );
  const best = (unseen.size ? fuse(fullText, semantic, sentences, unseen) : fused).slice(0, limit);
  if (best.length === 0) return [];

  const rows = await queryRows<
    StoredPassage & { sentenceVectors: Uint8Array | null; secondVectors: Uint8Array | null }
  >(
    db,
    sql`SELECT c.id AS "chunkId", c.item_id AS "itemId", c.source_id AS "sourceId", i.title, c.url, c.text,
               c.position, c.page, CASE WHEN i.resource_type = 'xml' THEN pd.url END AS origin,
               ${index.embedder ? sql`c.sentence_vectors` : sql`NULL`} AS "sentenceVectors",
               ${pairScale ? sql`c.second_vectors` : sql`NULL`} AS "secondVectors"
        FROM chunks c JOIN ingested_data i ON i.id = c.item_id
        LEFT JOIN pending_data pd ON pd.id = i.pending_id
        WHERE c.id IN (${sql.join(
          best.map(([id]) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  const byId = new Map(rows.map((r) => [r.chunkId, r]));
  const q = vector ? Float64Array.from(vector) : undefined;
  const secondVector = await secondEmbedding;
  const q2 = secondVector ? Float64Array.from(secondVector) : undefined;
  return best.flatMap(([id, score]) => {
    const row = byId.get(id);
    if (!row) return [];
    const { sentenceVectors, secondVectors, ...stored } = row;
    const own = similarities(stored.text, sentenceVectors, q);
    const bySecond = pairScale ? similarities(stored.text, secondVectors, q2) : null;
    return [
      {
        ...stored,
        score,
        textRank: textRanks.get(id) ?? 0,
        ...(pairScale && bySecond ? readAsPair(own, bySecond, pairScale) : own),
      },
    ];
  });
}

type Similarities = Pick<Passage, 'sentenceSimilarity' | 'windowSimilarity'>;
type PairScale = Parameters<typeof pairedCosine>[2];

/**
 * A passage's sentences as the two models read them together; as the first alone reads them
 * when the second has not read this passage (its vectors not made yet, or another script).
 */
function readAsPair(own: Similarities, second: Similarities, scale: PairScale): Similarities {
  const n = own.sentenceSimilarity.length;
  if (n === 0 || second.sentenceSimilarity.length !== n) return own;
  return {
    sentenceSimilarity: own.sentenceSimilarity.map((c, i) =>
      pairedCosine(c, second.sentenceSimilarity[i]!, scale),
    ),
    windowSimilarity: own.windowSimilarity.map((c, i) => pairedCosine(c, second.windowSimilarity[i]!, scale)),
  };
}

/** A passage's fused score from the meaning alone, with the words' vote given as the meaning's. */
const withWordsInPlace = (meaning: number) => 2 * meaning;

/**
 * The passages of the rankings by reciprocal rank, best first. The passages' and the sentences'
 * rankings are two readings of one signal, the meaning: they share its vote, so that the words
 * still count as much as the meaning; without the sentences' (null), the passages' has it whole.
 * The words' ranking cannot see a passage in another script than the question (none of the
 * question's words could be in it): such a passage (`unseen`) is given the meaning's vote in the
 * words' place, as if they agreed, rather than counted as one the words found nothing in: else a
 * Hindi question's words, which reach only the Hindi passages, outvote the English passages that
 * answer it (docs/knowledge-base.md).
 */
export function fuse(
  words: readonly { id: string }[],
  passages: readonly { id: string }[],
  sentences: readonly { id: string }[] | null,
  unseen: ReadonlySet<string> = new Set(),
): [string, number][] {
  const fused = new Map<string, number>();
  const vote = (list: readonly { id: string }[], weight: number) =>
    list.forEach((row, i) => fused.set(row.id, (fused.get(row.id) ?? 0) + weight / (RRF_K + i + 1)));
  vote(passages, sentences ? 0.5 : 1);
  if (sentences) vote(sentences, 0.5);
  for (const id of unseen) fused.set(id, withWordsInPlace(fused.get(id) ?? 0));
  vote(words, 1);
  return [...fused.entries()].sort((a, b) => b[1] - a[1]);
}

/** Which of these passages are written in another script than the question (fuse's `unseen`). */
async function passagesInAnotherScript(db: Db, question: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const texts = await queryRows<{ id: string; text: string }>(
    db,
    sql`SELECT id, text FROM chunks WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  const latin = readsLatin(question);
  return new Set(texts.filter((row) => readsLatin(row.text) !== latin).map((row) => row.id));
}

/**
 * The passages whose words match the question's (any of them), best ranked first: the first
 * stage of retrieval (tests/bench/retrieval.bench.ts times it and prints its plan). Each word's
 * `ts_rank` counts by its weight, as BM25 weighs words by their rarity (`ts_rank` alone weighs
 * "access" as much as "SaveAsDAISY"), and a long passage's less (`ts_rank`'s normalisation 1:
 * by the logarithm of its length).
 */
export const fullTextQuery = (
  index: SearchIndex,
  text: string,
  projects: string[],
  depth: number,
  words: QuestionWords | null,
) => {
  const rank = words?.weighted.length
    ? sql.join(
        words.weighted.map(
          ({ term, weight }) => sql`${weight}::float8 * ts_rank(c.tsv, ${term}::tsquery, 1)`,
        ),
        sql` + `,
      )
    : sql`ts_rank(c.tsv, q.query, 1)`;
  return sql`SELECT c.id, ${rank} AS rank
      FROM chunks c
      JOIN sources s ON s.id = c.source_id AND s.is_active
      CROSS JOIN (SELECT ${index.textQuery(text, 'any')} AS query) q
      WHERE c.project = ANY(${textArray(projects)}) AND c.tsv @@ ${words?.candidates ?? sql`q.query`}
      ORDER BY rank DESC
      LIMIT ${depth}`;
};

/** The passages nearest the question's vector, nearest first: the other stage. */
export const vectorQuery = (vector: number[], projects: string[], depth: number) =>
  sql`SELECT c.id
      FROM chunks c
      JOIN sources s ON s.id = c.source_id AND s.is_active
      WHERE c.project = ANY(${textArray(projects)}) AND c.embedding IS NOT NULL
      ORDER BY c.embedding <=> ${vectorLiteral(vector)}::vector
      LIMIT ${depth}`;

/** The largest `hnsw.ef_search` pgvector accepts. */
const HNSW_MAX_EF_SEARCH = 1000;

/**
 * The rows of a query ordered by an HNSW index, `depth` of them. pgvector's HNSW scan yields at
 * most its `hnsw.ef_search` rows (40 by default) whatever the LIMIT, and fewer still when other
 * projects' rows are among them; so the query alone searches as wide as it asks and scans on, in
 * order, until the LIMIT is met. At the default, the passages' ranking held about 41 passages
 * instead of 100, and a passage near in meaning beyond them lost the vote it would add to the
 * words' (docs/knowledge-base.md).
 */
function nearestFirst<T>(db: Db, depth: number, query: SQL): Promise<T[]> {
  const breadth = Math.min(HNSW_MAX_EF_SEARCH, Math.max(40, Math.trunc(depth)));
  return db.transaction(async (tx) => {
    // The iterative scan came with pgvector 0.8; on an older one (0.5 is enough for HNSW) the
    // setting would be refused, so it is asked for only where the extension has it.
    await tx.execute(
      sql`SELECT set_config('hnsw.ef_search', ${String(breadth)}, true),
                 CASE WHEN (SELECT string_to_array(extversion, '.')::int[] >= '{0,8}'
                            FROM pg_extension WHERE extname = 'vector')
                      THEN set_config('hnsw.iterative_scan', 'strict_order', true) END`,
    );
    return queryRows<T>(tx, query);
  });
}

/** The `depth` passages nearest the question's vector, nearest first. */
export const nearestPassages = (db: Db, vector: number[], projects: string[], depth: number) =>
  nearestFirst<{ id: string }>(db, depth, vectorQuery(vector, projects, depth));

/** The passages of the sentences nearest the question's vector, nearest first. */
export const nearestSentences = (db: Db, vector: number[], projects: string[]) =>
  nearestFirst<{ id: string }>(db, SENTENCES_RANKED, sentenceQuery(vector, projects));

/**
 * The passages holding the sentences nearest the question, nearest first: the third ranking. A
 * passage's own vector is the mean of its sentences, in which the one that answers is diluted.
 */
export const sentenceQuery = (vector: number[], projects: string[]) =>
  sql`SELECT t.chunk_id AS id
      FROM (SELECT cs.chunk_id, cs.embedding <=> ${vectorLiteral(vector)}::vector AS distance
            FROM chunk_sentences cs
            WHERE cs.project = ANY(${textArray(projects)})
            ORDER BY distance
            LIMIT ${SENTENCES_RANKED}) t
      JOIN chunks c ON c.id = t.chunk_id
      JOIN sources s ON s.id = c.source_id AND s.is_active
      GROUP BY t.chunk_id
      ORDER BY min(t.distance)`;

/** The question's cosine to each sentence of a passage, alone and with its neighbours. */
export function similarities(
  text: string,
  bytes: Uint8Array | null,
  query: ArrayLike<number> | undefined,
): Pick<Passage, 'sentenceSimilarity' | 'windowSimilarity'> {
  const none = { sentenceSimilarity: [], windowSimilarity: [] };
  if (!query || !bytes) return none;
  const vectors = new PackedVectors(bytes, query.length);
  const n = vectors.count;
  // Vectors of another splitting of the text would point at the wrong sentences.
  if (n === 0 || n !== readPassage(text).sentences.length) return none;
  const q = query instanceof Float64Array ? query : Float64Array.from(query);
  // A window's cosine from dot products: q·(a+b+c) is the sum of the sentences' own, and |a+b+c|²
  // the sum of their squares and of each pair's product, so no summed vector is made.
  const own = Array.from({ length: n }, (_, i) => vectors.dotWith(i, q));
  const square = Array.from({ length: n }, (_, i) => vectors.dot(i, i));
  const next = Array.from({ length: n }, (_, i) => vectors.dot(i, i + 1));
  const windowSimilarity = own.map((_, i) => {
    const first = Math.max(0, i - 1);
    const last = Math.min(n - 1, i + 1);
    let toQuery = 0;
    let length = 0;
    for (let j = first; j <= last; j++) {
      toQuery += own[j]!;
      length += square[j]! + (j < last ? 2 * next[j]! : 0);
    }
    if (last - first === 2) length += 2 * vectors.dot(first, last);
    return toQuery / (Math.sqrt(length) || 1);
  });
  return { sentenceSimilarity: own, windowSimilarity };
}

/**
 * The question's salient words (names, codes, long words) that no passage of the projects'
 * enabled sources holds, in any of the index's stemmings; a stop word is never one.
 */
export async function unknownTerms(
  db: Db,
  index: SearchIndex,
  query: string,
  projects: string[],
): Promise<string[]> {
  const terms = salientTerms(query.slice(0, 1000)).slice(0, 12);
  if (terms.length === 0 || projects.length === 0) return [];
  const rows = await queryRows<{ i: number; known: boolean }>(db, knownTermsQuery(index, terms, projects));
  const known = new Set(rows.filter((r) => r.known).map((r) => Number(r.i)));
  return terms.filter((_, i) => !known.has(i));
}

/** Whether each of the terms is in a passage of the projects' enabled sources: (i, known) rows. */
export const knownTermsQuery = (index: SearchIndex, terms: string[], projects: string[]) =>
  sql`SELECT * FROM (${sql.join(
    terms.map(
      (term, i) =>
        sql`SELECT ${i}::int AS i, ${index.stopWord(term)} OR EXISTS (SELECT 1 FROM chunks c JOIN sources s ON s.id = c.source_id AND s.is_active
                  WHERE c.project = ANY(${textArray(projects)}) AND c.tsv @@ ${index.textQuery(term, 'all')}) AS known`,
    ),
    sql` UNION ALL `,
  )}) t`;
