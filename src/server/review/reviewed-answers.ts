import { and, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  reviewedAnswerChange,
  reviewedAnswerInput,
  type ReviewedAnswerView,
  type ReviewedSource,
  reviewedExport,
  reviewedListBody,
} from '../../shared/admin/reviewed';
import type { ListAnswer } from '../../shared/admin/views';
import type { Db } from '../db/client';
import { ingestedData, questions, reviewedAnswers } from '../db/schema';
import { HttpError } from '../http/errors';
import { sameWords } from '../answering/reviewed/matching';
import { sourcesStand, type ReviewedAnswers } from '../answering/reviewed/store';
import { answerOf } from '../feedback/repository';
import { refusalTexts } from '../answering/messages';

/**
 * The admin's commands on reviewed answers (issue 33): approve an answer as it was given, write
 * the right one, change, retire, list, export and import. Each new or changed answer is embedded
 * before the command answers, so the next question of its meaning gets it.
 */

export const reviewMessages = {
  noQuestion: 'No such question.',
  noAnswer: 'No such reviewed answer.',
  nothingToApprove:
    'This question got no answer from the knowledge base, so there is nothing to approve. Write the right answer instead.',
  notAnItem: 'A source is not an item of this project. Please pick it again.',
};

export interface Reviewer {
  id: string;
  name: string;
}

type Row = typeof reviewedAnswers.$inferSelect & { stands: boolean };
type QuestionRow = typeof questions.$inferSelect;
type Input = z.output<typeof reviewedAnswerInput>;

const withStanding = { ...getTableColumns(reviewedAnswers), stands: sourcesStand };

export const presentReviewedAnswer = (row: Row): ReviewedAnswerView => ({
  _id: row.id,
  project: row.project,
  questions: row.questions,
  answers: row.answers,
  sources: row.sources,
  status: row.status,
  needsReview: !row.stands,
  fromQuestion: row.fromQuestion,
  reviewedBy: row.reviewedByName,
  reviewedAt: row.reviewedAt.toISOString(),
  hits: row.hits,
  lastHitAt: row.lastHitAt?.toISOString() ?? null,
});

/** A reviewed answer of one of the projects, or 404 (another project's is not told apart from none). */
export async function findReviewed(db: Db, id: string, projects: readonly string[]): Promise<Row> {
  const [row] = await db.select(withStanding).from(reviewedAnswers).where(eq(reviewedAnswers.id, id));
  if (!row || !projects.includes(row.project)) throw new HttpError(404, reviewMessages.noAnswer);
  return row;
}

/** A question of one of the projects, or 404. */
export async function findQuestionOf(db: Db, id: string, projects: readonly string[]): Promise<QuestionRow> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id));
  if (!row || !projects.includes(row.project)) throw new HttpError(404, reviewMessages.noQuestion);
  return row;
}

/** Writes a reviewed answer ("Write the right answer", or from the list or a gap). */
export async function writeReviewed(
  db: Db,
  lookup: ReviewedAnswers,
  input: Input,
  reviewer: Reviewer,
  review: 'approved' | 'rewritten' = 'rewritten',
): Promise<ReviewedAnswerView> {
  await checkSources(db, input.project, input.sources);
  const [inserted] = await db
    .insert(reviewedAnswers)
    .values({
      project: input.project,
      questions: distinct(input.questions),
      answers: input.answers,
      sources: input.sources,
      fromQuestion: input.fromQuestion ?? null,
      reviewedBy: reviewer.id,
      reviewedByName: reviewer.name,
    })
    .returning({ id: reviewedAnswers.id });
  for (const id of [...(input.fromQuestion ? [input.fromQuestion] : []), ...(input.closes ?? [])])
    await markQuestion(db, id, input.project, review, reviewer);
  await lookup.embed(inserted!.id);
  return presentReviewedAnswer(await findReviewed(db, inserted!.id, [input.project]));
}

