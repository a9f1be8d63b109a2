import { and, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { GapGroup, GapKind, GapQuestion, periodBody } from '../../shared/admin/reviewed';
import type { Db } from '../db/client';
import { questions } from '../db/schema';
import { questionVector } from '../answering/retrieval';
import { refusalTexts } from '../answering/messages';
import type { SearchIndex } from '../knowledge/index/search-index';
import { groupByMeaning } from './gap-groups';

/** The newest gap questions of a period that are grouped: each is embedded for it. */
export const GAPS_CONSIDERED = 500;

type Period = z.output<typeof periodBody>;
type QuestionRow = typeof questions.$inferSelect;

/** The questions of the admin's projects (one of them, when chosen) asked in the period. */
export function periodScope(projects: readonly string[], period: Period): SQL | undefined {
  const scope = period.project ? projects.filter((p) => p === period.project) : [...projects];
  return and(
    scope.length ? inArray(questions.project, scope) : sql`false`,
    period.from ? gte(questions.queryTimestamp, new Date(period.from)) : undefined,
    period.to ? lte(questions.queryTimestamp, endOf(period.to)) : undefined,
  );
}

/** A date alone means the whole of that day (UTC). */
const endOf = (to: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(`${to}T23:59:59.999Z`) : new Date(to);

const outcomeIs = (outcome: string) =>
  sql`${questions.history} @> ${JSON.stringify([{ type: 'query-response', outcome }])}::jsonb`;

/**
 * What people asked and did not get (issue 33 item 4): questions refused, given only the closest
 * passage, answered "No" to "Was this helpful?", or marked "Needs content"; not those an admin
 * dismissed or answered since. Grouped by meaning, biggest group first.
 */
export async function knowledgeGaps(
  db: Db,
  index: Pick<SearchIndex, 'embedder' | 'similarityScale'>,
  projects: readonly string[],
  period: Period,
): Promise<{ groups: GapGroup[]; total: number; considered: number }> {
  const where = and(
    periodScope(projects, period),
    or(isNull(questions.review), eq(questions.review, 'needs_content')),
    or(
      eq(questions.review, 'needs_content'),
      eq(questions.helpful, false),
      outcomeIs('closest'),
      outcomeIs('none'),
    ),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(questions)
      .where(where)
      .orderBy(desc(questions.queryTimestamp), desc(questions.id))
      .limit(GAPS_CONSIDERED),
    db.select({ n: count() }).from(questions).where(where),
  ]);
  const refusals = refusalTexts();
  const gaps = rows.flatMap((row) => {
    const kind = gapKind(row, refusals);
    return kind ? [present(row, kind)] : [];
  });
  const vectors = await Promise.all(gaps.map((g) => questionVector(index, g.query)));
  const scale = await index.similarityScale();
  // Only questions of one project mean the same gap.
  const groups = [...new Set(gaps.map((g) => g.project))].flatMap((project) => {
    const members = gaps.flatMap((g, i) => (g.project === project ? [i] : []));
    return groupByMeaning(
      members.map((i) => gaps[i]!.query),
      members.map((i) => vectors[i] ?? null),
      scale?.questions ?? null,
    ).map((group) => group.map((k) => gaps[members[k]!]!));
  });
  return {
    groups: groups
      .map((group): GapGroup => ({
        count: group.length,
        languages: [...new Set(group.map((g) => g.language).filter(Boolean))],
        project: group[0]!.project,
        examples: group.slice(0, 3),
        questionIds: group.map((g) => g._id),
        questions: [...new Set(group.map((g) => g.query))],
      }))
      .sort((a, b) => b.count - a.count),
    total: Number(total?.n ?? 0),
    considered: rows.length,
  };
}

/** Why a question is a gap, or null (a greeting's help, say, is not one). */
function gapKind(row: QuestionRow, refusals: string[]): GapKind | null {
  if (row.review === 'needs_content') return 'needs_content';
  if (row.helpful === false) return 'unhelpful';
  const response = row.history.findLast((e) => e.type === 'query-response');
  if (response?.outcome === 'closest') return 'closest';
  if (response?.outcome === 'none' && refusals.some((r) => response.answer?.includes(r))) return 'refused';
  return null;
}

const present = (row: QuestionRow, kind: GapKind): GapQuestion => ({
  _id: row.id,
  query: row.query,
  language: row.language,
  project: row.project,
  kind,
  comment: row.feedbackComment,
  queryTimestamp: row.queryTimestamp.toISOString(),
});

/** "Dismiss": the group's questions leave the gaps. */
export async function dismissGap(
  db: Db,
  projects: readonly string[],
  ids: string[],
  reviewer: string,
): Promise<number> {
  if (projects.length === 0) return 0;
  const rows = await db
    .update(questions)
    .set({ review: 'dismissed', reviewedBy: reviewer, reviewedAt: sql`now()` })
    .where(and(inArray(questions.id, ids), inArray(questions.project, [...projects])))
    .returning({ id: questions.id });
  return rows.length;
}
