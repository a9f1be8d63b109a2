import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ReviewedSource } from '../../../shared/admin/reviewed';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw';
import { reviewedAnswers } from '../../db/schema';
import type { Embedder } from '../../knowledge/index/embeddings';
import { readsLatin } from '../../knowledge/index/language';
import type { SearchIndex } from '../../knowledge/index/search-index';
import { matchReviewed, matchVector, QuestionVectors, sameWords, type ReviewedVectors } from './matching';
import { asksTheOpposite } from '../opposites';

type Row = typeof reviewedAnswers.$inferSelect;

/** A reviewed answer as the lookup keeps it: what it is matched by, and what is served. */
interface Loaded extends ReviewedVectors {
  questions: string[];
}

/** The reviewed answer a question gets, and what it is served with. */
export interface ReviewedHit {
  id: string;
  /** The reviewed answer's question the asker's was matched to. */
  question: string;
  answers: Record<string, string>;
  sources: ReviewedSource[];
  reviewedAt: Date;
}

/**
 * The project's active reviewed answers, asked before the composer on every channel (issue 33).
 * Each process keeps a project's answers and their vectors in memory and looks at one stamp (how
 * many, and the latest change) per question, so an answer written through another process is
 * served at once and 1,000 of them cost a few milliseconds (tests/bench/reviewed.bench.ts).
 */
export class ReviewedAnswers {
  private readonly cache = new Map<
    string,
    { stamp: string; model: string | null; answers: Promise<Loaded[]> }
  >();

  constructor(
    private readonly db: Db,
    private readonly index: Pick<SearchIndex, 'embedder' | 'similarityScale'>,
  ) {}

  /**
   * The reviewed answer a question means, or null: by meaning when the model reads the question
   * (`embedding`, its vector read as a question, awaited only when the project has reviewed
   * answers), else by the same words; never one whose question asks the opposite change
   * (opposites.ts). An answer whose every source was deleted or disabled is not served.
   */
  async find(
    project: string,
    query: string,
    embedding: Promise<number[] | null>,
  ): Promise<ReviewedHit | null> {
    const answers = await this.answersOf(project);
    if (answers.length === 0) return null;
    const vector = await embedding;
    const scale = vector ? await this.index.similarityScale() : null;
    const match =
      vector && scale?.questions
        ? matchReviewed(vector, answers, scale, readsLatin(query))
        : // Without a model, a question it cannot read or a scale: only the same question asked again.
          sameQuestion(answers, query);
    if (!match) return null;
    const { id } = match;
    const question = answers.find((a) => a.id === id)?.questions[match.question] ?? query;
    // "Turn it off" lies next to "turn it on" by meaning; neither gets the other's answer.
    if (asksTheOpposite(query, question)) return null;
    const [row] = await this.db
      .select({ ...getTableColumns(reviewedAnswers), stands: sourcesStand })
      .from(reviewedAnswers)
      .where(eq(reviewedAnswers.id, id));
    if (!row || row.status !== 'active' || !row.stands) return null;
    return { id: row.id, question, answers: row.answers, sources: row.sources, reviewedAt: row.reviewedAt };
  }

  /** Counts a reviewed answer served. */
  async served(id: string): Promise<void> {
    await this.db
      .update(reviewedAnswers)
      .set({ hits: sql`${reviewedAnswers.hits} + 1`, lastHitAt: sql`now()` })
      .where(eq(reviewedAnswers.id, id));
  }

  /** Embeds a reviewed answer's questions with its answer now (written or changed), for the current model. */
  async embed(id: string): Promise<void> {
    const embedder = this.index.embedder;
    const [row] = await this.db.select().from(reviewedAnswers).where(eq(reviewedAnswers.id, id));
    if (embedder && row) await embedRows(this.db, embedder, [row]);
  }

