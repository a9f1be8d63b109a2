import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows, textArray } from '../db/raw';
import { detectLanguage } from '../knowledge/index/language';
import type { SearchIndex } from '../knowledge/index/search-index';

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
  const config = index.configFor(detectLanguage(words));
  const projectList = textArray(projects);
  const matching: SQL = words
    ? sql`AND EXISTS (SELECT 1 FROM chunks c WHERE c.item_id = i.id
          AND c.tsv @@ (plainto_tsquery(${config}::regconfig, ${words}) || plainto_tsquery('simple', ${words})))`
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
  return [
    `**Statistics**: ${total} ${total === 1 ? 'item' : 'items'} of the knowledge base ${subject}.`,
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
