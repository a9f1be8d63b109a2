import { describe, expect, it } from 'vitest';
import {
  answerExcerpt,
  answerLanguages,
  exportFileName,
  formatDay,
  languageName,
  lastThirtyDays,
  percent,
  reviewState,
} from '../../../../../../src/app/features/admin/review/reviewText';

describe('the review screens’ words', () => {
  it('say how a question was reviewed, with the day', () => {
    expect(reviewState({ state: 'approved', reviewedAt: '2026-11-27T06:00:00.000Z' })).toEqual({
      text: 'Approved on {{date}}',
      values: { date: '27 November 2026' },
    });
    expect(reviewState({ state: 'needs_content', reviewedAt: null })?.text).toBe('Marked as needing content');
    expect(reviewState(null)).toBeNull();
    expect(reviewState(undefined)).toBeNull();
  });

  it('write no day for a missing or bad date', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay('yesterday')).toBe('');
  });

  it('name languages in the interface’s language, and keep a code they cannot name', () => {
    expect(languageName('en', 'en')).toBe('English');
    expect(languageName('hi', 'en')).toBe('Hindi');
    expect(languageName('hi', 'hi')).toMatch(/\p{Script=Devanagari}/u);
    expect(languageName('', 'en')).toBe('');
    expect(languageName('not a code', 'en')).toBe('not a code');
  });

  it('put English and Hindi first, and excerpt the English version without markdown', () => {
    expect(answerLanguages({ ta: 'x', hi: 'y', en: 'z' })).toEqual(['en', 'hi', 'ta']);
    expect(answerExcerpt({ hi: 'हिन्दी', en: 'About **56.7 million** [people](https://example.org).' })).toBe(
      'About 56.7 million people.',
    );
    expect(answerExcerpt({})).toBe('');
  });

  it('begin the gaps’ period 29 days before today, so that it holds 30 days', () => {
    expect(lastThirtyDays(new Date(2026, 2, 10))).toEqual({ from: '2026-02-09', to: '2026-03-10' });
  });

  it('name an export by its project and day', () => {
    expect(exportFileName('dish', new Date(2026, 10, 5))).toBe('dish-reviewed-answers-dish-2026-11-05.json');
  });

  it('write a share as a whole percent', () => {
    expect(percent(0.5)).toBe(50);
    expect(percent(2 / 3)).toBe(67);
  });
});
