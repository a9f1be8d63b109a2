import { listIntroductionAt, wordCount } from '../knowledge/index/chunker';
import { readsLatin } from '../knowledge/index/language';
import { aboveChance, type SimilarityScale } from '../knowledge/index/similarity-scale';
import { changesAsked, changesSaidOf, opposed } from './opposites';
import { readPassage, type ReadSentence } from './passage-reading';
import type { Passage } from './retrieval';
import { contentWords } from './words';

/**
 * Choosing the sentences that answer a question, among those of the retrieved passages. Each
 * sentence is scored by meaning (the question's cosine to the sentence, computed at retrieval,
 * blended with its closer neighbour's), by lexical evidence (the question's rarer words it holds) and by its
 * passage's place in the retrieval ranking; very short sentences and headings are penalised, as
 * plain cosine favours them. Without vectors (no model, or a language the model does not read)
 * the lexical evidence carries the score alone.
 */

/**
 * How much each signal counts, in the unit of the meaning score: the spread of a question's
 * cosines to unrelated sentences (similarity-scale.ts), so that they hold for any model. Chosen on
 * the evaluation set as a whole, with both supported models (docs/chat.md).
 */
export const WEIGHTS = {
  /** Share of a sentence's meaning score taken from it read with its neighbours. */
  context: 0.25,
  /**
   * Added when the question asks for a kind of answer (a quantity or a time; a key to press) and
   * the sentence states one (a number; a key's name); and when it asks to switch something on or
   * off and the sentence does that to it, taken off when the sentence does the opposite.
   */
  answerType: 0.7,
  /**
   * The question's words a sentence holds (a share, weighed by rarity), beside its meaning score.
   * Chosen with both models for the answers that say the fact first (performance.md,
   * "2026-12-05 (evening)"): 2.6 to 2.9 alike, 2.3 one or two fewer.
   */
  lexical: 2.7,
  /**
   * The same without a meaning score (no model, or a language it does not read): the words then
   * carry the score alone, against the passage's rank, its title and the kind of answer, and
   * `CONFIDENCE.lexical` is on this scale.
   */
  lexicalAlone: 2.3,
  rank: 0.25,
  shortSentence: 0.8,
  heading: 0.7,
  /**
   * Taken off the best score for each salient word of the question the knowledge base never
   * uses (for an ordinary word, in proportion to how much the question rests on it: unknown-words.ts).
   */
  unknownTerm: 1.6,
  /** Added in proportion to the question's words that the passage's document title holds. */
  title: 0.7,
  /** A supporting quote scores at most this much below the answer's sentence. */
  supportMargin: 2,
};

export interface Candidate {
  passage: Passage;
  /** The passage's rank in the retrieval (0 first). */
  rank: number;
  /** The passage's sentences, by paragraph. */
  paragraphs: string[][];
  paragraph: number;
  index: number;
  text: string;
  /**
   * Whether the passage is written in another script than the question (a Hindi passage for an
   * English question, or the reverse): none of the question's words could be in it.
   */
  otherScript: boolean;
  similarity: number | null;
  lexical: number;
  score: number;
  /**
   * Retrieved passages of other documents (not records of the same export) that hold the same
   * sentence word for word.
   */
  copies: Passage[];
}

/** The document a passage is part of: an item, or for a record, the export it came from. */
const documentOf = (passage: Passage) => passage.origin ?? passage.itemId;

/** A sentence read from its passage, before it is scored. */
type Unscored = Omit<Candidate, 'lexical' | 'score' | 'copies'>;

const isTitle = (text: string, title: string) => text === title || text === `${title}.`;

/**
 * Each sentence's meaning score: its own cosine to the question blended with its window's, read
 * on the model's scale (how far above chance); a passage in another script than the question's,
 * against the chance of texts across scripts. Without a scale there is none.
 */
function inContext(passage: Passage, scale: SimilarityScale | null, otherScript: boolean): number[] {
  if (!scale) return [];
  const chance = otherScript && scale.across ? scale.across : scale;
  const windows = passage.windowSimilarity;
  return passage.sentenceSimilarity.map((c, i) =>
    aboveChance((1 - WEIGHTS.context) * c + WEIGHTS.context * (windows[i] ?? c), chance),
  );
}

