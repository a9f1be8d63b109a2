/**
 * Issue 33's screens in the browser tests: a server that keeps reviewed answers, questions'
 * reviews and knowledge gaps as the real one does (approve, write, change, retire, import,
 * dismiss), answered by path like every admin test's (support.ts).
 */
import type { GapGroup, ReviewedAnswerView, ReviewFigures } from '../../../src/shared/admin/reviewed';
import type { QuestionView } from '../../../src/shared/admin/schemas';
import { jsonResponse } from '../support/render';
import { adminServer, ingestedItems, listAnswer, question, uuid } from './support';

export const CENSUS_QUESTION = 'How many people in the United States had a disability in 2010?';
export const CENSUS_ANSWER = 'About **56.7 million** people, [the census report](/files/census.pdf) says.';
export const NOTHING_TO_APPROVE =
  'This question got no answer from the knowledge base, so there is nothing to approve. Write the right answer instead.';

export const answeredQuestion = question({
  _id: uuid(501),
  query: CENSUS_QUESTION,
  language: 'en',
  history: [
    { type: 'detect-language-query', timestamp: '2026-11-20T10:00:00.000Z', query: CENSUS_QUESTION },
    {
      type: 'query-response',
      timestamp: '2026-11-20T10:00:02.000Z',
      query: CENSUS_QUESTION,
      answer: CENSUS_ANSWER,
      outcome: 'answer',
    },
  ],
});

export const refusedQuestion = question({
  _id: uuid(502),
  query: 'What does a WHILL wheelchair cost in India?',
  language: 'en',
  history: [
    {
      type: 'query-response',
      timestamp: '2026-11-21T10:00:02.000Z',
      query: 'What does a WHILL wheelchair cost in India?',
      answer: 'I could not find that in the knowledge base.',
      outcome: 'none',
    },
  ],
});

export const reviewedAnswer = (fields: Partial<ReviewedAnswerView> = {}): ReviewedAnswerView => ({
  _id: uuid(601),
  project: 'dish',
  questions: [CENSUS_QUESTION, 'In 2010, about how many Americans were living with a disability?'],
  answers: { en: CENSUS_ANSWER, hi: 'लगभग 5.67 करोड़ लोग।' },
  sources: [{ itemId: uuid(301), url: '/files/census.pdf', title: 'Census report' }],
  status: 'active',
  needsReview: false,
  fromQuestion: uuid(501),
  reviewedBy: 'Ravi Admin',
  reviewedAt: '2026-11-22T09:00:00.000Z',
  hits: 4,
  lastHitAt: '2026-11-26T12:30:00.000Z',
  ...fields,
});

export const gapGroup = (fields: Partial<GapGroup> = {}): GapGroup => ({
  count: 3,
  languages: ['en', 'hi'],
  project: 'dish',
  examples: [
    {
      _id: uuid(701),
      query: 'What does a WHILL wheelchair cost in India?',
      language: 'en',
      project: 'dish',
      kind: 'refused',
      comment: '',
      queryTimestamp: '2026-11-25T10:00:00.000Z',
    },
    {
      _id: uuid(702),
      query: 'भारत में WHILL व्हीलचेयर की कीमत कितनी है?',
      language: 'hi',
      project: 'dish',
      kind: 'closest',
      comment: '',
      queryTimestamp: '2026-11-24T10:00:00.000Z',
    },
    {
      _id: uuid(703),
      query: 'Price of a WHILL chair?',
      language: 'en',
      project: 'dish',
      kind: 'unhelpful',
      comment: 'It did not say the price',
      queryTimestamp: '2026-11-23T10:00:00.000Z',
    },
  ],
  questionIds: [uuid(701), uuid(702), uuid(703)],
  questions: [
    'What does a WHILL wheelchair cost in India?',
    'भारत में WHILL व्हीलचेयर की कीमत कितनी है?',
    'Price of a WHILL chair?',
  ],
  ...fields,
});

export const smallGap = gapGroup({
  count: 1,
  languages: ['en'],
  examples: [
    {
      _id: uuid(711),
      query: 'Is there a braille printer in Pune?',
      language: 'en',
      project: 'dish',
      kind: 'needs_content',
      comment: '',
      queryTimestamp: '2026-11-25T11:00:00.000Z',
    },
  ],
  questionIds: [uuid(711)],
  questions: ['Is there a braille printer in Pune?'],
});

export const figures = (fields: Partial<ReviewFigures> = {}): ReviewFigures => ({
  asked: 120,
  reviewed: 14,
  composed: 90,
  closest: 11,
  refused: 12,
  failed: 4,
  helpful: { yes: 30, no: 6 },
  reviews: { approved: 6, rewritten: 2, needsContent: 1 },
  approvedShare: 6 / 9,
  ...fields,
});

