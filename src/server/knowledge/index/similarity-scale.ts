import { wordCount } from './chunker';
import { readsLatin } from './language';
import { cosineOf, type PackedVectors } from './passage-vectors';

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
  /**
   * The second model's (EMBEDDING_SECOND_MODEL, `pairedCosine`), when there is one, its vectors
   * are made and it could be measured: its sentences' cosines are then read with the first's.
   */
  second?: SecondScale | undefined;
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
/** A probe is question-sized. */
const PROBE_WORDS = { min: 6, max: 30 };
/** Probes in another script than Latin, sampled apart (the knowledge base may hold few of them). */
export const OTHER_SCRIPT_PROBES = 32;
export const MIN_OTHER_SCRIPT_PROBES = 8;
/** Fewer sentences than this to compare with, and the scale is not measured (nothing to answer from). */
const MIN_SENTENCES = 20;
// The interquartile range of a normal distribution is 1.349 of its standard deviations.
const IQR_PER_SD = 1.349;

export interface PassageCounts {
  passages: number;
  /** Passages the current model has not read yet (embedded by another, or indexed before it came). */
  waiting: number;
  /** Of those it has read, the passages the second model has not (null without a second model). */
  secondWaiting: number | null;
}

export interface ScaleSample {
  /** Each sampled passage's sentences and their stored vectors (in context, as the answering reads them). */
  passages: { id: string; sentences: string[]; vectors: PackedVectors; second?: PackedVectors | null }[];
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
export function chanceOf(cosines: number[]): Chance | null {
  const at = quantiles(cosines);
  if (!at) return null;
  const spread = (at(0.75) - at(0.25)) / IQR_PER_SD;
  return spread > 0 ? { center: at(0.5), spread } : null;
}

/** The values' quantiles (sorting them in place); null when too few to tell. */
function quantiles(values: number[]): ((q: number) => number) | null {
  if (values.length < MIN_SENTENCES) return null;
  values.sort((a, b) => a - b);
  return (q) => values[Math.floor(q * (values.length - 1))]!;
}

/**
 * Two sentence-embedding models read as one (EMBEDDING_SECOND_MODEL). Each reads some sentences
 * better than the other: on the evaluation set, e5 and MiniLM averaged chose right where neither
 * alone did (docs/chat.md, "Two models"). A sentence both read is scored by the average of the two
 * scores, each on its own model's scale (how many spreads above chance). Two scores that do not
 * move together average to a narrower chance than either, but not alike throughout: an unrelated
 * sentence on a near subject scores high by both, so the average's upper tail narrows less than
 * its body. The thresholds lie in that tail (3 to 4.5 spreads above chance), so the average is read
 * on its tail, measured on the same probes against the first model's: thresholds then let as many
 * unrelated sentences pass for the pair as for the first model alone.
 */

/**
 * The upper quantile at which the pair's chance is matched to the first model's: as high as a
 * probe's few thousand sentences measure well (the 99.9th gave the same on the evaluation's
 * knowledge base, docs/chat.md).
 */
const TAIL = 0.99;

/**
 * The second model's chance, and how far the two models' scores averaged reach above chance (at
 * the `TAIL` quantile), as a share of how far the first's own reach on the same texts.
 */
export interface SecondScale extends Chance {
  paired: number;
}

/**
 * A sentence's cosines by the two models read as one: the first model's cosine that lies as far
 * above its chance as the average lies above the pair's, so that whatever reads the first's
 * cosines on its scale reads the pair's.
 */
export function pairedCosine(
  first: number,
  second: number,
  scale: SimilarityScale & { second: SecondScale },
): number {
  const score = (aboveChance(first, scale) + aboveChance(second, scale.second)) / 2;
  return scale.center + (score / scale.second.paired) * scale.spread;
}

/**
 * The second model's chance, from the probes it reads (their vectors by each model), and how
 * far the pair's average reaches at chance beside the first model's own score, over the same probes
 * and sentences (those both have vectors of): a knowledge base mostly in another script has its
 * scale measured mostly on probes the second model cannot read. Null when too few to tell.
 */
export function measureSecond(
  sample: ScaleSample,
  probes: { passage: string }[],
  firstVectors: number[][],
  secondVectors: number[][],
  first: Chance,
): SecondScale | null {
  const paired = sample.passages.flatMap((p) => (p.second ? [{ ...p, second: p.second }] : []));
  const own = measureScale(
    { passages: paired.map((p) => ({ ...p, vectors: p.second })) },
    probes,
    secondVectors,
  );
  if (!own) return null;
  const cosine = (vectors: PackedVectors, i: number, query: Float64Array) =>
    vectors.dotWith(i, query) / (Math.sqrt(vectors.dot(i, i)) || 1);
  let pair = 0;
  let alone = 0;
  probes.forEach((probe, k) => {
    const [a, b] = [Float64Array.from(firstVectors[k] ?? []), Float64Array.from(secondVectors[k] ?? [])];
    const averaged: number[] = [];
    const firstAlone: number[] = [];
    for (const passage of paired) {
      if (passage.id === probe.passage) continue;
      for (let i = 0; i < passage.vectors.count; i++) {
        const score = aboveChance(cosine(passage.vectors, i, a), first);
        averaged.push((score + aboveChance(cosine(passage.second, i, b), own)) / 2);
        firstAlone.push(score);
      }
    }
    const [together, single] = [reach(averaged), reach(firstAlone)];
    if (!together || !single) return;
    pair += together;
    alone += single;
  });
  return alone ? { center: own.center, spread: own.spread, paired: pair / alone } : null;
}

/**
 * How far above their median the scores' upper tail reaches (at `TAIL`); null when too few, or
 * when most are alike (a census's tables repeat the same cells, "(X)", whose vectors are one): a
 * probe that meets the same sentence over and over measures no chance, and its few others would
 * make the tail seem far.
 */
function reach(scores: number[]): number | null {
  const at = quantiles(scores);
  if (!at || at(0.75) <= at(0.25)) return null;
  const tail = at(TAIL) - at(0.5);
  return tail > 0 ? tail : null;
}
