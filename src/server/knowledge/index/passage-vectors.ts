import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw';
import { vectorLiteral, type Embedder } from './embeddings';

// How passages' vectors are stored: pgvector's column for the passage (retrieval), int8 bytes
// for its sentences (choosing the sentence that answers), with the model that made them, and each
// sentence's vector again in `chunk_sentences` (pgvector, HNSW), where retrieval finds the
// passages holding the sentences nearest a question: a passage's mean vector hides its one
// sentence that answers among the others (docs/chat.md, "Retrieval").

export interface PassageVectors {
  passage: number[];
  sentences: number[][];
  /**
   * The same sentences in context by the second model, when there is one and it reads the
   * passage (Embedder.second); else null.
   */
  second: number[][] | null;
}

/** The normalised mean of unit vectors. */
export function meanVector(vectors: number[][]): number[] {
  const sum = new Array<number>(vectors[0]?.length ?? 0).fill(0);
  for (const v of vectors) v.forEach((x, i) => (sum[i]! += x));
  const norm = Math.hypot(...sum) || 1;
  return sum.map((x) => x / norm);
}

/** The cosine of two unit vectors (their dot product). */
export const cosineOf = (a: readonly number[], b: readonly number[]): number =>
  a.reduce((sum, x, d) => sum + x * b[d]!, 0);

// Sentence vectors are kept as int8 (a unit vector's components times 127): a quarter of the
// bytes to read for every answer, for a cosine within about 0.01 of the float one.
const INT8_SCALE = 127;
/** What `embedded_with` records besides the model: vectors of another layout are made again. */
const VECTOR_LAYOUT = 'int8 sentences in context';

/** int8 bytes of the sentence vectors, one after the other. */
export function packVectors(vectors: number[][]): Buffer {
  const flat = Int8Array.from(vectors.flat(), (x) =>
    Math.max(-127, Math.min(127, Math.round(x * INT8_SCALE))),
  );
  return Buffer.from(flat.buffer, flat.byteOffset, flat.byteLength);
}

/**
 * A passage's sentence vectors read where they lie, as int8: an answer weighs the sentences of
 * 40 passages, and unpacking them into float arrays first cost more time (and garbage) than the
 * dot products themselves (docs/performance.md, "what an answer costs the machine").
 */
export class PackedVectors {
  readonly count: number;
  private readonly flat: Int8Array;

  constructor(
    bytes: Uint8Array | null,
    private readonly dimensions: number,
  ) {
    this.flat = bytes ? new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Int8Array(0);
    this.count = dimensions > 0 ? Math.floor(this.flat.length / dimensions) : 0;
  }

  /** The dot product of vector i with another of the same length. */
  dotWith(i: number, other: Float64Array): number {
    const { flat, dimensions } = this;
    const start = i * dimensions;
    let sum = 0;
    for (let d = 0; d < dimensions; d++) sum += flat[start + d]! * other[d]!;
    return sum / INT8_SCALE;
  }

  /** The dot product of vectors i and j (0 when j is past the last). */
  dot(i: number, j: number): number {
    if (j >= this.count) return 0;
    const { flat, dimensions } = this;
    const a = i * dimensions;
    const b = j * dimensions;
    // Whole numbers: the sum is exact, and scaled once.
    let sum = 0;
    for (let d = 0; d < dimensions; d++) sum += flat[a + d]! * flat[b + d]!;
    return sum / (INT8_SCALE * INT8_SCALE);
  }
}

const embeddedWith = (embedder: Embedder) => `${embedder.model}; ${VECTOR_LAYOUT}`;

/**
 * How a passage's vectors are stored: its `embedding`, `sentence_vectors` and `embedded_with`,
 * and the second model's sentence vectors and name (`second_vectors`, `second_with`).
 */
function stored(vectors: PassageVectors | null, embedder: Embedder) {
  return {
    embedding: vectors ? sql`${vectorLiteral(vectors.passage)}::vector` : null,
    sentences: vectors ? packVectors(vectors.sentences) : null,
    model: embeddedWith(embedder),
    second: vectors?.second ? packVectors(vectors.second) : null,
    secondModel: embedder.second ? embeddedWith(embedder.second) : null,
  };
}

/** The columns `vectorValues` gives, in its order. */
export const VECTOR_COLUMNS = 'embedding, sentence_vectors, embedded_with, second_vectors, second_with';

