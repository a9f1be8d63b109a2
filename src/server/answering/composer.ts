import type { AnswerLink } from '../../shared/chat/protocol';
import { splitSentences } from '../knowledge/index/chunker';
import type { Passage } from './retrieval';

export const NOT_FOUND_ANSWER =
  'I could not find anything about this in the DISH knowledge base, so I cannot answer it. ' +
  'Try asking in other words, or about an assistive solution such as a screen reader, a mobility aid or sign language.';

export interface ComposedAnswer {
  answer: string;
  links: AnswerLink[];
  /** False when nothing relevant was found (the answer then says so plainly). */
  found: boolean;
}

// Words that carry no meaning of their own in a question.
const STOPWORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my of on or our should so than that the their them then there these they this to was we were what when ' +
    'where which who whom why will with would you your about any some tell give please know find help use using ' +
    'get need want way ways'
  ).split(' '),
);

/** The question's content words, each cut to a crude stem so that "disabled" meets "disability". */
export function contentWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
  return [...new Set(words.map(stem))];
}

const stem = (word: string) =>
  /^\p{Script=Latin}+$/u.test(word) && word.length > 5 ? word.slice(0, 5) : word;

function matches(text: string, words: string[]): number {
  const own = new Set(contentWords(text));
  return words.filter((w) => own.has(w) || [...own].some((o) => o.startsWith(w))).length;
}

const MAX_SOURCES = 3;
const MAX_SENTENCES = 3;

/**
 * The extractive composer (DECISIONS §4): it quotes the sentences of the best passages that share
 * the most words with the question, grouped by document, and lists their links. It writes no
 * sentence of its own about the subject, so it cannot state what no source says; when no passage
 * shares enough of the question's words, it says so plainly.
 */
export function composeAnswer(query: string, passages: Passage[]): ComposedAnswer {
  const words = contentWords(query);
  const needed = words.length <= 2 ? words.length : Math.ceil(words.length / 2);
  const relevant = passages.filter((p) => words.length > 0 && matches(p.text, words) >= Math.max(1, needed));
  if (relevant.length === 0) return { answer: NOT_FOUND_ANSWER, links: [], found: false };

  const byItem = new Map<string, Passage[]>();
  for (const p of relevant) byItem.set(p.itemId, [...(byItem.get(p.itemId) ?? []), p]);
  const sections: string[] = [];
  const links: AnswerLink[] = [];
  for (const group of [...byItem.values()].slice(0, MAX_SOURCES)) {
    const first = group[0]!;
    const best = bestSentences(group, words);
    if (best.length === 0) continue;
    const title = escapeMarkdown(first.title || 'Untitled document');
    const heading = first.url ? `**[${title}](${first.url})**` : `**${title}**`;
    sections.push(`${heading}\n\n${best.map((x) => `> ${escapeMarkdown(x.text)}`).join('\n>\n')}`);
    if (first.url && !links.some((l) => l.url === first.url))
      links.push({ url: first.url, title: first.title });
  }
  if (sections.length === 0) return { answer: NOT_FOUND_ANSWER, links: [], found: false };
  const sourceList = links.length ? `\n\n**Sources**\n\n${links.map((l) => `- ${l.url}`).join('\n')}` : '';
  return {
    answer: `Here is what the DISH knowledge base says:\n\n${sections.join('\n\n')}${sourceList}`,
    links,
    found: true,
  };
}

interface Candidate {
  text: string;
  words: string[];
  order: number;
}

/**
 * The sentences of a document's passages that say most about the question. A word the document
 * uses everywhere counts for less than a rare one (inverse document frequency over its
 * sentences); a matching question in the text brings its following sentence along, since that is
 * where an FAQ or a heading's answer is.
 */
function bestSentences(group: Passage[], words: string[]): { text: string; order: number }[] {
  const candidates: Candidate[] = [];
  for (const p of group) {
    const sentences = splitSentences(p.text);
    sentences.forEach((sentence, i) => {
      const next = sentences[i + 1];
      const text = sentence.endsWith('?') && next ? `${sentence} ${next}` : sentence;
      candidates.push({
        text,
        words: words.filter((w) => matches(sentence, [w]) > 0),
        order: p.position * 1000 + i,
      });
    });
  }
  const df = new Map(words.map((w) => [w, candidates.filter((c) => c.words.includes(w)).length]));
  const weight = (w: string) => Math.log(1 + candidates.length / (1 + (df.get(w) ?? 0)));
  const seen = new Set<string>();
  return candidates
    .filter((c) => c.words.length > 0 && c.text.length > 20)
    .map((c) => ({ ...c, score: c.words.reduce((sum, w) => sum + weight(w), 0) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .filter((c) => !seen.has(c.text) && seen.add(c.text))
    .slice(0, MAX_SENTENCES)
    .sort((a, b) => a.order - b.order);
}

/** Quoted text is shown as written, not read as markdown. */
function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>|#])/g, '\\$1');
}
