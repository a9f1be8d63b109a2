import { describe, expect, it } from 'vitest';
import { alreadyAnswered, canApprove } from '../../../../../../src/app/features/admin/review/questionReview';
import type { QuestionView } from '../../../../../../src/shared/admin/views';

const record = (
  history: QuestionView['history'],
  status: QuestionView['status'] = 'answered',
): QuestionView => ({
  _id: '00000000-0000-4000-8000-000000000401',
  query: 'What is a ramp?',
  history,
  queryTimestamp: '2026-11-27T06:00:00.000Z',
  answeredAt: null,
  sourceMode: 'web',
  project: 'dish',
  askedVia: 'web',
  language: 'en',
  status,
});
const at = '2026-11-27T06:00:01.000Z';

describe('"Approve this answer"', () => {
  it('is offered for an answer from the knowledge base, even an older one without an outcome', () => {
    expect(
      canApprove(record([{ type: 'query-response', timestamp: at, answer: 'A slope.', outcome: 'answer' }])),
    ).toBe(true);
    expect(canApprove(record([{ type: 'query-response', timestamp: at, answer: 'A slope.' }]))).toBe(true);
  });

  it('is not offered for a refusal, an error or a question still waiting', () => {
    expect(
      canApprove(
        record([{ type: 'query-response', timestamp: at, answer: 'I do not know.', outcome: 'none' }]),
      ),
    ).toBe(false);
    expect(canApprove(record([{ type: 'error', timestamp: at, message: 'down' }], 'failed'))).toBe(false);
    expect(canApprove(record([], 'pending'))).toBe(false);
  });

  it('is not offered again once the question is approved or a right answer written', () => {
    expect(alreadyAnswered({ state: 'approved', reviewedAt: at })).toBe(true);
    expect(alreadyAnswered({ state: 'rewritten', reviewedAt: at })).toBe(true);
    expect(alreadyAnswered({ state: 'needs_content', reviewedAt: at })).toBe(false);
    expect(alreadyAnswered(null)).toBe(false);
  });
});