/** A new passage's VECTOR_COLUMNS, for an INSERT's values. */
export function vectorValues(vectors: PassageVectors | null, embedder: Embedder): SQL {
  const { embedding, sentences, model, second, secondModel } = stored(vectors, embedder);
  return sql`${embedding}, ${sentences}, ${model}, ${second}, ${secondModel}`;
}

/**
 * A passage's vectors, and the model that made them (or read it and made none). Its searched
 * sentences of before go with them; the new ones are made from these by `fillSentences`, in the
 * background (sentence-filler.ts).
 */
export async function writeVectors(
  db: Pick<Db, 'execute'>,
  id: string,
  vectors: PassageVectors | null,
  embedder: Embedder,
) {
  const { embedding, sentences, model, second, secondModel } = stored(vectors, embedder);
  const gone = sql`gone AS (DELETE FROM chunk_sentences WHERE chunk_id = ${id})`;
  await db.execute(
    sql`WITH ${gone} UPDATE chunks SET embedding = ${embedding}, sentence_vectors = ${sentences}, embedded_with = ${model},
                                      second_vectors = ${second}, second_with = ${secondModel}
        WHERE id = ${id}`,
  );
}

/** A passage's sentence vectors by the second model alone (its first model's are current). */
export async function writeSecondVectors(
  db: Pick<Db, 'execute'>,
  id: string,
  vectors: number[][] | null,
  second: Embedder,
) {
  await db.execute(
    sql`UPDATE chunks SET second_vectors = ${vectors ? packVectors(vectors) : null}, second_with = ${embeddedWith(second)}
        WHERE id = ${id}`,
  );
}

/**
 * Processes starting together may both create the same thing: IF NOT EXISTS does not stop the
 * second from failing on the catalogue's unique index (or finding the column made meanwhile), and
 * by then what it was making exists.
 */
async function createdOnce(statement: Promise<unknown>): Promise<void> {
  await statement.catch((error: unknown) => {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    // unique_violation, duplicate_object, duplicate_column, duplicate_table (an index is a relation)
    if (!['23505', '42710', '42701', '42P07'].includes(code ?? '')) throw error;
  });
}

/**
 * The table of searched sentences, of the model's size (its rows are written with the passages'
 * vectors, and those it lacks by `fillSentences`).
 */
async function searchedSentences(db: Db, dimensions: number, cleared: boolean): Promise<void> {
  const [column] = await queryRows<{ typmod: number }>(
    db,
    sql`SELECT atttypmod AS typmod FROM pg_attribute
        WHERE attrelid = to_regclass('chunk_sentences') AND attname = 'embedding' AND NOT attisdropped`,
  );
  if (column && column.typmod !== dimensions) await db.execute(sql`DROP TABLE IF EXISTS chunk_sentences`);
  if (!column || column.typmod !== dimensions) {
    await createdOnce(
      db.execute(
        sql.raw(`CREATE TABLE IF NOT EXISTS chunk_sentences (
                   chunk_id uuid NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
                   position integer NOT NULL,
                   project text NOT NULL,
                   embedding vector(${dimensions}) NOT NULL,
                   PRIMARY KEY (chunk_id, position))`),
      ),
    );
    await createdOnce(
      db.execute(
        sql`CREATE INDEX IF NOT EXISTS chunk_sentences_embedding_idx ON chunk_sentences USING hnsw (embedding vector_cosine_ops)`,
      ),
    );
  }
  // Sentences of passages whose vectors were cleared (another model) are searched no more.
  if (cleared)
    await db.execute(
      sql`DELETE FROM chunk_sentences s USING chunks c WHERE s.chunk_id = c.id AND c.sentence_vectors IS NULL`,
    );
}

/** Whether some stored sentence vectors are not searched yet (`fillSentences` makes them). */
export async function sentencesMissing(db: Db, dimensions: number): Promise<boolean> {
  const [row] = await queryRows<{ missing: boolean }>(
    db,
    sql`SELECT (SELECT count(*) FROM chunk_sentences) <
               (SELECT coalesce(sum(length(sentence_vectors) / ${dimensions}), 0) FROM chunks) AS missing`,
  );
  return row?.missing ?? false;
}

/**
 * The searched sentences that passages lack, made from their stored int8 sentence vectors: of
 * the passages of `item` (every item's when null) after `after` in id order, `passages` of them,
 * in one statement. Returns the last passage looked at, null past the last.
 */
