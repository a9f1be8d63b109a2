/** How the answers bench scores an answer, as ../shared/material/eval/README.md says. */
import path from 'node:path';
import type { AnswerOutcome } from '../../src/shared/chat/answer-outcome';
import { wordingFor } from '../../src/server/answering/messages';

export interface EvalItem {
  id: string;
  kind: 'fact' | 'hindi' | 'out_of_scope' | 'prompt';
  question: string;
  file: string | null;
  expect: string | null;
  evidence: string | null;
}

export interface Outcome {
  item: EvalItem;
  answer: string;
  /** The answer's links: addresses and titles. */
  links: string[];
  ms: number;
  /** The composer's score of the sentence it chose (recorded on the question). */
  confidence: number | null;
  outcome: AnswerOutcome;
}

/** The file an answer must cite: a document's base name, or the APG page's path. */
function citationOf(file: string): string {
  const site = 'website/aria-practices/content/';
  return file.startsWith(site) ? file.slice(site.length) : path.basename(file);
}

function linksIn(answer: string): string[] {
  return [...answer.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

export function cites(outcome: Pick<Outcome, 'answer' | 'links'>, file: string): boolean {
  const want = citationOf(file);
  const all = [...outcome.links, ...linksIn(outcome.answer)].map((l) => {
    try {
      return decodeURIComponent(l);
    } catch {
      return l;
    }
  });
  return file.startsWith('website/')
    ? all.some((l) => l.split('#')[0]!.endsWith(want))
    : all.some((l) => l.includes(want));
}

/**
 * What an answer says before its first source: the sentence chosen as the answer, with the
 * sentences or the list it needs. A person listening hears it first; the supporting quotes come
 * after the source.
 */
export function leadOf(answer: string): string {
  const labels = ['en', 'hi'].map((language) => `${wordingFor(language).source}:`);
  const parts = answer.split('\n\n');
  const source = parts.findIndex((part) => labels.some((label) => part.startsWith(label)));
  return parts.slice(0, source < 0 ? parts.length : source).join('\n\n');
}

export function citesAnything(o: Pick<Outcome, 'answer' | 'links'>): boolean {
  return o.links.length > 0 || linksIn(o.answer).length > 0;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