interface ReviewServerOptions {
  questions?: QuestionView[];
  answers?: ReviewedAnswerView[];
  groups?: GapGroup[];
  figures?: ReviewFigures;
  total?: number;
  considered?: number;
}

/** The admin calls the dashboard makes, and issue 33's, kept as the real server keeps them. */
export function reviewServer(options: ReviewServerOptions = {}) {
  let answers = options.answers ?? [reviewedAnswer()];
  let groups = options.groups ?? [gapGroup(), smallGap];
  let questionRows = options.questions ?? [answeredQuestion, refusedQuestion];
  const stored = () => groups.reduce((n, g) => n + g.count, 0);
  const review = (id: string, state: NonNullable<QuestionView['review']>['state'] | null) => {
    questionRows = questionRows.map((q) =>
      q._id === id ? { ...q, review: state ? { state, reviewedAt: '2026-11-27T08:00:00.000Z' } : null } : q,
    );
  };
  const written = (body: Record<string, unknown>, id: string): ReviewedAnswerView =>
    reviewedAnswer({
      _id: id,
      project: String(body.project),
      questions: body.questions as string[],
      answers: body.answers as Record<string, string>,
      sources: (body.sources as ReviewedAnswerView['sources']) ?? [],
      fromQuestion: (body.fromQuestion as string | undefined) ?? null,
      hits: 0,
      lastHitAt: null,
      reviewedAt: '2026-11-27T08:00:00.000Z',
    });
  const routes: Record<string, (body: Record<string, unknown>, init?: RequestInit) => unknown> = {
    '/admin/get_users': () => listAnswer([]),
    '/admin/models': () => ({ models: [] }),
    '/admin/projects': () => ({ projects: [] }),
    '/admin/get_questions': () => listAnswer(questionRows),
    '/admin/get_question_asker': () => ({ asker: null }),
    '/admin/get_data_bank': (body) =>
      body.onlySources || body.onlyActiveSources ? { sources: [] } : listAnswer(ingestedItems),
    [`/admin/questions/${answeredQuestion._id}/approve`]: () => {
      review(answeredQuestion._id, 'approved');
      const made = reviewedAnswer({ _id: uuid(690), questions: [CENSUS_QUESTION], hits: 0, lastHitAt: null });
      answers = [made, ...answers];
      return jsonResponse(made, 201);
    },
    [`/admin/questions/${refusedQuestion._id}/approve`]: () =>
      jsonResponse({ message: NOTHING_TO_APPROVE }, 400),
    '/admin/reviewed_answers': (body) => {
      const made = written(body, uuid(680 + answers.length));
      answers = [made, ...answers];
      if (typeof body.fromQuestion === 'string') review(body.fromQuestion, 'rewritten');
      const closes = (body.closes as string[] | undefined) ?? [];
      groups = groups.filter((g) => !g.questionIds.some((id) => closes.includes(id)));
      return jsonResponse(made, 201);
    },
    '/admin/get_reviewed_answers': (body) => {
      const shown = answers.filter((a) => body.status === 'all' || a.status === body.status);
      return listAnswer(shown);
    },
    '/admin/reviewed_answers/export': () => ({
      format: 'dish-reviewed-answers',
      version: 1,
      answers: answers.map(({ questions, answers: versions, sources, status, reviewedBy, reviewedAt }) => ({
        questions,
        answers: versions,
        sources,
        status,
        reviewedBy,
        reviewedAt,
      })),
    }),
    '/admin/reviewed_answers/import': (body) => {
      const data = body.data as { answers: unknown[] };
      return jsonResponse({ records: data.answers.length }, 201);
    },
    '/admin/get_knowledge_gaps': () => ({
      groups,
      total: options.total ?? stored(),
      considered: options.considered ?? stored(),
    }),
    '/admin/knowledge_gaps/dismiss': (body) => {
      const ids = body.questionIds as string[];
      groups = groups.filter((g) => !g.questionIds.some((id) => ids.includes(id)));
      return { records: ids.length };
    },
    '/admin/review_figures': () => options.figures ?? figures(),
  };
  for (const q of questionRows) {
    routes[`/admin/questions/${q._id}/needs_content`] = (body) => {
      review(q._id, body.needsContent === false ? null : 'needs_content');
      return { ok: true };
    };
  }
  for (const a of [...answers, reviewedAnswer({ _id: uuid(690) })]) {
    routes[`/admin/reviewed_answers/${a._id}`] = (body) => {
      answers = answers.map((x) => (x._id === a._id ? { ...x, ...body } : x));
      return answers.find((x) => x._id === a._id) ?? a;
    };
  }
  const server = adminServer(routes);
  return { ...server, answers: () => answers, groups: () => groups };
}
