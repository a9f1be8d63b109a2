import { webAddress, MISSING, URL_FORMAT_MESSAGE } from '../../../../shared/admin/add-data-rules';
import {
  reviewedAnswerInput,
  type ReviewedAnswerInput,
  type ReviewedSource,
} from '../../../../shared/admin/reviewed';

/** What the write form holds: the questions (the first as asked), the answer per language, its sources. */
export interface ReviewFormValues {
  project: string;
  questions: string[];
  answers: Record<string, string>;
  sources: ReviewedSource[];
}

/** A message per field, by the rules the server applies (src/shared/admin/reviewed.ts). */
export interface ReviewFormErrors {
  project: string | null;
  /** One per question row. */
  questions: (string | null)[];
  /** The list as a whole (none, too many). */
  questionList: string | null;
  /** Per language (too long), and `all` for none written. */
  answers: Record<string, string | null>;
  sources: string | null;
}

export const CORRECT_FIELDS = 'Please correct the fields marked below.';

/** The checks of the whole form, and the input to send when there is nothing to correct. */
export function checkReviewForm(values: ReviewFormValues): {
  errors: ReviewFormErrors;
  input: Omit<ReviewedAnswerInput, 'fromQuestion' | 'closes'> | null;
} {
  const errors: ReviewFormErrors = {
    project: null,
    questions: values.questions.map(() => null),
    questionList: null,
    answers: {},
    sources: null,
  };
  const parsed = reviewedAnswerInput.safeParse(values);
  if (parsed.success) {
    const { project, questions, answers, sources } = parsed.data;
    return { errors, input: { project, questions, answers, sources } };
  }
  for (const issue of parsed.error.issues) {
    const [field, part] = issue.path;
    if (field === 'project') errors.project ??= issue.message;
    else if (field === 'questions' && typeof part === 'number') errors.questions[part] ??= issue.message;
    else if (field === 'questions') errors.questionList ??= issue.message;
    else if (field === 'answers') errors.answers[typeof part === 'string' ? part : 'all'] ??= issue.message;
    else if (field === 'sources') errors.sources ??= issue.message;
  }
  return { errors, input: null };
}

/** Every message of the form, in its order. */
export function reviewFormProblems(errors: ReviewFormErrors): string[] {
  return [
    errors.project,
    errors.questionList,
    ...errors.questions,
    ...Object.values(errors.answers),
    errors.sources,
  ].filter((m): m is string => Boolean(m));
}

/** What the form's summary says: the one problem, or that several fields need correcting. */
export function reviewFormSummary(errors: ReviewFormErrors): string | null {
  const problems = reviewFormProblems(errors);
  if (problems.length === 0) return null;
  return problems.length === 1 ? problems[0]! : CORRECT_FIELDS;
}

/** A typed link's check: a web address is needed; the title is optional. */
export function linkError(url: string): string | null {
  const value = url.trim();
  if (!value) return MISSING.url;
  return webAddress(value) ? null : URL_FORMAT_MESSAGE;
}

/** The sources with one more, unless it is there already (by item, else by address). */
export function withSource(sources: ReviewedSource[], added: ReviewedSource): ReviewedSource[] {
  const same = (s: ReviewedSource) =>
    added.itemId ? s.itemId === added.itemId : !s.itemId && s.url === added.url;
  return sources.some(same) ? sources : [...sources, added];
}
