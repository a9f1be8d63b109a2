import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nothingInFront, type Foreground } from '../../db/give-way';
import { queryRows } from '../../db/raw';
import { splitSentences, wordCount } from './chunker';
import type { Embedder } from './embeddings';
import { readsLatin, scriptShare } from './language';
import { cosineOf, PackedVectors } from './passage-vectors';

/**
 * Where a sentence-embedding model's cosines lie, so that the answering reads them on a scale
 * that is the same for every model. Each model has its own: all-MiniLM-L6-v2 puts a question
 * and an unrelated sentence near 0.09 and a sentence that answers near 0.5; multilingual-e5-small
 * crowds both into 0.78 to 0.86. A cosine is read as how far above chance it is, in units of
 * chance's spread: (cosine − center) / spread, where center and spread are those of questions
 * against unrelated sentences of the server's own knowledge base. Weights and thresholds of the
 * answering are then numbers of that scale, and hold for any model (docs/chat.md).
 */
export interface SimilarityScale {
  /** The cosine a question typically has with an unrelated sentence (a median). */
  center: number;
  /** How much those cosines spread (the interquartile range as a normal's standard deviation). */
  spread: number;
  /**
   * The same for a question against unrelated questions, both read as questions (matching a
   * question to reviewed ones, answering/reviewed): the probes against each other.
   */
  questions?: (Chance & { across?: Chance | undefined }) | undefined;
  /**
   * The same for a question in one script against sentences in another (a Hindi question, an
   * English passage, or the reverse), which a multilingual model puts lower than two of one
   * language: a passage in the other script is read against that. Measured one way (questions in
   * the other script against Latin sentences) and read both ways, taking the model to meet two
   * languages alike either way. Absent when the knowledge base holds too few sentences in a
   * second script to tell.
   */
  across?: Chance | undefined;
}

/**
 * Where the cosines of unrelated texts lie. `across`: those of a question in one script against
 * texts in another (a Hindi question, English ones), which a multilingual model puts lower than
 * two of one language: a Hindi paraphrase of an English question is read against that.
 */
export interface Chance {
  center: number;
  spread: number;
}

/** A cosine read on the scale: how many spreads above chance. */
export const aboveChance = (cosine: number, chance: Chance): number =>
  (cosine - chance.center) / chance.spread;

/** Questions are stood in for by sentences of the knowledge base, read as questions (their prefix). */
const PROBES = 128;
/** Passages whose sentences are the probes and the sentences they are compared with. */
const SAMPLED_PASSAGES = 400;
/** A probe is question-sized. */
const PROBE_WORDS = { min: 6, max: 30 };
/** Probes in another script than Latin, sampled apart (the knowledge base may hold few of them). */
const OTHER_SCRIPT_PROBES = 32;
const MIN_OTHER_SCRIPT_PROBES = 8;
/** Fewer sentences than this to compare with, and the scale is not measured (nothing to answer from). */
const MIN_SENTENCES = 20;
// The interquartile range of a normal distribution is 1.349 of its standard deviations.
const IQR_PER_SD = 1.349;

export interface PassageCounts {
  passages: number;
  /** Passages the current model has not read yet (embedded by another, or indexed before it came). */
  waiting: number;
}

export interface ScaleSample {
  /** Each sampled passage's sentences and their stored vectors (in context, as the answering reads them). */
  passages: { id: string; sentences: string[]; vectors: PackedVectors }[];
}

/** The sentences of the sample to read as questions: question-sized, spread over the sample. */
export function probesOf(sample: ScaleSample, count = PROBES): { passage: string; text: string }[] {
  const all = sample.passages.flatMap((p) =>
    p.sentences
      .filter((s) => wordCount(s) >= PROBE_WORDS.min && wordCount(s) <= PROBE_WORDS.max)
      .map((text) => ({ passage: p.id, text })),
  );
  if (all.length <= count) return all;
  const step = all.length / count;
  return Array.from({ length: count }, (_, i) => all[Math.floor(i * step)]!);
}

/**
 * The scale from probes (sentences read as questions, with the passage each comes from) and
 * their vectors: each probe's cosines to the sentences of the other passages give its median
 * and spread; the scale is their means. Null when there is too little to measure.
 */
export function measureScale(
  sample: ScaleSample,
  probes: { passage: string }[],
  probeVectors: number[][],
): SimilarityScale | null {
  let centers = 0;
  let spreads = 0;
  let measured = 0;
  probes.forEach((probe, k) => {
    const query = Float64Array.from(probeVectors[k] ?? []);
    const cosines: number[] = [];
    for (const passage of sample.passages) {
      if (passage.id === probe.passage) continue;
      for (let i = 0; i < passage.vectors.count; i++) {
        const length = Math.sqrt(passage.vectors.dot(i, i)) || 1;
        cosines.push(passage.vectors.dotWith(i, query) / length);
      }
    }
    const chance = chanceOf(cosines);
    if (!chance) return;
    centers += chance.center;
    spreads += chance.spread;
    measured += 1;
  });
  if (!measured) return null;
  return {
    center: centers / measured,
    spread: spreads / measured,
    questions: questionScale(probes, probeVectors),
  };
}

