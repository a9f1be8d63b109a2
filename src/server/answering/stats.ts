import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows, textArray } from '../db/raw';
import { splitSentences } from '../knowledge/index/chunker';
import type { SearchIndex } from '../knowledge/index/search-index';
import { linkOf } from './composer';
import { wordCount } from '../knowledge/index/chunker';
import { contentWords } from './words';

interface Count {
  label: string;
  items: number;
}

/**
 * `/stats …` (DECISIONS §4): how many items of the knowledge base match the query's words (all of
 * them when there are none), by data type, country and source, as GFM tables.
 */
export async function statsAnswer(
  db: Db,
  index: SearchIndex,
  query: string,
  projects: string[],
): Promise<string> {
  const words = query
    .replace(/^\/stats\b/, '')
    .trim()
    .slice(0, 500);
  const projectList = textArray(projects);
  const matching: SQL = words
    ? sql`AND EXISTS (SELECT 1 FROM chunks c WHERE c.item_id = i.id AND c.tsv @@ ${index.textQuery(words, 'all')})`
    : sql``;
  const base = sql`FROM ingested_data i JOIN sources s ON s.id = i.source_id AND s.is_active
                   WHERE i.project = ANY(${projectList}) ${matching}`;
  const group = (column: SQL) =>
    queryRows<Count>(
      db,
      sql`SELECT coalesce(nullif(${column}, ''), 'Not given') AS label, count(*)::int AS items ${base}
          GROUP BY 1 ORDER BY items DESC, label LIMIT 20`,
    );
  const [byType, byCountry, bySource] = await Promise.all([
    group(sql`i.resource_type`),
    group(sql`i.country`),
    group(sql`s.name`),
  ]);
  const total = byType.reduce((sum, row) => sum + row.items, 0);
  const subject = words ? `matching "${escapeCell(words)}"` : 'in all';
  if (total === 0) return `**Statistics**: no items of the knowledge base ${words ? subject : 'yet'}.`;
  const figures = words ? await figuresFor(db, index, words, projectList) : '';
  return [
    `**Statistics**: ${total} ${total === 1 ? 'item' : 'items'} of the knowledge base ${subject}.`,
    ...(figures ? [figures] : []),
    table('Data type', byType),
    table('Country', byCountry),
    table('Source', bySource),
  ].join('\n\n');
}

function table(heading: string, rows: Count[]): string {
  return [
    `| ${heading} | Items |`,
    '| --- | ---: |',
    ...rows.map((r) => `| ${escapeCell(r.label)} | ${r.items} |`),
  ].join('\n');
}

const escapeCell = (text: string) => text.replace(/([|\\`*_[\]<>])/g, '\\$1').replace(/\s+/g, ' ');

// A percentage, or a count with its magnitude: what a person asking for figures wants to see.
const FIGURE =
  /\b\d{1,3}(?:,\d{3})*(?:\.\d+)?\s*(?:%|percent\b|per cent\b|million\b|billion\b|thousand\b)|\b\d+(?:\.\d+)?%/giu;
const MAX_FIGURES = 8;

/**
 * The figures the knowledge base holds for the words: each percentage or count in the best
 * matching passages' sentences that hold one of the words, with the sentence (what it measures)
 * and its source, as a GFM table.
 */
async function figuresFor(db: Db, index: SearchIndex, words: string, projects: SQL): Promise<string> {
  const passages = await queryRows<{ text: string; title: string; url: string | null; page: number | null }>(
    db,
    sql`SELECT c.text, i.title, c.url, c.page
        FROM chunks c JOIN ingested_data i ON i.id = c.item_id JOIN sources s ON s.id = c.source_id AND s.is_active
        CROSS JOIN (SELECT ${index.textQuery(words, 'any')} AS query) q
        WHERE c.project = ANY(${projects}) AND c.tsv @@ q.query
        ORDER BY ts_rank(c.tsv, q.query) DESC LIMIT 30`,
  );
  const asked = contentWords(words);
  const rows: string[] = [];
  const seen = new Set<string>();
  for (const p of passages) {
    for (const sentence of splitSentences(p.text)) {
      const figures = [...new Set(sentence.match(FIGURE) ?? [])];
      const own = contentWords(sentence);
      if (!figures.length || !asked.some((w) => own.some((o) => o.startsWith(w))) || seen.has(sentence))
        continue;
      seen.add(sentence);
      const link = linkOf(p);
      const source = link ? `[${escapeCell(p.title)}](${link.url})` : escapeCell(p.title);
      const measured =
        wordCount(sentence) > 40 ? `${sentence.split(/\s+/).slice(0, 40).join(' ')} …` : sentence;
      rows.push(`| ${escapeCell(figures.join(', '))} | ${escapeCell(measured)} | ${source} |`);
      if (rows.length >= MAX_FIGURES) break;
    }
    if (rows.length >= MAX_FIGURES) break;
  }
  if (!rows.length) return '';
  return ['| Figure | What it measures | Source |', '| --- | --- | --- |', ...rows].join('\n');
}
