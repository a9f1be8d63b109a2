import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw';
import { chunks } from '../../db/schema';
import { chunkText } from './chunker';
import { vectorLiteral, type Embedder } from './embeddings';
import { textSearchConfig } from './language';

export interface IndexedItem {
  id: string;
  sourceId: string;
  project: string;
  url: string | null;
  title: string;
  body: string;
  language: string;
}

const EMBED_BATCH = 32;

/**
 * The search index over ingested items: full-text (tsvector, GIN) always; sentence embeddings
 * (pgvector, HNSW) when the database has pgvector and a model is loaded.
 */
export class SearchIndex {
  private constructor(
    private readonly db: Db,
    readonly textConfigs: ReadonlySet<string>,
    readonly embedder: Embedder | null,
  ) {}

  static async open(db: Db, embedder: Embedder | null, log: FastifyBaseLogger): Promise<SearchIndex> {
    const configs = await queryRows<{ cfgname: string }>(db, sql`SELECT cfgname FROM pg_ts_config`);
    const vector = embedder ? await enableVectors(db, embedder.dimensions, log) : false;
    if (embedder && !vector)
      log.warn('pgvector is not available in this database: retrieval uses full-text search only');
    return new SearchIndex(db, new Set(configs.map((c) => c.cfgname)), vector ? embedder : null);
  }

  get usesVectors(): boolean {
    return this.embedder !== null;
  }

  configFor(language: string): string {
    return textSearchConfig(language, this.textConfigs);
  }

  /** Replaces the item's passages; the title leads the first so that it is searchable too. */
  async indexItem(item: IndexedItem): Promise<number> {
    const config = this.configFor(item.language);
    const passages = chunkText(`${item.title}.\n\n${item.body}`);
    await this.db.transaction(async (tx) => {
      await tx.delete(chunks).where(eq(chunks.itemId, item.id));
      for (let i = 0; i < passages.length; i += 200) {
        await tx.insert(chunks).values(
          passages.slice(i, i + 200).map((text, j) => ({
            itemId: item.id,
            sourceId: item.sourceId,
            project: item.project,
            url: item.url,
            position: i + j,
            text,
            tsv: sql`to_tsvector(${config}::regconfig, ${text})`,
          })),
        );
      }
    });
    if (this.embedder) await this.embedPending(Number.MAX_SAFE_INTEGER, item.id);
    return passages.length;
  }

  /** Embeds passages that have no vector yet (new ones, or all of them after a model change). */
  async embedPending(limit: number, itemId?: string): Promise<number> {
    if (!this.embedder) return 0;
    let done = 0;
    while (done < limit) {
      const batch = await queryRows<{ id: string; text: string }>(
        this.db,
        sql`SELECT id, text FROM chunks WHERE embedding IS NULL ${itemId ? sql`AND item_id = ${itemId}` : sql``}
            LIMIT ${Math.min(EMBED_BATCH, limit - done)}`,
      );
      if (batch.length === 0) break;
      const vectors = await this.embedder.embed(batch.map((b) => b.text));
      for (const [i, row] of batch.entries()) {
        await this.db.execute(
          sql`UPDATE chunks SET embedding = ${vectorLiteral(vectors[i] ?? [])}::vector WHERE id = ${row.id}`,
        );
      }
      done += batch.length;
    }
    return done;
  }
}

/**
 * Turns pgvector on and gives chunks an embedding column of the model's size with an HNSW
 * index. A model of another size replaces the column: its passages are embedded again.
 */
async function enableVectors(db: Db, dimensions: number, log: FastifyBaseLogger): Promise<boolean> {
  const [available] = await queryRows<{ ok: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS ok`,
  );
  if (!available?.ok) return false;
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
  const [column] = await queryRows<{ typmod: number }>(
    db,
    sql`SELECT atttypmod AS typmod FROM pg_attribute
        WHERE attrelid = 'chunks'::regclass AND attname = 'embedding' AND NOT attisdropped`,
  );
  if (column && column.typmod !== dimensions) {
    log.warn(
      { from: column.typmod, to: dimensions },
      'embedding size changed: passages will be embedded again',
    );
    await db.execute(sql`ALTER TABLE chunks DROP COLUMN embedding`);
  }
  if (!column || column.typmod !== dimensions) {
    await db.execute(sql.raw(`ALTER TABLE chunks ADD COLUMN embedding vector(${Math.trunc(dimensions)})`));
    await db.execute(
      sql`CREATE INDEX IF NOT EXISTS chunks_embedding_idx ON chunks USING hnsw (embedding vector_cosine_ops)`,
    );
  }
  return true;
}
