import type { GapKind, ReviewedAnswerView } from '../../../../shared/admin/reviewed';
import type { QuestionView } from '../../../../shared/admin/views';
import { markdownText } from '../markdownText';

/*
 * The words of the review screens (issue 33) kept as constants, in English: the keys of their
 * Hindi (src/app/i18n/hiReview.ts), translated where they are shown.
 */

type ReviewState = NonNullable<QuestionView['review']>['state'];

/** The write form's title, by where it was opened. */
export const FORM_TITLES: Record<'question' | 'gap' | 'new' | 'edit', string> = {
  question: 'Write the right answer',
  gap: 'Write an answer',
  new: 'Write an answer',
  edit: 'Edit the reviewed answer',
};

/** How a question was reviewed; `{{date}}` is the day of the review. */
export const REVIEW_STATES: Record<ReviewState, string> = {
  approved: 'Approved on {{date}}',
  rewritten: 'Right answer written on {{date}}',
  needs_content: 'Marked as needing content',
  dismissed: 'Dismissed from the gaps',
};
export const NOT_REVIEWED = 'Not reviewed';

/** Why a question is a knowledge gap, in words. */
export const GAP_KIND_LABELS: Record<GapKind, string> = {
  refused: 'Refused',
  closest: 'Only the closest passage',
  unhelpful: 'Rated not helpful',
  needs_content: 'Marked as needing content',
};

/** A reviewed answer's status, and the mark of one whose sources are gone. */
export const REVIEWED_STATUS: Record<ReviewedAnswerView['status'] | 'needsReview', string> = {
  active: 'Active',
  retired: 'Retired',
  needsReview: 'Needs review',
};

/** The status filter's choices. */
export const STATUS_CHOICES: [ReviewedAnswerView['status'] | 'all', string][] = [
  ['active', 'Active'],
  ['retired', 'Retired'],
  ['all', 'All answers'],
];

/** The toasts of the review actions (the English keys of their Hindi). */
export const reviewToasts = {
  approved: 'The answer is approved. Questions of the same meaning get it from now on.',
  written: 'The reviewed answer is saved. Questions of the same meaning get it from now on.',
  changed: 'The reviewed answer is changed.',
  retired: 'The answer is retired: it is no longer given.',
  restored: 'The answer is given again.',
  needsContent: 'The question is marked as needing content.',
  needsContentOff: 'The question is no longer marked as needing content.',
  dismissed: 'The questions are dismissed from the gaps.',
};

/** A review's day as the screens write it, e.g. '27 November 2026'; '' when missing or bad. */
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date);
}

/** The sentence of a question's review and its values, for t(); null when it was not reviewed. */
export function reviewState(
  review: QuestionView['review'],
): { text: string; values: { date: string } } | null {
  if (!review) return null;
  return { text: REVIEW_STATES[review.state], values: { date: formatDay(review.reviewedAt) } };
}

/** A language's name in the interface's language ('en' → 'English' or 'अंग्रेज़ी'); the code when unknown. */
export function languageName(code: string, uiLanguage: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The languages the versions are written in, English and Hindi first. */
export function answerLanguages(answers: Record<string, string>): string[] {
  const order = (code: string) => (code === 'en' ? 0 : code === 'hi' ? 1 : 2);
  return Object.keys(answers).sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}

/** The answer's words without markdown, from its English version when it has one. */
export function answerExcerpt(answers: Record<string, string>): string {
  const first = answerLanguages(answers)[0];
  return first ? markdownText(answers[first] ?? '') : '';
}

/** A date as `YYYY-MM-DD`, by the local calendar. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The Knowledge gaps tab's period to begin with: the last 30 days, today included. */
export function lastThirtyDays(today: Date): { from: string; to: string } {
  const from = new Date(today);
  from.setDate(from.getDate() - 29);
  return { from: isoDay(from), to: isoDay(today) };
}

/** The file an export is saved as: `dish-reviewed-answers-<project>-<date>.json`. */
export const exportFileName = (project: string, day: Date): string =>
  `dish-reviewed-answers-${project}-${isoDay(day)}.json`;

/** A share as a whole percent, e.g. 0.666 → 67. */
export const percent = (share: number): number => Math.round(share * 100);

/** The Reviewed answers list is searched by words, not `key: value`. */
export const REVIEWED_SEARCH_PLACEHOLDER = 'Search by words of a question or an answer.';