  private async answersOf(project: string): Promise<Loaded[]> {
    const [stamp] = await queryRows<{ stamp: string }>(
      this.db,
      sql`SELECT count(*)::text || '@' || coalesce(max(updated_at)::text, '') AS stamp
          FROM reviewed_answers WHERE project = ${project} AND status = 'active'`,
    );
    const model = this.index.embedder?.model ?? null;
    const kept = this.cache.get(project);
    if (kept && kept.stamp === stamp?.stamp && kept.model === model) return kept.answers;
    const answers = this.load(project).catch((error: unknown) => {
      this.cache.delete(project);
      throw error;
    });
    this.cache.set(project, { stamp: stamp?.stamp ?? '', model, answers });
    return answers;
  }

  private async load(project: string): Promise<Loaded[]> {
    const rows = await this.db
      .select()
      .from(reviewedAnswers)
      .where(and(eq(reviewedAnswers.project, project), eq(reviewedAnswers.status, 'active')));
    const embedder = this.index.embedder;
    if (embedder)
      await embedRows(
        this.db,
        embedder,
        rows.filter((r) => r.embeddedWith !== madeBy(embedder) || !r.vectors),
      );
    return rows.map((r) => ({
      id: r.id,
      questions: r.questions,
      latin: r.questions.map(readsLatin),
      vectors: new QuestionVectors(
        embedder && r.embeddedWith === madeBy(embedder) ? r.vectors : null,
        embedder?.dimensions ?? 0,
      ),
    }));
  }
}

/** What `embedded_with` records: the model, and the layout (vectors of another are made again). */
const madeBy = (embedder: Embedder) => `${embedder.model}; float32 question with answer`;

/** Makes (and stores) the rows' vectors: each question read with the answer (matching.ts). */
async function embedRows(db: Db, embedder: Embedder, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const answers = await embedder.embed(
    rows.map((r) => plainAnswer(r.answers)),
    { as: 'query' },
  );
  const questions = await embedder.embed(
    rows.flatMap((r) => r.questions),
    { as: 'query' },
  );
  let at = 0;
  for (const [k, row] of rows.entries()) {
    const vectors = row.questions.map(() => matchVector(questions[at++]!, answers[k]!));
    row.vectors = QuestionVectors.pack(vectors);
    row.embeddedWith = madeBy(embedder);
    // Not a change of the answer: its stamp (updated_at) stays, and other processes keep theirs.
    await db
      .update(reviewedAnswers)
      .set({ vectors: row.vectors, embeddedWith: row.embeddedWith })
      .where(eq(reviewedAnswers.id, row.id));
  }
}

/** The answer's text as the model reads it: English when written in it, else the first; links as their words. */
export function plainAnswer(answers: Record<string, string>): string {
  const text = answers.en ?? Object.values(answers)[0] ?? '';
  return text.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`#>]+/g, ' ');
}

/**
 * Whether a reviewed answer still stands on its sources: a typed link, or an ingested item that
 * still exists in an enabled source. One with no sources at all stands on the reviewer's word.
 * A reviewed answer that does not is not served, and is listed as needing review.
 */
export const sourcesStand = sql<boolean>`(jsonb_array_length(reviewed_answers.sources) = 0
  OR EXISTS (SELECT 1 FROM jsonb_array_elements(reviewed_answers.sources) AS listed(source)
             WHERE listed.source->>'itemId' IS NULL)
  OR EXISTS (SELECT 1 FROM jsonb_array_elements(reviewed_answers.sources) AS listed(source)
             JOIN ingested_data item ON item.id::text = listed.source->>'itemId'
             JOIN sources bucket ON bucket.id = item.source_id
             WHERE bucket.is_active))`;

/** The reviewed answer, and which of its questions, that holds the same words as `query`. */
function sameQuestion(answers: Loaded[], query: string): { id: string; question: number } | null {
  for (const a of answers) {
    const question = a.questions.findIndex((q) => sameWords(q, query));
    if (question >= 0) return { id: a.id, question };
  }
  return null;
}
