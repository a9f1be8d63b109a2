import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import { scriptShare } from '../knowledge/index/language';
import { wordingFor } from './messages';
import { wordCount } from '../knowledge/index/chunker';
import { contentWords } from './words';

/** A greeting, a single word or a question with no word of substance: help is more use than a search. */
export function isNearEmpty(query: string): boolean {
  return wordCount(query) <= 1 || contentWords(query).length === 0;
}

/** The language the answer's own sentences are written in: the question's, by its script first. */
export function answerLanguage(query: string, detected: string): string {
  return /\p{L}/u.test(query) && scriptShare(query, 'Devanagari') > 0.5 ? 'hi' : detected;
}

/**
 * What DISH answers, and three questions it can answer: about the project's own documents (the
 * most recently updated titles of its enabled sources that read as titles).
 */
export async function helpReply(db: Db, project: string, language: string): Promise<string> {
  const wording = wordingFor(language);
  const rows = await queryRows<{ title: string }>(
    db,
    sql`SELECT title FROM (
          SELECT DISTINCT ON (lower(i.title)) i.title, i.updated_at
          FROM ingested_data i JOIN sources s ON s.id = i.source_id AND s.is_active
          WHERE i.project = ${project} AND length(i.title) BETWEEN 6 AND 80
            AND i.title !~ '^(https?:|/)' AND i.title !~ '\\.(pdf|docx?|xlsx|csv|txt|md|html?)$'
          ORDER BY lower(i.title), i.updated_at DESC
        ) t ORDER BY updated_at DESC LIMIT 3`,
  );
  const examples = rows.map((r) => `- ${wording.aboutTitle(r.title.replace(/\s+/g, ' ').trim())}`);
  return examples.length ? `${wording.help}\n\n${wording.tryAsking}\n\n${examples.join('\n')}` : wording.help;
}
