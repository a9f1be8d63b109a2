import { listIntroductionAt, looksLikeHeading, paragraphs, wordCount } from '../knowledge/index/chunker';
import { HINDI_FUNCTION_WORDS, hindiKey, isDevanagariWord } from '../knowledge/index/hindi';
import type { Passage } from './retrieval';

/**
 * Choosing the sentences that answer a question, among those of the retrieved passages. Each
 * sentence is scored by meaning (the question's cosine to the sentence, computed at retrieval,
 * blended with its closer neighbour's), by lexical evidence (the question's rarer words it holds) and by its
 * passage's place in the retrieval ranking; very short sentences and headings are penalised, as
 * plain cosine favours them. Without vectors (no model, or a language the model does not read)
 * the lexical evidence carries the score alone.
 */

/** How much each signal counts; chosen on the evaluation set as a whole (docs/chat.md). */
export const WEIGHTS = {
  /** Share of a sentence's meaning score taken from it read with its neighbours. */
  context: 0.5,
  /** Added when the question asks for a quantity or a time and the sentence states a number. */
  answerType: 0.1,
  lexical: 0.35,
  rank: 0.08,
  shortSentence: 0.12,
  heading: 0.1,
  /** Taken off the best score for each salient word of the question the knowledge base never uses. */
  unknownTerm: 0.2,
  /** Added in proportion to the question's words that the passage's document title holds. */
  title: 0.1,
  /** A supporting quote scores at most this much below the answer's sentence. */
  supportMargin: 0.3,
};

export interface Sentence {
  text: string;
  /** The paragraph's index within the passage and the sentence's within it. */
  paragraph: number;
  index: number;
}

export interface Candidate {
  passage: Passage;
  /** The passage's rank in the retrieval (0 first). */
  rank: number;
  /** The passage's sentences, by paragraph. */
  paragraphs: string[][];
  paragraph: number;
  index: number;
  text: string;
  similarity: number | null;
  lexical: number;
  score: number;
}

// Words that carry no meaning of their own in a question (English and Hindi; other languages
// rely on the inverse document frequency below to discount their function words).
const STOPWORDS = new Set([
  ...(
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my of on or our should so than that the their them then there these they this to was we were what when ' +
    'where which who whom why will with would you your about any some tell give please know find help use using ' +
    'get need want way ways just still also really actually does dont do not'
  ).split(' '),
  ...HINDI_FUNCTION_WORDS,
]);

/** The question's content words, each cut to a crude stem so that "disabled" meets "disability". */
export function contentWords(text: string): string[] {
  const words = text
    .toLowerCase()
    // Devanagari written with and without nukta (ज़/ज, फ़/फ) is the same word to a reader.
    .normalize('NFD')
    .replace(/\u093C/g, '')
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
  return [...new Set(words.map(stem))];
}

const stem = (word: string) =>
  isDevanagariWord(word)
    ? hindiKey(word)
    : /^\p{Script=Latin}+$/u.test(word) && word.length > 5
      ? word.slice(0, 5)
      : word;

const isTitle = (text: string, title: string) => text === title || text === `${title}.`;

/**
 * The words of a question that name something specific: a proper noun or an acronym (a capital
 * letter after the first word), a code mixing letters and digits, a long word, a year, or a
 * version or section number ("2.5.8", "WCAG 2.2"). When the knowledge base never uses such a
 * word, it is unlikely to hold the answer: a year or an edition it never mentions is another one.
 */
export function salientTerms(query: string): string[] {
  const text = query.normalize('NFC');
  const numbers =
    text.match(/(?<![\p{L}\p{N}.])(?:(?:19|20)\d\d|\d+(?:\.\d+)+)(?![\p{L}\p{N}]|\.\d)/gu) ?? [];
  const tokens = text.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
  return [
    ...new Set([
      ...tokens.filter(
        (t, i) =>
          !STOPWORDS.has(t.toLowerCase()) &&
          ((/\p{Lu}/u.test(t) && i > 0) ||
            (/\p{L}/u.test(t) && /\p{N}/u.test(t)) ||
            (/^\p{Ll}+$/u.test(t) && t.length >= 8)),
      ),
      ...numbers,
    ]),
  ];
}

/** Each sentence's meaning score: its own cosine to the question blended with its window's. */
function inContext(passage: Passage): number[] {
  const windows = passage.windowSimilarity;
  return passage.sentenceSimilarity.map(
    (c, i) => (1 - WEIGHTS.context) * c + WEIGHTS.context * (windows[i] ?? c),
  );
}

