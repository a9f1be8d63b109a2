import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nothingInFront, type Foreground } from '../../db/give-way';
import { queryRows } from '../../db/raw';
import { splitSentences } from './chunker';
import type { Embedder } from './embeddings';
import { readsLatin, scriptShare } from './language';
import { PackedVectors } from './passage-vectors';
import {
  acrossScripts,
  measureScale,
  measureSecond,
  MIN_OTHER_SCRIPT_PROBES,
  OTHER_SCRIPT_PROBES,
  probesOf,
  sentencesAcrossScripts,
  type PassageCounts,
  type ScaleSample,
  type SimilarityScale,
} from './similarity-scale';

/** Passages whose sentences are the probes and the sentences they are compared with. */
const SAMPLED_PASSAGES = 400;

/**
 * The scale of the current model over the current knowledge base: measured when first asked
 * for, and again when the number of embedded passages has moved by a tenth since (an ingestion
 * run, a model's passages embedded again). The sample is chosen by the passages' text, so every
 * process, and every install, holding the same passages reads cosines alike.
 */
export class ScaleKeeper {
  private scale: SimilarityScale | null = null;
  private measuredFor = -1;
  /** The embedded passages when the pair was last measured: not tried again until they change. */
  private pairedFor = -1;
  private counts: PassageCounts = { passages: 0, waiting: 0, secondWaiting: null };
  private checkedAt = -Infinity;
  private measuring: Promise<void> | null = null;
  private following: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly embedder: Embedder,
    /** The questions being answered: the measuring's statements give way to them. */
    private readonly foreground: Foreground = nothingInFront,
    /** How often the passages are counted again (more often while some wait for their vectors). */
    private readonly checkEveryMs = 60_000,
  ) {}

  /**
   * The scale, or null while there is none to read cosines on: too few embedded sentences to
   * measure it, or passages still waiting to be embedded by this model (after a change of
   * model), when answers use the words alone rather than meaning for only some passages.
   */
  async current(): Promise<SimilarityScale | null> {
    const age = performance.now() - this.checkedAt;
    if (age === Infinity) await this.refresh();
    else if (age > (this.counts.waiting ? this.checkEveryMs / 12 : this.checkEveryMs)) void this.refresh();
    return this.counts.waiting ? null : this.scale;
  }

  /** The passages as last counted: all of them, and those waiting for this model's vectors. */
  get passageCounts(): PassageCounts {
    return this.counts;
  }

  /** Measures again now if the passages changed (after an ingestion run in this process). */
  refresh(): Promise<void> {
    // One under way may have counted the passages before this change: another follows it.
    if (this.measuring)
      return (this.following ??= this.measuring.then(() => {
        this.following = null;
        return this.refresh();
      }));
    this.measuring = this.remeasure()
      .catch(() => undefined)
      .finally(() => {
        this.checkedAt = performance.now();
        this.measuring = null;
      });
    return this.measuring;
  }

  private async remeasure(): Promise<void> {
    await this.foreground.clear();
    const second = this.embedder.second;
    const [row] = await queryRows<{ embedded: number; passages: number; waiting: number; second: number }>(
      this.db,
      sql`SELECT count(*) FILTER (WHERE sentence_vectors IS NOT NULL)::int AS embedded,
                 count(*)::int AS passages, count(*) FILTER (WHERE embedded_with IS NULL)::int AS waiting,
                 count(*) FILTER (WHERE embedded_with IS NOT NULL AND second_with IS NULL)::int AS second
          FROM chunks`,
    );
    this.counts = {
      passages: Number(row?.passages ?? 0),
      waiting: Number(row?.waiting ?? 0),
      secondWaiting: second ? Number(row?.second ?? 0) : null,
    };
    // While passages wait for this model's vectors, answers use the words alone: nothing to measure.
    if (this.counts.waiting) return;
    const embedded = Number(row?.embedded ?? 0);
    const moved = Math.abs(embedded - this.measuredFor) > Math.max(0, this.measuredFor) / 10;
    // The second model's vectors all made since: the pair is read from now on.
    const paired =
      second &&
      this.scale &&
      !this.scale.second &&
      this.counts.secondWaiting === 0 &&
      this.pairedFor !== embedded;
    if (this.scale && !moved && !paired) return;
    if (!this.scale && embedded === this.measuredFor) return;
    const sample = await this.sample();
    const probes = probesOf(sample);
    const vectors = probes.length
      ? await this.embedder.embed(
          probes.map((p) => p.text),
          { as: 'query' },
        )
      : [];
    const measured = measureScale(sample, probes, vectors);
    if (measured) {
      const others = await this.otherScriptProbes();
      measured.across = sentencesAcrossScripts(sample, others) ?? undefined;
      if (measured.questions) {
        const latin = vectors.filter((_, k) => readsLatin(probes[k]!.text));
        measured.questions.across = acrossScripts(latin, others) ?? undefined;
      }
      // The pair only once the second model has read every passage: until then the first alone.
      if (second && this.counts.secondWaiting === 0) {
        this.pairedFor = embedded;
        const read = probes.flatMap((p, k) => (second.reads(p.text) ? [{ probe: p, k }] : []));
        const secondVectors = await second.embed(
          read.map(({ probe }) => probe.text),
          { as: 'query' },
        );
        measured.second =
          measureSecond(
            sample,
            read.map(({ probe }) => probe),
            read.map(({ k }) => vectors[k]!),
            secondVectors,
            measured,
          ) ?? undefined;
      }
    }
    this.scale = measured ?? this.scale;
    this.measuredFor = embedded;
  }

  /** Devanagari sentences of the knowledge base read as questions, when it holds them. */
  private async otherScriptProbes(): Promise<number[][]> {
    const sample = await this.sample(sql`AND text ~ '[ऀ-ॿ]'`);
    const probes = probesOf(sample, OTHER_SCRIPT_PROBES * 4)
      .filter((p) => scriptShare(p.text, 'Devanagari') > 0.5 && this.embedder.reads(p.text))
      .slice(0, OTHER_SCRIPT_PROBES);
    return probes.length >= MIN_OTHER_SCRIPT_PROBES
      ? this.embedder.embed(
          probes.map((p) => p.text),
          { as: 'query' },
        )
      : [];
  }

  private async sample(where = sql``): Promise<ScaleSample> {
    await this.foreground.clear();
    const second = this.embedder.second;
    const rows = await queryRows<{
      id: string;
      text: string;
      vectors: Uint8Array;
      second: Uint8Array | null;
    }>(
      this.db,
      sql`SELECT id, text, sentence_vectors AS vectors, ${second ? sql`second_vectors` : sql`NULL`} AS second FROM chunks
          WHERE sentence_vectors IS NOT NULL ${where} ORDER BY md5(text), id LIMIT ${SAMPLED_PASSAGES}`,
    );
    return {
      passages: rows.flatMap((r) => {
        const sentences = splitSentences(r.text);
        const vectors = new PackedVectors(r.vectors, this.embedder.dimensions);
        const paired = second && r.second ? new PackedVectors(r.second, second.dimensions) : null;
        // Vectors of another splitting of the text would stand for the wrong sentences.
        if (vectors.count !== sentences.length) return [];
        return [{ id: r.id, sentences, vectors, second: paired?.count === sentences.length ? paired : null }];
      }),
    };
  }
}
