import { HINDI_FUNCTION_WORDS, hindiKey, isDevanagariWord } from '../knowledge/index/hindi';

/**
 * The words of questions and sentences as the answering compares them: without the words that
 * carry no meaning of their own, each cut to a crude stem, and the words that name something.
 */

// Words that carry no meaning of their own in a question (English and Hindi; other languages
// rely on the sentence choice's inverse document frequency to discount their function words).
const STOPWORDS = new Set([
  ...(
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my of on or our should so than that the their them then there these they this to was we were what when ' +
    'where which who whom why will with would you your about any some tell give please know find help use using ' +
    'get need want way ways just still also really actually does dont do not'
  ).split(' '),
  ...HINDI_FUNCTION_WORDS,
]);

/** Whether a word carries no meaning of its own in a question ("it", "the", "का"). */
export const isStopWord = (word: string): boolean => STOPWORDS.has(word.toLowerCase());

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

/**
 * A word of lower-case letters alone: neither a name, nor an acronym, nor a code. Such a word may
 * be written otherwise with the same meaning, which a name or a number cannot.
 */
export const isOrdinaryWord = (word: string): boolean => /^\p{Ll}+$/u.test(word);

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
            (isOrdinaryWord(t) && t.length >= 8)),
      ),
      ...numbers,
    ]),
  ];
}
