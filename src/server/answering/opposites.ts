import { readsLatin } from '../knowledge/index/language';
import { contentWords } from './words';

/**
 * Whether two questions ask for opposite changes of a state: one to turn something on, start,
 * open, show or expand it, the other to turn it off, stop, close, hide or collapse it. A
 * sentence-embedding model puts such questions next to each other ("which keys quit NVDA" lies
 * closer to "which keys start NVDA" than most paraphrases of it do), so a reviewed answer would be
 * served for its opposite: on the reviewed-answers bench, all 10 questions written as the
 * opposite of a reviewed one got it (docs/chat.md, "Reviewed answers"). A reader that compares the
 * two questions would see it; with none, the words of the change are read here.
 *
 * The sentence choice reads the same words in the sentences it weighs (`changesSaidOf`).
 *
 * The words are a kind, not a list of questions: the verbs of switching a state on and off in
 * English and Hindi. A question holding words of both sides ("close the dialog when it opens"), or
 * of neither, is never read as opposite: the check only takes away a match, so a wrong reading
 * costs a paraphrase the composer's answer instead of the reviewed one, never a wrong answer.
 */
export type Side = 'on' | 'off';

const ENGLISH: Record<Side, RegExp[]> = {
  on: [
    /\b(?:re)?start(?:s|ed|ing)?\b/,
    /\blaunch(?:es|ed|ing)?\b/,
    /\b(?:fire[sd]?|firing|boot(?:s|ed|ing)?|power(?:s|ed|ing)?) up\b/,
    /\b(?:turn|switch|power)(?:s|ed|ing)?(?:\s+[\w'-]+){0,3}?\s+on\b/,
    /\b(?:enabl(?:e|es|ed|ing)|activat(?:e|es|ed|ing))\b/,
    // Not "open source" or "open captions": a kind of licence or of captions, not a change.
    /\b(?:re)?open(?:s|ed|ing)?\b(?![\s-](?:source|caption))/,
    /\b(?:show(?:s|n|ed|ing)?|reveal(?:s|ed|ing)?|unhid(?:e|es|den|ing)|expand(?:s|ed|ing)?)\b/,
  ],
  off: [
    /\b(?:stop(?:s|ped|ping)?|quit(?:s|ting)?|exit(?:s|ed|ing)?|kill(?:s|ed|ing)?|shut(?:s|ting)?|shutdown)\b/,
    /\b(?:turn|switch|power)(?:s|ed|ing)?(?:\s+[\w'-]+){0,3}?\s+off\b/,
    /\bpower(?:s|ed|ing)? down\b/,
    // Not "close to" (near), nor "closed captions" (a kind of captions). Not "disabled": here it
    // names people far more often than a setting.
    /\bclos(?:e|es|ed|ing)\b(?! to\b|[\s-]caption)/,
    /\b(?:disabl(?:e|es|ing)|deactivat(?:e|es|ed|ing))\b/,
    /\b(?:hid(?:e|es|den|ing)|collaps(?:e|es|ed|ing)|dismiss(?:es|ed|ing)?|paus(?:e|es|ed|ing))\b/,
  ],
};

/** Hindi: whole words, or the stems of verbs that take many endings (खोलें, खोलने, खुला…). */
const HINDI: Record<Side, { words: string[]; stems: string[] }> = {
  on: {
    words: ['शुरू', 'चालू', 'आरंभ', 'आरम्भ', 'प्रारंभ', 'प्रारम्भ', 'सक्रिय'],
    stems: ['खोल', 'खुल', 'दिखा', 'फैला'],
  },
  off: {
    words: ['बंद', 'बन्द', 'समाप्त', 'निष्क्रिय'],
    stems: ['रोक', 'छिपा', 'छुपा', 'समेट'],
  },
};

/**
 * Any word of a change, as a first look: most sentences hold none, and reading a sentence word by
 * word doubled the time of choosing among an answer's 400 sentences.
 */
const ANY_CHANGE = new RegExp(
  [
    ...[...ENGLISH.on, ...ENGLISH.off].map((pattern) => pattern.source),
    ...Object.values(HINDI).flatMap((hindi) => [...hindi.words, ...hindi.stems]),
  ].join('|'),
);

/** "दिखाई" is seeing ("दिखाई नहीं देता", I cannot see), not showing. */
const NOT_HINDI = new Set(['दिखाई']);

/** The sides of a change a text asks for: none, one, or both. */
export function changesAsked(text: string): Set<Side> {
  const lower = text.normalize('NFKC').toLocaleLowerCase();
  const words = lower.split(/[^\p{L}\p{M}]+/u).filter((w) => w && !NOT_HINDI.has(w));
  const sides = new Set<Side>();
  for (const side of ['on', 'off'] as const) {
    const hindi = HINDI[side];
    if (
      ENGLISH[side].some((pattern) => pattern.test(lower)) ||
      words.some((w) => hindi.words.includes(w) || hindi.stems.some((stem) => w.startsWith(stem)))
    )
      sides.add(side);
  }
  return sides;
}

/** Whether one side set is only "on" and the other only "off" (each from `changesAsked`). */
export const opposed = (one: ReadonlySet<Side>, other: ReadonlySet<Side>): boolean =>
  one.size === 1 && other.size === 1 && [...one][0] !== [...other][0];

/** Whether one question asks only to switch something on and the other only to switch it off. */
export const asksTheOpposite = (a: string, b: string): boolean => opposed(changesAsked(a), changesAsked(b));

/**
 * The sides of a change a sentence makes to something the question names (`asked`: the question's
 * `contentWords`, read once for all its sentences): a verb of either side whose object is one of
 * those words, the next content word in English ("Start NVDA",
 * "collapses the pane") and the one before in Hindi ("NVDA को बंद"). A change to something else
 * ("press F7 to open the elements list", for a question on starting NVDA) is not the one asked
 * for, and documentation's "enables users to…" or "shows the value" name no change at all.
 */
export function changesSaidOf(sentence: string, asked: readonly string[]): Set<Side> {
  const sides = new Set<Side>();
  const mayChange = (text: string) => ANY_CHANGE.test(text.normalize('NFKC').toLocaleLowerCase());
  if (!mayChange(sentence)) return sides;
  const isContent = (word: string) => contentWords(word).length > 0;
  const named = (word: string | undefined) =>
    word !== undefined && contentWords(word).some((own) => asked.some((a) => own.startsWith(a)));
  const words = sentence.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
  const objectFirst = !readsLatin(sentence);
  words.forEach((word, i) => {
    if (!mayChange(word) || changesAsked(word).size !== 1) return;
    // Read with the word after it: "closed captions" and "close to" change nothing.
    const change = changesAsked(`${word} ${words[i + 1] ?? ''}`);
    if (change.size !== 1) return;
    const object = objectFirst ? words.slice(0, i).findLast(isContent) : words.slice(i + 1).find(isContent);
    if (named(object)) sides.add([...change][0]!);
  });
  return sides;
}
