import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows, textArray } from '../db/raw';
import type { SearchIndex } from '../knowledge/index/search-index';
import { isStopWord } from './words';

/**
 * Abbreviations in a question, spelled out the way the knowledge base itself defines them. A
 * person asks about "the automatic TOC"; the guideline says "Table of Contents" and defines
 * "Table of Contents (TOC)" once. Neither the words nor the model connect the two, so the
 * question is searched with the long form beside the short one. The long forms come only from
 * the project's own enabled passages, found by the pattern documents use to define an
 * abbreviation, "Long Form (LF)" or "LF (Long Form)", and checked by Schwartz and Hearst's
 * algorithm (the abbreviation's letters, in order, in the long form, the first one starting its
 * first word): no list of abbreviations of our own, and none the knowledge base does not define.
 */

/** At most this many abbreviations of one question are looked up (one statement for all). */
const LOOKED_UP = 4;
/** Definitions read per question: one or two suffice, a few more outvote a stray match. */
const DEFINITIONS_READ = 40;

/**
 * The words of a question that look like abbreviations: two to ten letters or digits, at least
 * two of them capitals and at least half of the letters ("TOC", "WIOA", "DTBook"), a plural's
 * "s" set aside ("ACRs"). A word that is also a stop word ("IT", "US") is left out: it would
 * match most passages, and a sentence that spells it out is rare.
 */
export function shortFormsIn(question: string): string[] {
  const found = new Set<string>();
  for (const [, word] of question.matchAll(
    /(?<![\p{L}\p{N}])(\p{Lu}[\p{L}\p{N}&]{1,9}?)s?(?![\p{L}\p{N}])/gu,
  )) {
    const letters = word!.replace(/[^\p{L}]/gu, '');
    const capitals = letters.replace(/\P{Lu}/gu, '');
    if (capitals.length >= 2 && capitals.length * 2 >= letters.length && !isStopWord(word!)) found.add(word!);
  }
  return [...found].slice(0, LOOKED_UP);
}

/**
 * The long form that `candidate` ends with, if it spells `short` (Schwartz & Hearst, 2003): each
 * of the abbreviation's letters and digits found from the right, in order, the first one at the
 * start of a word. Null when it does not, or when the long form would be the abbreviation itself.
 */
export function longFormOf(candidate: string, short: string): string | null {
  const text = candidate.trim();
  let at = text.length - 1;
  for (let s = short.length - 1; s >= 0; s--) {
    const char = short[s]!.toLowerCase();
    if (!/[\p{L}\p{N}]/u.test(char)) continue;
    while (
      at >= 0 &&
      (text[at]!.toLowerCase() !== char || (s === 0 && at > 0 && /[\p{L}\p{N}]/u.test(text[at - 1]!)))
    )
      at--;
    if (at < 0) return null;
    at--;
  }
  const long = text.slice(text.lastIndexOf(' ', at) + 1);
  return long.includes(' ') && long.length > short.length ? long : null;
}

/** A text to be matched as it is inside a regular expression. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The definitions of `short` in a passage: "Long Form (SHORT)", the long form among the few words
 * before the bracket, and "SHORT (Long Form)".
 */
export function definitionsIn(text: string, short: string): string[] {
  const found: string[] = [];
  const escaped = literal(short);
  // As Schwartz and Hearst do: at most min(|short| + 5, 2|short|) words before the bracket.
  const most = Math.min(short.length + 5, short.length * 2);
  const before = new RegExp(`((?:[^\\s()]+\\s+){1,${most}})\\(${escaped}s?\\)`, 'gu');
  for (const m of text.matchAll(before)) {
    const long = longFormOf(m[1]!, short);
    if (long) found.push(long);
  }
  const after = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}s?\\s+\\(([^()]{3,120})\\)`, 'gu');
  for (const m of text.matchAll(after)) {
    const inside = m[1]!.trim();
    if (inside.split(/\s+/).length <= most && longFormOf(inside, short) === inside) found.push(inside);
  }
  return found;
}

/** The question with each abbreviation the knowledge base defines followed by its long form. */
export function spelledOut(question: string, longForms: ReadonlyMap<string, string>): string {
  let text = question;
  for (const [short, long] of longForms) {
    if (text.toLowerCase().includes(long.toLowerCase())) continue;
    const word = new RegExp(`(?<![\\p{L}\\p{N}])${literal(short)}s?(?![\\p{L}\\p{N}])`, 'u');
    text = text.replace(word, (found) => `${found} (${long})`);
  }
  return text;
}

/**
 * The long forms of the question's abbreviations that the projects' enabled passages define, the
 * most frequent definition of each (case aside). One statement, only for a question holding
 * something that looks like an abbreviation; the passages are found by their words first.
 */
export async function longFormsFor(
  db: Db,
  index: Pick<SearchIndex, 'textQuery'>,
  question: string,
  projects: string[],
): Promise<Map<string, string>> {
  const shorts = shortFormsIn(question);
  const result = new Map<string, string>();
  if (shorts.length === 0 || projects.length === 0) return result;
  const rows = await queryRows<{ text: string }>(
    db,
    sql`SELECT c.text FROM chunks c JOIN sources s ON s.id = c.source_id AND s.is_active
        WHERE c.project = ANY(${textArray(projects)})
          AND (${sql.join(
            shorts.map(
              (short) =>
                sql`(c.tsv @@ ${index.textQuery(short, 'all')} AND (strpos(c.text, ${`(${short}`}) > 0 OR strpos(c.text, ${`${short} (`}) > 0))`,
            ),
            sql` OR `,
          )})
        LIMIT ${DEFINITIONS_READ}`,
  );
  for (const short of shorts) {
    const counts = new Map<string, { long: string; count: number }>();
    for (const { text } of rows)
      for (const long of definitionsIn(text, short)) {
        const key = long.toLowerCase();
        const seen = counts.get(key) ?? { long, count: 0 };
        counts.set(key, { ...seen, count: seen.count + 1 });
      }
    const best = [...counts.values()].sort((a, b) => b.count - a.count)[0];
    if (best) result.set(short, best.long);
  }
  return result;
}
