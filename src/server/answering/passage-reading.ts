import { looksLikeHeading, paragraphs, wordCount } from '../knowledge/index/chunker';
import { contentWords } from './words';

/**
 * A passage's sentences as the sentence choice reads them: split into paragraphs and sentences,
 * each with its content words, its length and whether it looks like a heading. Reading them took
 * about a third of an answer's own time (docs/performance.md, "2026-11-24 (evening)"), and the
 * same passages come back question after question, so each text is read once and kept.
 */

export interface ReadSentence {
  text: string;
  /** The paragraph's index within the passage and the sentence's within it. */
  paragraph: number;
  index: number;
  /** Its content words (stems), each once. */
  words: string[];
  wordCount: number;
  heading: boolean;
}

export interface PassageReading {
  paragraphs: string[][];
  /** Every sentence, in order: the order of the passage's sentence vectors. */
  sentences: ReadSentence[];
}

/** Passages kept (about 8 MB): those of the last 25 answers at least, the often asked for longer. */
const KEPT = 1_000;
const readings = new Map<string, PassageReading>();

export function readPassage(text: string): PassageReading {
  const kept = readings.get(text);
  if (kept) {
    // Least recently used goes first: a Map keeps insertion order.
    readings.delete(text);
    readings.set(text, kept);
    return kept;
  }
  const paras = paragraphs(text);
  const reading: PassageReading = {
    paragraphs: paras,
    sentences: paras.flatMap((sentences, paragraph) =>
      sentences.map((sentence, index) => ({
        text: sentence,
        paragraph,
        index,
        words: contentWords(sentence),
        wordCount: wordCount(sentence),
        heading: looksLikeHeading(sentence),
      })),
    ),
  };
  readings.set(text, reading);
  if (readings.size > KEPT) readings.delete(readings.keys().next().value!);
  return reading;
}
