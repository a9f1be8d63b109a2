import { describe, expect, it } from 'vitest';
import {
  checkReviewForm,
  CORRECT_FIELDS,
  linkError,
  reviewFormSummary,
  withSource,
} from '../../../../../../src/app/features/admin/review/reviewForm';
import { MISSING, URL_FORMAT_MESSAGE } from '../../../../../../src/shared/admin/add-data-rules';
import { reviewedMessages } from '../../../../../../src/shared/admin/reviewed';

const values = {
  project: 'dish',
  questions: [' What is a ramp? ', 'Ramp meaning'],
  answers: { en: 'A gentle slope.', hi: '' },
  sources: [{ url: 'https://example.org/ramps', title: 'Ramps' }],
};

describe('the write form’s checks', () => {
  it('give the input to send: trimmed, without an empty version', () => {
    const { input, errors } = checkReviewForm(values);
    expect(input).toEqual({
      project: 'dish',
      questions: ['What is a ramp?', 'Ramp meaning'],
      answers: { en: 'A gentle slope.' },
      sources: [{ url: 'https://example.org/ramps', title: 'Ramps' }],
    });
    expect(reviewFormSummary(errors)).toBeNull();
  });

  it('mark an empty question where it is, and an answer written in no language', () => {
    const { input, errors } = checkReviewForm({ ...values, questions: ['Q', '  '], answers: { en: ' ' } });
    expect(input).toBeNull();
    expect(errors.questions).toEqual([null, reviewedMessages.questionEmpty]);
    expect(errors.answers).toEqual({ all: reviewedMessages.noAnswer });
    expect(reviewFormSummary(errors)).toBe(CORRECT_FIELDS);
  });

  it('say the one problem itself when there is one', () => {
    const { errors } = checkReviewForm({ ...values, project: '' });
    expect(errors.project).toBe(reviewedMessages.noProject);
    expect(reviewFormSummary(errors)).toBe(reviewedMessages.noProject);
    expect(reviewFormSummary(checkReviewForm({ ...values, questions: [] }).errors)).toBe(
      reviewedMessages.noQuestion,
    );
  });

  it('mark a version that is too long under its own language', () => {
    const { errors } = checkReviewForm({ ...values, answers: { hi: 'क'.repeat(20_001) } });
    expect(errors.answers).toEqual({ hi: reviewedMessages.answerTooLong });
  });

  it('want a web address for a typed link', () => {
    expect(linkError('  ')).toBe(MISSING.url);
    expect(linkError('example.org')).toBe(URL_FORMAT_MESSAGE);
    expect(linkError('https://example.org/a')).toBeNull();
  });

  it('add a source once, by item or by address', () => {
    const item = { itemId: '00000000-0000-4000-8000-000000000301', url: '/files/x.pdf', title: 'X' };
    const once = withSource(values.sources, item);
    expect(withSource(once, { ...item, title: 'X again' })).toHaveLength(2);
    expect(withSource(once, { url: 'https://example.org/ramps', title: '' })).toHaveLength(2);
    expect(withSource(once, { url: 'https://example.org/other', title: '' })).toHaveLength(3);
  });
});
