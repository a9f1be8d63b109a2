import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionView } from '../../../../shared/admin/views';
import { adminApi } from '../../../api/admin';
import { reviewedKeys } from '../queryClient';
import { adminToast, reasonOf } from '../toasts';
import { alreadyAnswered, canApprove } from './questionReview';
import { NOT_REVIEWED, reviewState, reviewToasts } from './reviewText';

type Review = QuestionView['review'];

interface QuestionReviewProps {
  record: QuestionView;
  /** "Write the right answer": the write form, with this question first. */
  onWrite: () => void;
}

/**
 * The question's review in its View Details dialog (issue 33): how it was reviewed, "Approve
 * this answer" when it got one, "Write the right answer", and "Needs content" as a toggle.
 */
export function QuestionReview({ record, onWrite }: QuestionReviewProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const stateLine = useRef<HTMLParagraphElement>(null);
  const [review, setReview] = useState<Review>(record.review ?? null);
  const refresh = () =>
    Promise.all(reviewedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const now = () => new Date().toISOString();

  const approve = useMutation({
    mutationFn: () => adminApi.approveAnswer(record._id),
    onSuccess: async (answer) => {
      setReview({ state: 'approved', reviewedAt: answer.reviewedAt || now() });
      adminToast.success(t(reviewToasts.approved));
      // The button is gone: the line saying it is approved takes the focus.
      stateLine.current?.focus();
      await refresh();
    },
    onError: (error) => adminToast.error(t('Failed to approve: {{reason}}', { reason: reasonOf(error) })),
  });

  const needsContent = review?.state === 'needs_content';
  const mark = useMutation({
    mutationFn: (on: boolean) => adminApi.markNeedsContent(record._id, on),
    onSuccess: async (_answer, on) => {
      // Taken back, the question is not reviewed; marked, it is a gap whatever it was.
      setReview(on ? { state: 'needs_content', reviewedAt: now() } : null);
      adminToast.success(t(on ? reviewToasts.needsContent : reviewToasts.needsContentOff));
      await refresh();
    },
    onError: (error) =>
      adminToast.error(t('Failed to mark the question: {{reason}}', { reason: reasonOf(error) })),
  });

  const state = reviewState(review);
  const approvable = canApprove(record) && !alreadyAnswered(review);

  return (
    <section className="question-review-actions" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('Review')}</h3>
      <p ref={stateLine} tabIndex={-1} className="review-state">
        {state ? t(state.text, state.values) : t(NOT_REVIEWED)}
      </p>
      {!canApprove(record) ? (
        <p className="field-hint">
          {t('This question got no answer to approve; write the right answer instead.')}
        </p>
      ) : null}
      <div className="toolbar">
        {approvable ? (
          <button
            type="button"
            className="button"
            aria-disabled={approve.isPending || undefined}
            onClick={() => {
              if (!approve.isPending) approve.mutate();
            }}
          >
            {t('Approve this answer')}
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onWrite}>
          {t('Write the right answer')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-pressed={needsContent}
          aria-disabled={mark.isPending || undefined}
          onClick={() => {
            if (!mark.isPending) mark.mutate(!needsContent);
          }}
        >
          {t('Needs content')}
        </button>
      </div>
    </section>
  );
}
