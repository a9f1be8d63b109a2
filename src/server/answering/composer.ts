import type { AnswerLink } from '../../shared/chat/protocol';
import { detectLanguage, readsLatin, scriptShare } from '../knowledge/index/language';
import { wordingFor, wordingLanguage } from './messages';
import { answerLanguage } from './small-talk';
import type { Passage } from './retrieval';
import { wordCount } from '../knowledge/index/chunker';
import { expand, givesAskedKind, scoreSentences, WEIGHTS, type Candidate } from './sentence-choice';
import type { SimilarityScale } from '../knowledge/index/similarity-scale';
import type { AnswerOutcome } from '../../shared/chat/answer-outcome';

export { contentWords } from './words';

export const NOT_FOUND_ANSWER = wordingFor('en').notFound;

export interface ComposedAnswer {
  answer: string;
  links: AnswerLink[];
  /**
   * What the knowledge base gave: a sentence that answers, only the closest passage (said as
   * such), or nothing (the answer says so plainly, with no links).
   */
  outcome: AnswerOutcome;
  /** True for an answer; false for the closest passage and for nothing. */
  found: boolean;
  /** The chosen sentence's score: how well the knowledge base matched the question. */
  confidence?: number;
  /** The passages the answer quotes, the answer's first. */
  quoted?: Passage[];
}

export interface ComposeOptions {
  /** The question's language (ISO 639-1): the answer's own sentences are written in it. */
  language?: string;
  /**
   * The question is in a language the embedding model does not read, and no translation was
   * made: only its words count, and when they find nothing the answer says why.
   */
  untranslated?: boolean;
  /**
   * How much the question's salient words that the knowledge base never uses count: one for
   * each, less for an ordinary word the question's meaning rests on little (unknown-words.ts).
   */
  unknownTerms?: number;
  /** The embedding model's scale (similarity-scale.ts); without it the words alone count. */
  scale?: SimilarityScale | null;
}

/** The options the chat composes a question's answer with (ask.ts; the bench sweeps with them). */
export function composeOptionsFor(
  query: string,
  detected: string,
  translation: string | null,
  unknownTerms: number,
  /** Whether the embedding model reads the question (`Embedder.reads`); without one, Latin text. */
  modelReads: (text: string) => boolean = readsLatin,
  scale: SimilarityScale | null = null,
): ComposeOptions {
  return {
    language: answerLanguage(query, detected),
    untranslated: !translation && !modelReads(query),
    unknownTerms,
    scale,
  };
}

/**
 * The confidence (the best sentence's score) an answer needs, on the meaning score's scale
 * (sentence-choice.ts): from `answer` up, the sentence is given as the answer; from `closest`,
 * only as the closest passage the knowledge base holds, said as such; below, nothing was found
 * and the answer says so plainly. With words alone (no model, or a language it does not read)
 * the passage must reach `lexical` to be given at all, as an answer. Chosen on the evaluation set
 * with both supported models (docs/chat.md).
 */
export const CONFIDENCE = { answer: 4.5, closest: 3.2, lexical: 1.3 };
const MAX_WORDS = 120;
const MAX_SUPPORTS = 3;
/** Another document cited for the answer's sentence when it holds it word for word (one: each title is read aloud). */
const MAX_COPIES = 1;

/**
 * The extractive composer (DECISIONS §4): a short direct answer (the sentence that answers,
 * chosen by meaning and evidence, with the neighbours or the list it needs) and its source, then
 * at most three supporting quotes, each with its source. It writes no sentence of its own about the
 * subject, so it cannot state what no source says; when nothing answers, it says so plainly.
 */