/** "Approve this answer": the answer the question got, as it was given, with the sources it cited. */
export async function approveAnswer(
  db: Db,
  lookup: ReviewedAnswers,
  question: QuestionRow,
  reviewer: Reviewer,
): Promise<ReviewedAnswerView> {
  const answer = answerOf(question);
  if (question.status !== 'answered' || !answer || refusalTexts().some((r) => answer.includes(r)))
    throw new HttpError(400, reviewMessages.nothingToApprove);
  // An answer that was a reviewed answer already: approving it says that this wording asks the
  // same, so the question joins that answer's paraphrases rather than making a second one.
  const served = question.history.findLast((e) => e.type === 'query-response')?.reviewedAnswer;
  const [existing] = served
    ? await db.select(withStanding).from(reviewedAnswers).where(eq(reviewedAnswers.id, served))
    : [];
  if (existing && existing.project === question.project) {
    await markQuestion(db, question.id, question.project, 'approved', reviewer);
    return existing.questions.some((q) => sameWords(q, question.query))
      ? presentReviewedAnswer(existing)
      : changeReviewed(db, lookup, existing, { questions: [...existing.questions, question.query] });
  }
  return writeReviewed(
    db,
    lookup,
    {
      project: question.project,
      questions: [question.query],
      answers: { [question.language || 'en']: answer },
      sources: await sourcesOfAnswer(db, question.project, answer),
      fromQuestion: question.id,
    },
    reviewer,
    'approved',
  );
}

export async function changeReviewed(
  db: Db,
  lookup: ReviewedAnswers,
  row: Row,
  change: z.output<typeof reviewedAnswerChange>,
): Promise<ReviewedAnswerView> {
  if (change.sources) await checkSources(db, row.project, change.sources);
  await db
    .update(reviewedAnswers)
    .set({
      ...(change.questions ? { questions: distinct(change.questions) } : {}),
      ...(change.answers ? { answers: change.answers } : {}),
      ...(change.sources ? { sources: change.sources } : {}),
      ...(change.status ? { status: change.status } : {}),
      // A new question or answer is matched by new vectors.
      ...(change.questions || change.answers ? { vectors: null, embeddedWith: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(reviewedAnswers.id, row.id));
  if (change.questions || change.answers) await lookup.embed(row.id);
  return presentReviewedAnswer(await findReviewed(db, row.id, [row.project]));
}

/** "Needs content": the question is a knowledge gap; taken back, it is not reviewed. */
export async function markNeedsContent(
  db: Db,
  question: QuestionRow,
  on: boolean,
  reviewer: Reviewer,
): Promise<void> {
  if (on) await markQuestion(db, question.id, question.project, 'needs_content', reviewer);
  else if (question.review === 'needs_content')
    await db
      .update(questions)
      .set({ review: null, reviewedBy: null, reviewedAt: null })
      .where(eq(questions.id, question.id));
}

export async function listReviewed(
  db: Db,
  projects: readonly string[],
  body: z.output<typeof reviewedListBody>,
): Promise<ListAnswer<ReviewedAnswerView>> {
  const scope = body.project ? projects.filter((p) => p === body.project) : [...projects];
  if (scope.length === 0) return { data: [], total: 0 };
  const words = body.search?.trim();
  const where = and(
    inArray(reviewedAnswers.project, scope),
    body.status === 'all' ? undefined : eq(reviewedAnswers.status, body.status),
    words ? textContains(words) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(withStanding)
      .from(reviewedAnswers)
      .where(where)
      .orderBy(desc(reviewedAnswers.reviewedAt), desc(reviewedAnswers.id))
      .limit(body.queryOptions.limit)
      .offset(body.queryOptions.skip),
    db.select({ n: count() }).from(reviewedAnswers).where(where),
  ]);
  return { data: rows.map(presentReviewedAnswer), total: Number(total?.n ?? 0) };
}

/** A project's reviewed answers as a file another server imports. */
export async function exportReviewed(db: Db, project: string): Promise<z.output<typeof reviewedExport>> {
  const rows = await db
    .select()
    .from(reviewedAnswers)
    .where(eq(reviewedAnswers.project, project))
    .orderBy(reviewedAnswers.reviewedAt, reviewedAnswers.id);
  return {
    format: 'dish-reviewed-answers',
    version: 1,
    answers: rows.map((r) => ({
      questions: r.questions,
      answers: r.answers,
      sources: r.sources,
      status: r.status,
      reviewedBy: r.reviewedByName,
      reviewedAt: r.reviewedAt.toISOString(),
    })),
  };
}

/**
 * Adds an export's answers to a project. Sources that name an item of another server keep their
 * link but not the item, which this server does not have; each answer is embedded here.
 */
export async function importReviewed(
  db: Db,
  lookup: ReviewedAnswers,
  project: string,
  data: z.output<typeof reviewedExport>,
  reviewer: Reviewer,
): Promise<number> {
  if (data.answers.length === 0) return 0;
  const known = await itemsOf(
    db,
    project,
    data.answers.flatMap((a) => a.sources),
  );
  const rows = await db
    .insert(reviewedAnswers)
    .values(
      data.answers.map((a) => ({
        project,
        questions: distinct(a.questions),
        answers: a.answers,
        sources: a.sources.map(({ itemId, ...link }) =>
          itemId && known.has(itemId) ? { itemId, ...link } : link,
        ),
        status: a.status,
        reviewedBy: reviewer.id,
        reviewedByName: a.reviewedBy || reviewer.name,
        ...(a.reviewedAt && !Number.isNaN(Date.parse(a.reviewedAt))
          ? { reviewedAt: new Date(a.reviewedAt) }
          : {}),
      })),
    )
    .returning({ id: reviewedAnswers.id });
  for (const row of rows) await lookup.embed(row.id);
  return rows.length;
}

/** Markdown links of an answer that name items of the project: its sources. */
async function sourcesOfAnswer(db: Db, project: string, answer: string): Promise<ReviewedSource[]> {
  const links = [...answer.matchAll(/\[((?:\\.|[^\]\\])*)\]\(([^)\s]+)\)/g)].map((m) => ({
    title: m[1]!.replace(/\\(.)/g, '$1'),
    url: m[2]!,
  }));
  const unique = links.filter((l, i) => links.findIndex((o) => o.url === l.url) === i);
  if (unique.length === 0) return [];
  const bare = (url: string) => url.split('#')[0]!;
  const items = await db
    .select({ id: ingestedData.id, url: ingestedData.url })
    .from(ingestedData)
    .where(
      and(
        eq(ingestedData.project, project),
        inArray(
          ingestedData.url,
          unique.map((l) => bare(l.url)),
        ),
      ),
    );
  return unique.map((l) => {
    const item = items.find((i) => i.url === bare(l.url));
    return item ? { itemId: item.id, ...l } : l;
  });
}

