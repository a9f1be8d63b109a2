import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewedAnswerView, ReviewedSource } from '../../../../shared/admin/reviewed';
import { adminApi } from '../../../api/admin';
import { FormField } from '../../../ui/FormField';
import { Modal } from '../Modal';
import { reviewedKeys } from '../queryClient';
import { adminToast, reasonOf } from '../toasts';
import { useAdminProjects } from '../useAdminProjects';
import { AnswerVersions } from './AnswerVersions';
import { QuestionRows } from './QuestionRows';
import {
  checkReviewForm,
  reviewFormSummary,
  type ReviewFormErrors,
  type ReviewFormValues,
} from './reviewForm';
import { FORM_TITLES, reviewToasts } from './reviewText';
import { SourcePicker } from './SourcePicker';

/** Where the form was opened from, and what it starts with. */
export type ReviewFormStart =
  /** "Write the right answer" on a question: its project, the question first. */
  | { kind: 'question'; project: string; question: string; questionId: string }
  /** "Write an answer" on a knowledge gap: its questions, which leave the gaps once it is saved. */
  | { kind: 'gap'; project: string; questions: string[]; closes: string[] }
  /** "Write an answer" on the Reviewed answers tab. */
  | { kind: 'new'; project: string }
  /** "Edit" on the Reviewed answers tab. */
  | { kind: 'edit'; answer: ReviewedAnswerView };

const NO_ERRORS: ReviewFormErrors = {
  project: null,
  questions: [],
  questionList: null,
  answers: {},
  sources: null,
};

function initialValues(start: ReviewFormStart): ReviewFormValues {
  switch (start.kind) {
    case 'question':
      return { project: start.project, questions: [start.question], answers: {}, sources: [] };
    case 'gap':
      return { project: start.project, questions: start.questions, answers: {}, sources: [] };
    case 'new':
      return { project: start.project, questions: [''], answers: {}, sources: [] };
    case 'edit': {
      const { project, questions, answers, sources } = start.answer;
      return { project, questions: [...questions], answers: { ...answers }, sources: [...sources] };
    }
  }
}

interface ReviewedAnswerFormProps {
  start: ReviewFormStart;
  onClose: () => void;
  onSaved?: (answer: ReviewedAnswerView) => void;
}

/**
 * The one write form of issue 33, in a dialog: the questions (the first as asked, then
 * paraphrases), the answer in English and/or Hindi with a preview, and its sources. New answers
 * go to writeReviewedAnswer (with the question or the gap's questions they answer), changes to
 * changeReviewedAnswer. The rules are the server's (the shared schema), checked before sending;
 * each message is under its field and focus goes to the first wrong one.
 */
export function ReviewedAnswerForm({ start, onClose, onSaved }: ReviewedAnswerFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const projects = useAdminProjects();
  const formId = useId();
  const [values, setValues] = useState(() => initialValues(start));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const projectSelect = useRef<HTMLSelectElement>(null);
  const questionInputs = useRef<(HTMLInputElement | null)[]>([]);
  const answerInputs = useRef<Record<string, HTMLTextAreaElement | null>>({});
  // What to write first: the answer, when the questions are given; else the project or the question.
  const initialFocus = useMemo(
    () => ({
      get current(): HTMLElement | null {
        if (start.kind === 'question' || start.kind === 'gap') return answerInputs.current.en ?? null;
        return projectSelect.current ?? questionInputs.current[0] ?? null;
      },
    }),
    [start.kind],
  );

  const checked = checkReviewForm(values);
  const shownErrors = submitted ? checked.errors : NO_ERRORS;
  const summary = submitted ? reviewFormSummary(checked.errors) : null;
  const set = <K extends keyof ReviewFormValues>(key: K, value: ReviewFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerError(null);
  };

  const save = useMutation({
    mutationFn: (input: NonNullable<typeof checked.input>) =>
      start.kind === 'edit'
        ? adminApi.changeReviewedAnswer(start.answer._id, {
            questions: input.questions,
            answers: input.answers,
            sources: input.sources,
          })
        : adminApi.writeReviewedAnswer({
            ...input,
            ...(start.kind === 'question' ? { fromQuestion: start.questionId } : {}),
            ...(start.kind === 'gap' ? { closes: start.closes } : {}),
          }),
    onSuccess: async (answer) => {
      adminToast.success(t(start.kind === 'edit' ? reviewToasts.changed : reviewToasts.written));
      onSaved?.(answer);
      onClose();
      await Promise.all(reviewedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      setServerError(reasonOf(error));
      adminToast.error(t('Failed to save the answer: {{reason}}', { reason: reasonOf(error) }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.input) {
      const e = checked.errors;
      const wrongQuestion = e.questions.findIndex((m) => m !== null);
      const wrongAnswer = Object.keys(e.answers)[0];
      const target = e.project
        ? projectSelect.current
        : wrongQuestion >= 0
          ? questionInputs.current[wrongQuestion]
          : e.questionList
            ? questionInputs.current[0]
            : wrongAnswer
              ? (answerInputs.current[wrongAnswer === 'all' ? 'en' : wrongAnswer] ?? null)
              : null;
      target?.focus();
      return;
    }
    if (!save.isPending) save.mutate(checked.input);
  };

  const chooseProject = start.kind === 'new' && projects.length > 1;

  return (
    <Modal
      title={t(FORM_TITLES[start.kind])}
      onClose={onClose}
      closeLabel="Cancel"
      wide
      initialFocus={initialFocus}
    >
      <form id={formId} className="admin-form review-form" onSubmit={submit} noValidate>
        <div role="alert" className="form-errors">
          {summary ? <p>{t(summary)}</p> : serverError ? <p>{serverError}</p> : null}
        </div>
        {chooseProject ? (
          <FormField label="Project" error={shownErrors.project}>
            {(props) => (
              <select
                {...props}
                ref={projectSelect}
                value={values.project}
                onChange={(e) => set('project', e.target.value)}
              >
                <option value="">{t('Select a project')}</option>
                {projects.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : (
          <p className="review-project">{t('Project: {{project}}', { project: values.project })}</p>
        )}
        {start.kind === 'gap' ? (
          <p className="field-hint">
            {t('Saving it takes the {{n}} questions of this gap out of the knowledge gaps.', {
              n: start.closes.length,
            })}
          </p>
        ) : null}
        <QuestionRows
          questions={values.questions}
          onChange={(questions) => set('questions', questions)}
          errors={shownErrors.questions}
          listError={shownErrors.questionList}
          inputs={questionInputs}
        />
        <AnswerVersions
          answers={values.answers}
          onChange={(answers) => set('answers', answers)}
          errors={shownErrors.answers}
          textareas={answerInputs}
        />
        <SourcePicker
          project={values.project}
          sources={values.sources}
          onChange={(sources: ReviewedSource[]) => set('sources', sources)}
          error={shownErrors.sources}
        />
        <div className="toolbar">
          <button type="submit" className="button" aria-disabled={save.isPending || undefined}>
            {start.kind === 'edit' ? t('Save the changes') : t('Save the answer')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