// Amounts said in words, zero and "free" among them ("How much does NVDA cost?" "It is free").
const NUMBER_WORDS =
  /\b(zero|none|free|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|twenty|hundred|thousand|million|half|quarter)\b/iu;
const statesNumber = (sentence: string) => /\p{N}/u.test(sentence) || NUMBER_WORDS.test(sentence);
const KEY_NAMES =
  /\b(Ctrl|CTRL|Control|CONTROL|Alt|ALT|Shift|SHIFT|Insert|INSERT|Caps Lock|CAPS LOCK|Enter|ENTER|Escape|Esc|ESC|Tab|TAB|Space|Spacebar|Home|End|Page Up|Page Down|(Up|Down|Left|Right) Arrow|Delete|Backspace|F([1-9]|1[0-2]))\b|\b\p{Lu}[\p{L}\d]*\s?\+\s?[\p{Lu}\d]/u;
/**
 * Numbers that name a thing rather than count it: a section, a table or a step by its number
 * ("Section 508", "Table 1"), an item of a list ("(a)(1)"), a code ("H2", "C2"), a year. A
 * number with its unit ("36px") still counts.
 */
const LABEL_NUMBERS =
  /(?:\b(?:sections?|sec\.|titles?|parts?|articles?|chapters?|plays?|steps?|tables?|figures?|pages?|levels?|version|rule)|§|अनुच्छेद|धारा|तालिका|पृष्ठ)\s*\p{N}[\p{N}.]*|\(\p{N}+\)|\(\p{L}\)|\p{L}+\p{N}+|\b(?:19|20)\p{N}\p{N}\b/giu;

/**
 * Kinds of answer a question can ask for, and how a sentence shows it gives one, in English and
 * Hindi: a count, an amount or a share, stated as a number that counts (not one that names a
 * section, a list item or a year); a time or a date, stated as a number; a key or a shortcut to
 * press, stated by a key's name as documentation writes it (capitalised, or a combination with
 * "+"), which an assistive-technology knowledge base answers often (screen readers, keyboard
 * access).
 */
const ANSWER_TYPES: {
  /** The questions that ask for it, but may be answered without it ("how long": "while shown"). */
  asks: RegExp;
  /** The questions that ask for it and that text stating none of it does not answer directly. */
  requires?: RegExp;
  states: (sentence: string) => boolean;
}[] = [
  {
    requires:
      /\b(how (many|much|old|tall|big|large|far|high)|what (percentage|percent|share|proportion|age|size|number)|price|cost|costs|fee)\b|कितन|कीमत|दाम/iu,
    asks: /\b(how (long|often)|up to what)\b/iu,
    states: (sentence) => statesNumber(sentence.replace(LABEL_NUMBERS, ' ')),
  },
  {
    // "When" asks for a time when a verb follows it ("When did…", "When was…", "since when");
    // before a clause ("When the dialog opens, which button…") it sets a condition, as जब does.
    // A date is required; "when should…" and कब ask for a moment as often as for a date.
    requires: /\b(when (did|was|were)|(since|by|until|till) when|which year|what (year|date))\b/iu,
    asks: /\b(when (do|does|is|are|will|would|can|could|should|shall|has|have|had|must|may)|what time)\b|कब|किस (तारीख|साल|वर्ष)/iu,
    states: statesNumber,
  },
  {
    // Never required: "keyboard" alone asks for a key, and a rule such as "Tooltips do not
    // receive focus" answers such a question.
    asks: /\b(keyboard|keystrokes?|shortcuts?|hotkeys?|(which|what)( \w+)? keys?)\b|कीबोर्ड|कुंजी|शॉर्टकट/iu,
    states: (sentence) => KEY_NAMES.test(sentence),
  },
];

/** Whether the question asks for the kind of answer at all. */
const askedFor = (type: (typeof ANSWER_TYPES)[number], query: string) =>
  type.asks.test(query) || (type.requires?.test(query) ?? false);

/**
 * Whether text can answer the question directly by its kind: a question asking how many, how
 * much or in what year is not answered by text that states no number.
 */