async function checkSources(db: Db, project: string, listed: ReviewedSource[]): Promise<void> {
  const ids = listed.flatMap((s) => (s.itemId ? [s.itemId] : []));
  const known = await itemsOf(db, project, listed);
  if (ids.some((id) => !known.has(id))) throw new HttpError(400, reviewMessages.notAnItem);
}

async function itemsOf(db: Db, project: string, listed: ReviewedSource[]): Promise<Set<string>> {
  const ids = [...new Set(listed.flatMap((s) => (s.itemId ? [s.itemId] : [])))];
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: ingestedData.id })
    .from(ingestedData)
    .where(and(eq(ingestedData.project, project), inArray(ingestedData.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Marks a question of the project as reviewed (a question of another is left as it is). */
async function markQuestion(
  db: Db,
  id: string,
  project: string,
  review: NonNullable<QuestionRow['review']>,
  reviewer: Reviewer,
) {
  await db
    .update(questions)
    .set({ review, reviewedBy: reviewer.id, reviewedAt: sql`now()` })
    .where(and(eq(questions.id, id), eq(questions.project, project)));
}

function textContains(words: string): SQL | undefined {
  const pattern = `%${words.replace(/[\\%_]/g, '\\$&')}%`;
  return or(
    ilike(sql`${reviewedAnswers.questions}::text`, pattern),
    ilike(sql`${reviewedAnswers.answers}::text`, pattern),
  );
}

/** The same question written twice is kept once. */
const distinct = (list: string[]) => [...new Set(list.map((q) => q.trim()))];
