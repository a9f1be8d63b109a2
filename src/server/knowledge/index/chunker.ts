/**
 * Cuts a document into overlapping passages on sentence boundaries, so a passage quoted in an
 * answer reads as whole sentences and a fact at a boundary is found from either side. Paragraph
 * breaks survive inside a passage (a blank line), so a list stays a list; a form feed in the
 * text starts a new page (connectors put one between the pages of a PDF), and each passage
 * remembers the page it starts on.
 */
export interface ChunkOptions {
  /** Largest passage, in `measure` units (characters by default). */
  size?: number;
  /** Units of the previous passage repeated at the start of the next. */
  overlap?: number;
  /** The length of a piece of text: characters, or the embedding model's word pieces. */
  measure?: (text: string) => number;
}

export interface Chunk {
  text: string;
  /** 1-based page the passage starts on, for a paged document; else null. */
  page: number | null;
}

interface Unit {
  text: string;
  page: number | null;
  /** First sentence of a paragraph (or a list item, a heading, a table row). */
  opens: boolean;
}

// After a stop, a Devanagari danda or a semicolon (legal and list items end so). A colon ends a
// sentence only where it ends a paragraph (a list follows): "Tab: moves focus." stays whole. A
// full stop before a lower-case word is an abbreviation's ("e.g. it is", "etc. and"), not an end.
const SENTENCE_END = /(?<=[!?।॥;])\s+(?=\S)|(?<=\.)\s+(?=[^\s\p{Ll}])/u;

/** Words in a text: runs holding a letter or a digit (a dash or a bullet is not a word). */
export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** A line with no closing punctuation and few words: a heading, a label, a table cell. */
export const looksLikeHeading = (text: string) => !/[.!?।:;)"”’]$/u.test(text) && wordCount(text) < 10;

/** The sentences of a text; paragraph breaks and pages only separate them. */
export function splitSentences(text: string): string[] {
  return units(text).map((u) => u.text);
}

/** The paragraphs of a text as they are written: blank-line separated, or a page each. */
export const paragraphTexts = (text: string) => text.split(/\n\s*\n|\f/);

/** The sentences of one paragraph, white space folded. */
export function sentencesOf(paragraph: string): string[] {
  return paragraph
    .split(SENTENCE_END)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** Paragraphs of a passage's text (blank-line separated), each split into its sentences. */
export function paragraphs(text: string): string[][] {
  return paragraphTexts(text)
    .map(sentencesOf)
    .filter((p) => p.length > 0);
}

function units(text: string): Unit[] {
  const pages = text.split('\f');
  const paged = pages.length > 1;
  return pages.flatMap((pageText, i) =>
    paragraphs(pageText).flatMap((sentences) =>
      sentences.map((s, j) => ({ text: s, page: paged ? i + 1 : null, opens: j === 0 })),
    ),
  );
}

export function chunkText(
  text: string,
  { size = 900, overlap = 150, measure = (s: string) => s.length }: ChunkOptions = {},
): Chunk[] {
  const all = units(text).flatMap((u) =>
    measurable(u.text).flatMap((piece, k) =>
      (measure(piece) > size ? hardSplit(piece, size, measure) : [piece]).map((t, i) => ({
        ...u,
        text: t,
        opens: k === 0 && i === 0 && u.opens,
      })),
    ),
  );
  const chunks: Chunk[] = [];
  let current: (Unit & { length: number })[] = [];
  let length = 0;
  for (const unit of all) {
    const unitLength = measure(unit.text) + 1;
    if (length + unitLength > size && current.length) {
      chunks.push(joinUnits(current));
      // Carry whole sentences from the end of this passage into the next, up to `overlap`.
      const carried: typeof current = [];
      let carriedLength = 0;
      for (let i = current.length - 1; i >= 0; i--) {
        const s = current[i]!;
        if (carriedLength + s.length > overlap) break;
        carried.unshift(s);
        carriedLength += s.length;
      }
      // A list cut by the passage's end keeps its introduction: "the following are true:"
      // is what gives the items carried over their meaning.
      const at = listIntroductionAt(current);
      const intro = current[at];
      if (intro && at < current.length - carried.length && carriedLength + intro.length <= size / 2) {
        carried.unshift(intro);
        carriedLength += intro.length;
      }
      current = carried;
      length = carriedLength;
    }
    current.push({ ...unit, length: unitLength });
    length += unitLength;
  }
  if (current.length) chunks.push(joinUnits(current));
  return chunks;
}

/**
 * Where the sentence introducing the list that `units` end in is (it ends with ':' and each of
 * the few units after it is a paragraph of its own: a list item), or -1. A list item says little
 * without it: "The element is focusable." needs "Browsers ignore it if the following are true:".
 */
export function listIntroductionAt(units: Pick<Unit, 'text' | 'opens'>[]): number {
  for (let i = units.length - 1; i >= Math.max(0, units.length - 1 - MAX_LIST_ITEMS); i--) {
    if (units[i]!.text.endsWith(':')) return i;
    if (!units[i]!.opens) return -1;
  }
  return -1;
}
const MAX_LIST_ITEMS = 8;

function joinUnits(units: Unit[]): Chunk {
  const text = units.map((u, i) => (i === 0 ? '' : u.opens ? '\n\n' : ' ') + u.text).join('');
  return { text, page: units[0]!.page };
}

/**
 * Longest text measured at once, in characters. A tokenizer's time grows with the text, and
 * Transformers.js's overflows the stack on a "sentence" of a million characters (a sheet of
 * 100,000 rows without a stop): the embedding thread died with it, and the server too.
 */
const MEASURED_AT_ONCE = 10_000;

/** A sentence, or a very long one cut at spaces (inside a word only if it has none) into pieces to measure. */
function measurable(sentence: string): string[] {
  if (sentence.length <= MEASURED_AT_ONCE) return [sentence];
  const pieces: string[] = [];
  for (let at = 0; at < sentence.length;) {
    let end = Math.min(sentence.length, at + MEASURED_AT_ONCE);
    const space = end < sentence.length ? sentence.lastIndexOf(' ', end) : -1;
    if (space > at) end = space;
    pieces.push(sentence.slice(at, end).trim());
    at = end;
  }
  return pieces.filter(Boolean);
}

/** A "sentence" longer than a passage (a table, a list without stops) is cut at spaces. */
function hardSplit(sentence: string, size: number, measure: (s: string) => number): string[] {
  const words = sentence.split(' ');
  const parts: string[] = [];
  let current: string[] = [];
  let length = 0;
  for (const word of words) {
    const w = measure(word) + 1;
    if (length + w > size && current.length) {
      parts.push(current.join(' '));
      current = [];
      length = 0;
    }
    current.push(word);
    length += w;
  }
  if (current.length) parts.push(current.join(' '));
  return parts;
}