export const givesAskedKind = (query: string, text: string): boolean =>
  ANSWER_TYPES.every((type) => !type.requires?.test(query) || type.states(text));

// BM25's usual constants: how fast a word's weight saturates, how much length discounts it.
const BM25_K1 = 1.2;
const BM25_B = 0.75;

/**
 * Every sentence of the passages, scored; best first, each text once. The passages' cosines are
 * read on `scale`, the model's; without one (no model, or its passages still being embedded)
 * the words alone count.
 */
export function scoreSentences(
  query: string,
  passages: Passage[],
  scale: SimilarityScale | null,
): Candidate[] {
  const words = contentWords(query);
  const wanted = ANSWER_TYPES.filter((type) => askedFor(type, query));
  const latinQuery = readsLatin(query);
  const change = changesAsked(query);
  // A model puts "quit NVDA" next to "start NVDA" (opposites.ts): the words of the change tell them apart.
  const changeFit = (text: string) => {
    if (change.size !== 1) return 0;
    const made = changesSaidOf(text, words);
    if (made.size !== 1) return 0;
    return opposed(change, made) ? -1 : 1;
  };
  const all: Unscored[] = [];
  const read: ReadSentence[] = [];
  passages.forEach((passage, rank) => {
    const reading = readPassage(passage.text);
    const otherScript = readsLatin(passage.text) !== latinQuery;
    const similarity = inContext(passage, scale, otherScript);
    reading.sentences.forEach((sentence, flat) => {
      all.push({
        passage,
        rank,
        paragraphs: reading.paragraphs,
        paragraph: sentence.paragraph,
        index: sentence.index,
        text: sentence.text,
        otherScript,
        similarity: similarity[flat] ?? null,
      });
      read.push(sentence);
    });
  });
  // Which of the question's words each sentence holds (a word of its own may extend one).
  const holdsOf = (own: readonly string[]) => words.map((w) => own.some((o) => o.startsWith(w)));
  const hits = read.map((sentence) => holdsOf(sentence.words));
  // A word found in few of the candidate sentences tells more than one found in most.
  const weights = words.map((_, j) => {
    const df = hits.reduce((n, held) => n + (held[j] ? 1 : 0), 0);
    return Math.log(1 + all.length / (1 + df));
  });
  const total = weights.reduce((sum, w) => sum + w, 0) || 1;
  const overlap = (held: boolean[]) => held.reduce((sum, h, j) => sum + (h ? weights[j]! : 0), 0) / total;
  const titles = new Map(passages.map((p) => [p.title, overlap(holdsOf(contentWords(p.title)))]));
  const lexicalOf = all.some((c) => c.similarity === null) ? wordsOnly(all, read, hits, overlap) : null;

  const first = new Map<string, Candidate>();
  return all
    .flatMap((c, i) => {
      const sentence = read[i]!;
      // The title that leads an item's first passage names the document; it answers nothing.
      if (sentence.wordCount < 2 || isTitle(c.text, c.passage.title)) return [];
      const lexical = lexicalOf ? lexicalOf(c, i) : overlap(hits[i]!);
      const score =
        (c.similarity ?? 0) +
        (c.similarity === null ? WEIGHTS.lexicalAlone : WEIGHTS.lexical) * lexical +
        WEIGHTS.rank / (1 + c.rank) +
        WEIGHTS.title * (titles.get(c.passage.title) ?? 0) +
        (wanted.some((type) => type.states(c.text)) ? WEIGHTS.answerType : 0) -
        (sentence.wordCount < 6 ? WEIGHTS.shortSentence : 0) -
        (sentence.heading ? WEIGHTS.heading : 0) +
        WEIGHTS.answerType * changeFit(c.text);
      return [{ ...c, lexical, score, copies: [] }];
    })
    .sort((a, b) => b.score - a.score)
    .filter((c) => {
      // Each text once, at its best score; where other documents hold it too, they are noted.
      const kept = first.get(c.text);
      if (!kept) {
        first.set(c.text, c);
        return true;
      }
      const documents = [kept.passage, ...kept.copies].map(documentOf);
      if (!documents.includes(documentOf(c.passage))) kept.copies.push(c.passage);
      return false;
    });
}