/** How the probes, read as questions, lie against the probes of other passages: one distribution for all. */
function questionScale(probes: { passage: string }[], probeVectors: number[][]): Chance | undefined {
  const cosines: number[] = [];
  for (let i = 0; i < probes.length; i++)
    for (let j = i + 1; j < probes.length; j++) {
      if (probes[i]!.passage === probes[j]!.passage) continue;
      const [a, b] = [probeVectors[i], probeVectors[j]];
      if (a && b) cosines.push(cosineOf(a, b));
    }
  return chanceOf(cosines) ?? undefined;
}

/**
 * Questions in a script other than Latin (`others`, with their vectors) against the Latin probes:
 * the chance of a question in one script meeting a text in another; null when too few to tell.
 */
export function acrossScripts(latin: number[][], others: number[][]): Chance | null {
  if (others.length < MIN_OTHER_SCRIPT_PROBES) return null;
  const cosines = others.flatMap((a) => latin.map((b) => cosineOf(a, b)));
  return chanceOf(cosines);
}

/**
 * Questions in a script other than Latin (`others`, with their vectors) against the sample's
 * Latin sentences: the chance of a question meeting a sentence in another script; null when too
 * few to tell.
 */
export function sentencesAcrossScripts(sample: ScaleSample, others: number[][]): Chance | null {
  if (others.length < MIN_OTHER_SCRIPT_PROBES) return null;
  const queries = others.map((v) => Float64Array.from(v));
  const cosines: number[] = [];
  for (const passage of sample.passages)
    passage.sentences.forEach((sentence, i) => {
      if (!readsLatin(sentence)) return;
      const length = Math.sqrt(passage.vectors.dot(i, i)) || 1;
      for (const query of queries) cosines.push(passage.vectors.dotWith(i, query) / length);
    });
  return chanceOf(cosines);
}

/** The median and spread of cosines of unrelated texts; null when too few, or all alike. */
function chanceOf(cosines: number[]): Chance | null {
  if (cosines.length < MIN_SENTENCES) return null;
  cosines.sort((a, b) => a - b);
  const at = (q: number) => cosines[Math.floor(q * (cosines.length - 1))]!;
  const spread = (at(0.75) - at(0.25)) / IQR_PER_SD;
  return spread > 0 ? { center: at(0.5), spread } : null;
}

/**
 * The scale of the current model over the current knowledge base: measured when first asked
 * for, and again when the number of embedded passages has moved by a tenth since (an ingestion
 * run, a model's passages embedded again). The sample is chosen by the passages' text, so every
 * process, and every install, holding the same passages reads cosines alike.
 */
export class ScaleKeeper {
  private scale: SimilarityScale | null = null;
  private measuredFor = -1;
  private counts: PassageCounts = { passages: 0, waiting: 0 };
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
    const [row] = await queryRows<{ embedded: number; passages: number; waiting: number }>(
      this.db,
      sql`SELECT count(*) FILTER (WHERE sentence_vectors IS NOT NULL)::int AS embedded,
                 count(*)::int AS passages, count(*) FILTER (WHERE embedded_with IS NULL)::int AS waiting
          FROM chunks`,
    );
    this.counts = { passages: Number(row?.passages ?? 0), waiting: Number(row?.waiting ?? 0) };
    // While passages wait for this model's vectors, answers use the words alone: nothing to measure.
    if (this.counts.waiting) return;
    const embedded = Number(row?.embedded ?? 0);
    const moved = Math.abs(embedded - this.measuredFor) > Math.max(0, this.measuredFor) / 10;
    if (this.scale && !moved) return;
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
    const rows = await queryRows<{ id: string; text: string; vectors: Uint8Array }>(
      this.db,
      sql`SELECT id, text, sentence_vectors AS vectors FROM chunks
          WHERE sentence_vectors IS NOT NULL ${where} ORDER BY md5(text), id LIMIT ${SAMPLED_PASSAGES}`,
    );
    return {
      passages: rows.flatMap((r) => {
        const sentences = splitSentences(r.text);
        const vectors = new PackedVectors(r.vectors, this.embedder.dimensions);
        // Vectors of another splitting of the text would stand for the wrong sentences.
        return vectors.count === sentences.length ? [{ id: r.id, sentences, vectors }] : [];
      }),
    };
  }
}
