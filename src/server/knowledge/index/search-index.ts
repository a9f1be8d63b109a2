import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw';
import { chunkText, splitSentences, type Chunk } from './chunker';
import type { Embedder } from './embeddings';
import { hindiPrefixTerms, withoutHindiFunctionWords } from './hindi';
import { detectLanguage, textSearchConfig } from './language';
import { contextFor, secondVectorsFor, vectorsFor } from './passage-embedding';
import { yieldToEventLoop } from '../../threads/cooperative';
import { enableVectors, sentencesMissing, writeSecondVectors, writeVectors } from './passage-vectors';
import { replacePassages, type IndexedItem, type IndexProgress } from './passage-writes';
import { SentenceFiller } from './sentence-filler';
import { nothingInFront, type Foreground } from '../../db/give-way';
import { tidyPassages } from './passage-upkeep';
import { analyzePassages, narrowingTerms, passagesAnalyzed, TermStats, wordWeight } from './term-stats';
import { ScaleKeeper } from './scale-keeper';
import type { PassageCounts, SimilarityScale } from './similarity-scale';

/**
 * At most about this many passages are ranked for a question's words: beyond it, only those
 * holding its rarer words are (term-stats.ts). Ranking costs some 10-20 µs a passage here.
 */
const RANKED_PASSAGES = 1000;
/** Passages a round of the background embedding does at least (whole items), and writes per transaction. */
const EMBED_BATCH = 32;
/** Passage size in word pieces when a model is loaded (its limit), else in characters. */
const PASSAGE_CHARS = 900;

/** A question's words as the full-text ranking reads them (SearchIndex.questionWords). */
export interface QuestionWords {
  /** Which passages are ranked; null: every match. */
  candidates: SQL | null;
  /** Each term of the question's full-text query (tsquery syntax) and how much it counts. */
  weighted: { term: string; weight: number }[];
}

/**
 * The search index over ingested items: full-text (tsvector, GIN) always; with pgvector and a
 * sentence-embedding model, one vector per passage (HNSW, for retrieval) and one per sentence
 * (for choosing the sentence that answers). The sentence vectors are
 * stored with the passage, in the order `splitSentences` gives, as int8 bytes (passage-vectors.ts).
 */
export class SearchIndex {
  private scale: ScaleKeeper | null;
  /** Makes the searched sentences of the passages saved (sentence-filler.ts). */
  private filler: SentenceFiller | null;

  private constructor(
    private readonly db: Db,
    readonly textConfigs: ReadonlySet<string>,
    private current: Embedder | null,
    /** The languages of the indexed items: a question's words are stemmed as each of them. */
    private readonly languages: Set<string>,
    private readonly log: FastifyBaseLogger,
    /** The questions being answered, which background statements give way to (db/give-way.ts). */
    private readonly foreground: Foreground,
    private readonly termStats = new TermStats(db),
  ) {
    this.scale = current ? new ScaleKeeper(db, current, foreground) : null;
    this.filler = current ? new SentenceFiller(db, current.dimensions, log, foreground) : null;
  }

  static async open(
    db: Db,
    embedder: Embedder | null,
    log: FastifyBaseLogger,
    foreground: Foreground = nothingInFront,
  ): Promise<SearchIndex> {
    const configs = await queryRows<{ cfgname: string }>(db, sql`SELECT cfgname FROM pg_ts_config`);
    const languages = await queryRows<{ language: string }>(
      db,
      sql`SELECT DISTINCT language FROM ingested_data`,
    );
    // A database from before the statistics were used (or restored without them) gets them once.
    if (!(await passagesAnalyzed(db))) await analyzePassages(db);
    const vector = embedder ? await enableVectors(db, embedder, log) : false;
    if (embedder && !vector)
      log.warn('pgvector is not available in this database: retrieval uses full-text search only');
    const index = new SearchIndex(
      db,
      new Set(configs.map((c) => c.cfgname)),
      vector ? embedder : null,
      new Set(languages.map((l) => l.language)),
      log,
      foreground,
    );
    // The model's scale is measured now, in the background, rather than by the first question.
    void index.passagesChanged();
    return index;
  }

  /**
   * The full-text query for a question's words: stemmed for the question's language, for every
   * language the index holds (a short question's language cannot be told, and a passage is
   * stemmed for its own), and as typed. `any` matches a passage holding any of the words (a
   * question's words are not all in its answer); `all`, one holding every word.
   */
  textQuery(question: string, match: 'any' | 'all'): SQL {
    const text = withoutHindiFunctionWords(question);
    const configs = new Set([
      this.configFor(detectLanguage(text)),
      ...[...this.languages].map((l) => this.configFor(l)),
      'simple',
    ]);
    const one = (config: string) =>
      match === 'all'
        ? sql`plainto_tsquery(${config}::regconfig, ${text})`
        : sql`to_tsquery(${config}::regconfig, coalesce(nullif(replace(plainto_tsquery(${config}::regconfig, ${text})::text, '&', '|'), ''), ''))`;
    const queries = [...configs].map(one);
    // Hindi words by their stems, for databases without a Hindi stemmer (PostgreSQL 15).
    const stems = match === 'any' ? hindiPrefixTerms(text) : [];
    if (stems.length) queries.push(sql`to_tsquery('simple', ${stems.join(' | ')})`);
    return sql`(${sql.join(queries, sql` || `)})`;
  }