export function composeAnswer(
  query: string,
  passages: Passage[],
  options: ComposeOptions = {},
): ComposedAnswer {
  const worded = wordingLanguage(options.language ?? 'en');
  const wording = wordingFor(worded);
  const refuse = (): ComposedAnswer => ({
    answer: options.untranslated ? wording.noTranslation : wording.notFound,
    links: [],
    outcome: 'none',
    found: false,
  });
  const ranked = scoreSentences(query, passages, options.untranslated ? null : (options.scale ?? null));
  const best = ranked[0];
  if (!best) return refuse();
  // A word the knowledge base never uses tells nothing against a passage in another script.
  const unknownTerms = best.otherScript ? 0 : (options.unknownTerms ?? 0);
  const confidence = best.score - WEIGHTS.unknownTerm * unknownTerms;
  const scored = outcomeOf(confidence, best);
  if (scored === 'none') return { ...refuse(), confidence };

  const links: AnswerLink[] = [];
  const add = (link: AnswerLink) => {
    if (!links.some((l) => l.url === link.url)) links.push(link);
    return `[${escapeMarkdown(link.title ?? link.url)}](${link.url})`;
  };
  const cite = (c: Candidate) => {
    const link = linkOf(c.passage);
    const own = link ? add(link) : `**${escapeMarkdown(c.passage.title)}**`;
    const origin = c.passage.origin;
    return origin ? `${own} (${wording.from} ${add({ url: origin, title: fileName(origin) })})` : own;
  };

  const { lead, list } = expand(best, MAX_WORDS);
  const shownText = [...lead, ...list].join(' ');
  // However close, text that does not state what kind of thing was asked (a number for "how
  // many") is not a direct answer.
  const outcome = scored === 'answer' && !givesAskedKind(query, shownText) ? 'closest' : scored;
  const shown = new Set([...lead, ...list]);
  let words = wordCount(shownText);
  const frame = otherLanguage(worded, best.passage.text);
  const parts = [escapeMarkdown(lead.join(' '))];
  if (frame) parts.unshift(wording.quotedFrom(frame));
  if (list.length) parts.push(list.map((item) => `- ${escapeMarkdown(item)}`).join('\n'));
  // The same sentence, word for word, in other documents (a guide and its example page): each
  // is as much its source, and a person may trust or open one more than another.
  const sources = [best, ...best.copies.slice(0, MAX_COPIES).map((passage) => ({ ...best, passage }))];
  parts.push(`${wording.source}: ${sources.map(cite).join(', ')}`);

  // Quotes from one source share one citation (its title read once, not after every quote).
  const supports = new Map<string, string[]>();
  let count = 0;
  for (const c of ranked.slice(1)) {
    if (count >= MAX_SUPPORTS || c.score < best.score - WEIGHTS.supportMargin) break;
    if (shown.has(c.text) || c.text.endsWith(':')) continue;
    const length = wordCount(c.text);
    if (words + length > MAX_WORDS + 40) continue;
    words += length;
    count += 1;
    shown.add(c.text);
    const source = cite(c);
    supports.set(source, [...(supports.get(source) ?? []), escapeMarkdown(c.text)]);
  }
  if (count) {
    const items = [...supports].map(([source, quotes]) => `- ${quotes.join(' … ')} (${source})`);
    parts.push(`**${wording.alsoInSources}**\n\n${items.join('\n')}`);
  }
  const quoted = [...new Set(ranked.filter((c) => shown.has(c.text)).map((c) => c.passage))];
  // The closest passage is said to be no more than that, before it is quoted.
  if (outcome === 'closest') parts.unshift(wording.closest);
  return { answer: parts.join('\n\n'), links, outcome, found: outcome === 'answer', confidence, quoted };
}

/**
 * The name, in the language the answer is worded in, of the language a quoted passage is written
 * in, when it is written in another script (an English source for a Hindi question): the answer
 * then says so before the quote, which is given as written.
 */
function otherLanguage(answerLanguage: string, passage: string): string | null {
  const script = (text: string) => (scriptShare(text, 'Devanagari') > 0.5 ? 'Devanagari' : 'Latin');
  const answerScript = answerLanguage === 'hi' ? 'Devanagari' : 'Latin';
  if (script(passage) === answerScript) return null;
  const written = detectLanguage(passage);
  if (!written || written === answerLanguage) return null;
  try {
    return new Intl.DisplayNames([answerLanguage], { type: 'language' }).of(written) ?? null;
  } catch {
    return null;
  }
}

/**
 * Which of the three outcomes a confidence gives (see CONFIDENCE). The question's words a sentence
 * holds help choose it, but do not make it an answer: its meaning alone must reach the closest
 * passage's bar too, else a sentence sharing the question's words in another sense ("deaf" and
 * "blind" in a clause on interpreters and readers, for a deaf-blind person's computer) would be
 * given as answering.
 */
function outcomeOf(confidence: number, best: Candidate): AnswerOutcome {
  if (best.similarity === null)
    return best.lexical > 0 && confidence >= CONFIDENCE.lexical ? 'answer' : 'none';
  if (confidence >= CONFIDENCE.answer && best.similarity >= CONFIDENCE.closest) return 'answer';
  return confidence >= CONFIDENCE.closest ? 'closest' : 'none';
}

/** The address a person can open: a PDF's at the page the passage starts on. */
export function linkOf(passage: Pick<Passage, 'url' | 'page' | 'title'>): AnswerLink | null {
  if (!passage.url) return null;
  const url =
    passage.page && !passage.url.includes('#') ? `${passage.url}#page=${passage.page}` : passage.url;
  return { url, title: passage.title || passage.url };
}

/** The last part of an address's path, decoded: how a person recognises a file. */
function fileName(url: string): string {
  const last = url.split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Quoted text is shown as written, not read as markdown. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>|#])/g, '\\$1');
}