export async function fillSentences(
  db: Db,
  dimensions: number,
  { item, after, passages }: { item: string | null; after: string | null; passages: number },
): Promise<string | null> {
  // The int8 bytes read back as signed components (get_byte gives 0 to 255), a vector each.
  const [last] = await queryRows<{ id: string }>(
    db,
    sql`WITH next AS (
          SELECT id, project, sentence_vectors FROM chunks
          WHERE sentence_vectors IS NOT NULL ${item ? sql`AND item_id = ${item}::uuid` : sql``}
            ${after ? sql`AND id > ${after}::uuid` : sql``}
          ORDER BY id LIMIT ${passages}),
        made AS (
          INSERT INTO chunk_sentences (chunk_id, position, project, embedding)
          SELECT c.id, k, c.project,
                 (SELECT array_agg(((get_byte(c.sentence_vectors, k * ${dimensions} + j) + 128) % 256 - 128)::real
                                   / ${INT8_SCALE} ORDER BY j)
                  FROM generate_series(0, ${dimensions - 1}) j)::vector
          FROM next c, generate_series(0, length(c.sentence_vectors) / ${dimensions} - 1) k
          WHERE (SELECT count(*) FROM chunk_sentences s WHERE s.chunk_id = c.id) < length(c.sentence_vectors) / ${dimensions}
          ON CONFLICT DO NOTHING)
        SELECT id FROM next ORDER BY id DESC LIMIT 1`,
  );
  return last?.id ?? null;
}

/**
 * Turns pgvector on and gives chunks the vector columns (pgvector's own type, so they exist only
 * where it does): an embedding of the model's size with an HNSW index, the sentence vectors and
 * the model that made them. Vectors of another model are cleared, to be made again.
 */
export async function enableVectors(db: Db, embedder: Embedder, log: FastifyBaseLogger): Promise<boolean> {
  const [available] = await queryRows<{ ok: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS ok`,
  );
  if (!available?.ok) return false;
  await createdOnce(db.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`));
  const [column] = await queryRows<{ typmod: number }>(
    db,
    sql`SELECT atttypmod AS typmod FROM pg_attribute
        WHERE attrelid = 'chunks'::regclass AND attname = 'embedding' AND NOT attisdropped`,
  );
  const dimensions = Math.trunc(embedder.dimensions);
  if (column && column.typmod !== dimensions) {
    log.warn(
      { from: column.typmod, to: dimensions },
      'embedding size changed: passages will be embedded again',
    );
    await db.execute(sql`ALTER TABLE chunks DROP COLUMN embedding`);
  }
  if (!column || column.typmod !== dimensions) {
    await createdOnce(
      db.execute(sql.raw(`ALTER TABLE chunks ADD COLUMN IF NOT EXISTS embedding vector(${dimensions})`)),
    );
    await createdOnce(
      db.execute(
        sql`CREATE INDEX IF NOT EXISTS chunks_embedding_idx ON chunks USING hnsw (embedding vector_cosine_ops)`,
      ),
    );
  }
  await db.execute(sql`ALTER TABLE chunks ADD COLUMN IF NOT EXISTS sentence_vectors bytea`);
  await db.execute(sql`ALTER TABLE chunks ADD COLUMN IF NOT EXISTS embedded_with text`);
  await db.execute(sql`ALTER TABLE chunks ADD COLUMN IF NOT EXISTS second_vectors bytea`);
  await db.execute(sql`ALTER TABLE chunks ADD COLUMN IF NOT EXISTS second_with text`);
  // Another second model's vectors are made again in the background; without one they are kept.
  if (embedder.second)
    await db.execute(
      sql`UPDATE chunks SET second_vectors = NULL, second_with = NULL
          WHERE second_with IS NOT NULL AND second_with IS DISTINCT FROM ${embeddedWith(embedder.second)}`,
    );
  const stale = await queryRows<{ id: string }>(
    db,
    sql`UPDATE chunks SET embedding = NULL, sentence_vectors = NULL, embedded_with = NULL
        WHERE embedded_with IS NOT NULL AND embedded_with IS DISTINCT FROM ${embeddedWith(embedder)} RETURNING id`,
  );
  await searchedSentences(db, dimensions, stale.length > 0);
  if (stale.length)
    log.warn(
      { passages: stale.length, model: embedder.model },
      'the model changed: passages will be embedded again',
    );
  return true;
}