// Questions that ask for a number, an amount, a time or a date (English and Hindi).
const ASKS_QUANTITY =
  /\b(how (many|much|long|old|often|tall|big|large|far|high)|what (percentage|percent|share|proportion|age|year|date|time|size|number)|when|which year|up to what|price|cost|costs|fee)\b|कितन|कब|किस (तारीख|साल|वर्ष)|कीमत|दाम/iu;
const STATES_NUMBER =
  /\p{N}|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|twenty|hundred|thousand|million|half|quarter)\b/iu;

// BM25's usual constants: how fast a word's weight saturates, how much length discounts it.
const BM25_K1 = 1.2;
const BM25_B = 0.75;

/** Every sentence of the passages, scored; best first, each text once. */
export function scoreSentences(query: string, passages: Passage[]): Candidate[] {
  const words = contentWords(query);
  const wantsNumber = ASKS_QUANTITY.test(query);
  const all: Omit<Candidate, 'lexical' | 'score'>[] = [];
  passages.forEach((passage, rank) => {
    const paras = paragraphs(passage.text);
    const similarity = inContext(passage);
    let flat = 0;
    paras.forEach((sentences, p) =>
      sentences.forEach((text, i) => {
        all.push({
          passage,
          rank,
          paragraphs: paras,
          paragraph: p,
          index: i,
          text,
          similarity: similarity[flat] ?? null,
        });
        flat += 1;
      }),
    );
  });
  // A word found in few of the candidate sentences tells more than one found in most.
  const stems = all.map((c) => new Set(contentWords(c.text)));
  const holds = (own: Set<string>, w: string) => own.has(w) || [...own].some((o) => o.startsWith(w));
  const df = new Map(words.map((w) => [w, stems.filter((own) => holds(own, w)).length]));
  const weight = (w: string) => Math.log(1 + all.length / (1 + (df.get(w) ?? 0)));
  const total = words.reduce((sum, w) => sum + weight(w), 0) || 1;
  const overlap = (own: Set<string>) =>
    words.filter((w) => holds(own, w)).reduce((sum, w) => sum + weight(w), 0) / total;
  const titles = new Map(passages.map((p) => [p.title, overlap(new Set(contentWords(p.title)))]));
  // Without vectors, a sentence is read with its paragraph by its words: the paragraph holding
  // the question's words is the place, and the sentence's own words choose within it.
  const paragraphWords = new Map<string, Set<string>>();
  all.forEach((c, i) => {
    const key = `${c.rank}:${c.paragraph}`;
    paragraphWords.set(key, new Set([...(paragraphWords.get(key) ?? []), ...stems[i]!]));
  });
  // ... and, as in BM25, a long sentence's words count for less: it holds many by chance.
  const averageLength = stems.reduce((sum, own) => sum + own.size, 0) / (stems.length || 1);
  const lengthFactor = (size: number) =>
    (BM25_K1 + 1) / (1 + BM25_K1 * (1 - BM25_B + (BM25_B * size) / (averageLength || 1)));
  const lexicalOf = (c: (typeof all)[number], i: number) => {
    const own = overlap(stems[i]!);
    if (c.similarity !== null) return own;
    const around = overlap(paragraphWords.get(`${c.rank}:${c.paragraph}`)!);
    return (1 - WEIGHTS.context) * Math.min(1, own * lengthFactor(stems[i]!.size)) + WEIGHTS.context * around;
  };

  const seen = new Set<string>();
  return (
    all
      .map((c, i) => {
        const lexical = lexicalOf(c, i);
        const words_ = wordCount(c.text);
        const score =
          (c.similarity ?? 0) +
          WEIGHTS.lexical * lexical +
          WEIGHTS.rank / (1 + c.rank) +
          WEIGHTS.title * (titles.get(c.passage.title) ?? 0) +
          (wantsNumber && STATES_NUMBER.test(c.text) ? WEIGHTS.answerType : 0) -
          (words_ < 6 ? WEIGHTS.shortSentence : 0) -
          (looksLikeHeading(c.text) ? WEIGHTS.heading : 0);
        return { ...c, lexical, score };
      })
      // The title that leads an item's first passage names the document; it answers nothing.
      .filter((c) => wordCount(c.text) >= 2 && !isTitle(c.text, c.passage.title))
      .sort((a, b) => b.score - a.score)
      .filter((c) => !seen.has(c.text) && seen.add(c.text))
  );
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