  /**
   * Whether a word is a stop word of a language the index holds ("themselves"): such a word is in
   * no passage's vector of words, yet says nothing about what the knowledge base covers.
   */
  stopWord(word: string): SQL {
    const configs = [...new Set([...this.languages].map((l) => this.configFor(l)))].filter(
      (c) => c !== 'simple',
    );
    if (configs.length === 0) return sql`false`;
    return sql`(${sql.join(
      configs.map((config) => sql`numnode(plainto_tsquery(${config}::regconfig, ${word})) = 0`),
      sql` OR `,
    )})`;
  }

  /**
   * How a question's words are ranked: each word of its full-text query (`any`) with its weight
   * (term-stats.ts, BM25's inverse document frequency), and the passages worth ranking: those
   * holding one of its rarer words when its common words would bring in more than
   * RANKED_PASSAGES, else null (every match). A prefix term (a Hindi stem) always takes part.
   */
  async questionWords(question: string): Promise<QuestionWords> {
    const [row] = await queryRows<{ query: string }>(
      this.db,
      sql`SELECT ${this.textQuery(question, 'any')}::text AS query`,
    );
    const terms = new Map(
      [...(row?.query ?? '').matchAll(/'((?:[^']|'')+)'(:\*)?/g)].map((m) => [
        m[2] ? m[0] : m[1]!.replace(/''/g, "'"),
        m[0],
      ]),
    );
    const stats = await this.termStats.current();
    const kept = narrowingTerms([...terms.keys()], stats, RANKED_PASSAGES);
    return {
      candidates: kept ? sql`${kept.map((t) => terms.get(t)!).join(' | ')}::tsquery` : null,
      weighted: [...terms].map(([lexeme, term]) => ({ term, weight: wordWeight(lexeme, stats) })),
    };
  }

  /** The model that embeds passages and questions: null until one is loaded (and pgvector is there). */
  get embedder(): Embedder | null {
    return this.current;
  }

  /**
   * The scale the current model's cosines are read on (similarity-scale.ts); null without a
   * model, or while some passages still wait for its vectors: answers then use the words alone.
   */
  similarityScale(): Promise<SimilarityScale | null> {
    return this.scale?.current() ?? Promise.resolve(null);
  }

  /** The passages, and those waiting for the current model's vectors, as last counted. */
  get passageCounts(): PassageCounts | null {
    return this.scale?.passageCounts ?? null;
  }

  /** The passages changed here (an ingestion run, a round of embedding): the scale is looked at again. */
  passagesChanged(): Promise<void> {
    return this.scale?.refresh() ?? Promise.resolve();
  }

  /**
   * Whether every passage this process saved has its searched sentences. While some wait, the
   * ranking by sentences would favour the passages that have them over those just indexed
   * (retrieval.ts leaves it out until then).
   */
  get sentencesComplete(): boolean {
    return !this.filler?.busy;
  }

  /** Resolves once every saved passage's sentences are searched (retrieval's third ranking). */
  sentencesSearched(): Promise<void> {
    return this.filler?.settled() ?? Promise.resolve();
  }

  get usesVectors(): boolean {
    return this.current !== null;
  }

  /**
   * Takes up a model that became ready after start (a download): vectors from now on, and the
   * passages indexed meanwhile are left for `backfill` to embed.
   */
  async useEmbedder(embedder: Embedder, log: FastifyBaseLogger): Promise<void> {
    if (await enableVectors(this.db, embedder, log)) {
      this.current = embedder;
      this.scale = new ScaleKeeper(this.db, embedder, this.foreground);
      this.filler = new SentenceFiller(this.db, embedder.dimensions, this.log, this.foreground);
      void this.passagesChanged();
    } else log.warn('pgvector is not available in this database: retrieval uses full-text search only');
  }

  configFor(language: string): string {
    return textSearchConfig(language, this.textConfigs);
  }

  /** The passages of a text, sized for the model when there is one (cut by its thread). */
  passagesOf(text: string, embedder = this.current): Promise<Chunk[]> {
    return embedder
      ? embedder.passages(text)
      : Promise.resolve(chunkText(text, { size: PASSAGE_CHARS, overlap: 150 }));
  }

  /**
   * Replaces the item's passages; the title leads the first so that it is searchable too. The
   * new passages, with their vectors, replace the old once all are written (passage-writes.ts);
   * their searched sentences follow, in the background (sentence-filler.ts).
   */
  async indexItem(item: IndexedItem, onProgress?: IndexProgress): Promise<number> {
    const config = this.configFor(item.language);
    this.languages.add(item.language || 'und');
    // One model for the whole item, should another be taken up meanwhile.
    const embedder = this.current;
    const passages = await this.passagesOf(`${item.title}.\n\n${item.body}`, embedder);
    const total = passages.length;
    // The model embeds sentences, not passages: its progress is told as the share of passages.
    const embedded = (done: number, of: number) =>
      onProgress?.({ stage: 'embedding', done: Math.floor((total * done) / Math.max(of, 1)), total });
    if (embedder) embedded(0, 1);
    const vectors = embedder
      ? await vectorsFor(
          passages.map((p) => p.text),
          await contextFor(item.title, item.body),
          embedder,
          embedded,
        )
      : null;
    await replacePassages(
      this.db,
      item,
      config,
      passages,
      vectors && embedder ? { made: vectors, embedder } : null,
      this.foreground,
      onProgress,
    );
    if (vectors) this.filler?.fill(item.id);
    return passages.length;
  }

  /**
   * Passages without vectors (after a change of model), or only without the second model's:
   * embedded an item at a time, its waiting passages in order and in one call as indexing embeds
   * them, until `limit` passages are done (an item with more is done whole). The int8 model scales
   * its activations over each run of texts, so a passage's vectors depend on the texts embedded
   * with it: made the way indexing makes them, they are the vectors indexing would have made, and
   * the answers do not depend on which way a knowledge base came by them.
   */
  async embedPending(limit: number, which: 'first' | 'second' = 'first'): Promise<number> {
    const embedder = this.current;
    if (!embedder || (which === 'second' && !embedder.second)) return 0;
    const waiting =
      which === 'first' ? sql`embedded_with IS NULL` : sql`embedded_with IS NOT NULL AND second_with IS NULL`;
    let done = 0;
    while (done < limit) {
      const [next] = await queryRows<{ item: string }>(
        this.db,
        sql`SELECT item_id AS item FROM chunks WHERE ${waiting} LIMIT 1`,
      );
      if (!next) break;
      const rows = await queryRows<{ id: string; text: string }>(
        this.db,
        sql`SELECT id, text FROM chunks WHERE item_id = ${next.item}::uuid AND ${waiting} ORDER BY position`,
      );
      const [item] = await queryRows<{ title: string; body: string }>(
        this.db,
        sql`SELECT title, body FROM ingested_data WHERE id = ${next.item}::uuid`,
      );
      const texts = rows.map((r) => r.text);
      // A passage whose item is gone is marked done without vectors, so the round moves on.
      const context = item ? await contextFor(item.title, item.body) : null;
      let write: (tx: Pick<Db, 'execute'>, i: number) => Promise<void>;
      if (which === 'first') {
        const made = context ? await vectorsFor(texts, context, embedder) : [];
        write = (tx, i) => writeVectors(tx, rows[i]!.id, made[i] ?? null, embedder);
      } else {
        const split = texts.map((text) => (embedder.reads(text) ? splitSentences(text) : []));
        const made = context ? await secondVectorsFor(texts, split, context, embedder) : [];
        write = (tx, i) => writeSecondVectors(tx, rows[i]!.id, made[i] ?? null, embedder.second!);
      }
      // Written a round at a time, each after the questions being answered (give-way.ts).
      for (let from = 0; from < rows.length; from += EMBED_BATCH) {
        await this.foreground.clear();
        await this.db.transaction(async (tx) => {
          for (let i = from; i < Math.min(from + EMBED_BATCH, rows.length); i++) await write(tx, i);
        });
      }
      done += rows.length;
    }
    return done;
  }

  /**
   * Embeds, off the request path, the passages a change of model left without vectors, a round
   * at a time so that answers and ingestion interleave.
   */
  backfill(log: FastifyBaseLogger): { done: Promise<void>; stop(): Promise<void> } {
    if (!this.embedder) return { done: Promise.resolve(), stop: () => Promise.resolve() };
    let stopped = false;
    const run = (async () => {
      let total = 0;
      // The first model's vectors, then the second's (answers use the first alone meanwhile).
      for (const which of ['first', 'second'] as const) {
        let made = 0;
        while (!stopped) {
          const done = await this.embedPending(EMBED_BATCH, which).catch((error: unknown) => {
            log.error({ err: error }, 'passages could not be embedded again');
            return 0;
          });
          if (done === 0) break;
          made += done;
          // The admin's Models line follows the count; answers use meaning again once none waits.
          await this.passagesChanged();
          await yieldToEventLoop();
        }
        if (made) log.info({ passages: made, model: which }, 'passages embedded again for the current model');
        if (which === 'first') total = made;
      }
      // Then the searched sentences passages lack (an older database, a process stopped before
      // its filler was done), made from the stored vectors.
      const embedder = this.current;
      if (!stopped && embedder && (await sentencesMissing(this.db, embedder.dimensions).catch(() => true))) {
        this.filler?.fill(null);
        await this.filler?.settled();
      }
      // Every passage embedded again left its row of before dead in the vectors' index.
      if (total && !stopped)
        await tidyPassages(this.db).catch((error: unknown) =>
          log.warn({ err: error }, 'passage tables not tidied'),
        );
    })();
    return {
      done: run,
      stop: async () => {
        stopped = true;
        await this.filler?.stop();
        await run;
      },
    };
  }
}