/**
 * The lexical evidence of a sentence without vectors: read with its paragraph by its words (the
 * paragraph holding the question's words is the place, and the sentence's own words choose
 * within it) and, as in BM25, a long sentence's words count for less: it holds many by chance.
 */
function wordsOnly(
  all: Unscored[],
  read: ReadSentence[],
  hits: boolean[][],
  overlap: (held: boolean[]) => number,
): (c: Unscored, i: number) => number {
  const paragraphHits = new Map<string, boolean[]>();
  all.forEach((c, i) => {
    const key = `${c.rank}:${c.paragraph}`;
    const held = paragraphHits.get(key);
    if (held) hits[i]!.forEach((h, j) => (held[j] ||= h));
    else paragraphHits.set(key, [...hits[i]!]);
  });
  const averageLength = read.reduce((sum, s) => sum + s.words.length, 0) / (read.length || 1);
  const lengthFactor = (size: number) =>
    (BM25_K1 + 1) / (1 + BM25_K1 * (1 - BM25_B + (BM25_B * size) / (averageLength || 1)));
  return (c, i) => {
    const own = overlap(hits[i]!);
    if (c.similarity !== null) return own;
    const around = overlap(paragraphHits.get(`${c.rank}:${c.paragraph}`)!);
    return (
      (1 - WEIGHTS.context) * Math.min(1, own * lengthFactor(read[i]!.words.length)) +
      WEIGHTS.context * around
    );
  };
}

// A sentence that starts in lower case, or with a word pointing back, continues the one before.
const continues = (text: string) =>
  /^\p{Ll}/u.test(text) || /^(this|that|these|those|it|they|such|however|also|then|so)\b/i.test(text);

/**
 * The sentences to show for a chosen one: the list's introduction when it is an item of a list,
 * the one before when it continues a thought, the one after when it is short, and a whole list
 * when it introduces one (ends with ':').
 */
export function expand(c: Candidate, maxWords: number): { lead: string[]; list: string[] } {
  const para = c.paragraphs[c.paragraph]!;
  const lead: string[] = [];
  const intro = c.index === 0 ? listIntroduction(c) : null;
  if (intro) lead.push(intro);
  else if (c.index > 0 && continues(c.text)) lead.push(para[c.index - 1]!);
  lead.push(c.text);
  if (c.text.endsWith(':')) return { lead, list: listAfter(c, maxWords - wordCount(lead.join(' '))) };
  // A question in the text (an FAQ, a heading) is answered by what follows it.
  if (c.text.endsWith('?')) {
    const after = [...para.slice(c.index + 1), ...c.paragraphs.slice(c.paragraph + 1).flat()];
    const start = after.findIndex((s) => wordCount(s) >= 4);
    if (start < 0) return { lead, list: [] };
    const answer = [after[start]!];
    for (const s of after.slice(start + 1, start + 3)) {
      if (!continues(s)) break;
      answer.push(s);
    }
    return { lead: [...lead, ...answer], list: [] };
  }
  const next = para[c.index + 1];
  if (next && (wordCount(c.text) < 12 || continues(next)) && !next.endsWith(':')) lead.push(next);
  return { lead, list: [] };
}

/** When the chosen sentence is an item of a list, the sentence that introduces the list. */
function listIntroduction(c: Candidate): string | null {
  const before = c.paragraphs
    .slice(0, c.paragraph)
    .flatMap((sentences) => sentences.map((text, i) => ({ text, opens: i === 0 })));
  return before[listIntroductionAt(before)]?.text ?? null;
}

/** The items after a sentence that ends with ':' (the rest of its paragraph, then paragraphs). */
function listAfter(c: Candidate, maxWords: number): string[] {
  const rest = c.paragraphs[c.paragraph]!.slice(c.index + 1);
  const items = rest.length
    ? rest
    : c.paragraphs.slice(c.paragraph + 1).map((sentences) => sentences.join(' '));
  const list: string[] = [];
  let words = 0;
  for (const item of items) {
    // Another introduction starts another list.
    if (list.length && item.endsWith(':')) break;
    words += wordCount(item);
    if (list.length && words > maxWords) break;
    list.push(item);
  }
  return list;
}
