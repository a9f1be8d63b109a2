import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { periodBody, ReviewFigures } from '../../shared/admin/reviewed';
import type { Db } from '../db/client';
import { questions } from '../db/schema';
import { periodScope } from './gaps';

/** The query-response event has this. */
const responds = (condition: string) =>
  sql.raw(`jsonb_path_exists(history, '$[*] ? (@.type == "query-response" && ${condition})')`);

/**
 * The dashboard's figures for a period (issue 33 item 5): what was asked, how it was answered
 * (a reviewed answer, the composer, only the closest passage, refused, failed), how askers rated
 * the answers, and how admins judged those they reviewed.
 */
export async function reviewFigures(
  db: Db,
  projects: readonly string[],
  period: z.output<typeof periodBody>,
): Promise<ReviewFigures> {
  const reviewed = responds('exists(@.reviewedAnswer)');
  const [row] = await db
    .select({
      asked: sql<number>`count(*)::int`,
      reviewed: sql<number>`count(*) FILTER (WHERE ${reviewed})::int`,
      composed: sql<number>`count(*) FILTER (WHERE NOT ${reviewed} AND ${responds('(@.outcome == "answer" || @.outcome == "closest")')})::int`,
      closest: sql<number>`count(*) FILTER (WHERE ${responds('@.outcome == "closest"')})::int`,
      refused: sql<number>`count(*) FILTER (WHERE ${responds('@.outcome == "none"')})::int`,
      failed: sql<number>`count(*) FILTER (WHERE ${questions.status} = 'failed')::int`,
      yes: sql<number>`count(*) FILTER (WHERE ${questions.helpful})::int`,
      no: sql<number>`count(*) FILTER (WHERE NOT ${questions.helpful})::int`,
      approved: sql<number>`count(*) FILTER (WHERE ${questions.review} = 'approved')::int`,
      rewritten: sql<number>`count(*) FILTER (WHERE ${questions.review} = 'rewritten')::int`,
      needsContent: sql<number>`count(*) FILTER (WHERE ${questions.review} = 'needs_content')::int`,
    })
    .from(questions)
    .where(periodScope(projects, period));
  const n = (value: number | undefined) => Number(value ?? 0);
  const reviews = {
    approved: n(row?.approved),
    rewritten: n(row?.rewritten),
    needsContent: n(row?.needsContent),
  };
  const judged = reviews.approved + reviews.rewritten + reviews.needsContent;
  return {
    asked: n(row?.asked),
    reviewed: n(row?.reviewed),
    composed: n(row?.composed),
    closest: n(row?.closest),
    refused: n(row?.refused),
    failed: n(row?.failed),
    helpful: { yes: n(row?.yes), no: n(row?.no) },
    reviews,
    approvedShare: judged ? reviews.approved / judged : null,
  };
}
