import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectOptions } from '../ProjectOptions';
import type { ReviewedAnswerView } from '../../../../shared/admin/reviewed';
import { QUERYING_APP } from '../../../../shared/constants';
import { adminApi } from '../../../api/admin';
import { i18n } from '../../../i18n/i18n';
import { reviewedKeys, adminKeys } from '../queryClient';
import { DataTable } from '../table/DataTable';
import { formatTime, type Column } from '../table/format';
import { RowAction } from '../table/RowAction';
import { adminToast, reasonOf } from '../toasts';
import { useAdminProjects } from '../useAdminProjects';
import { ReviewedAnswerForm, type ReviewFormStart } from './ReviewedAnswerForm';
import {
  answerExcerpt,
  answerLanguages,
  languageName,
  REVIEWED_SEARCH_PLACEHOLDER,
  REVIEWED_STATUS,
  reviewToasts,
  STATUS_CHOICES,
} from './reviewText';
import { ReviewedTransfer } from './ReviewedTransfer';

type Status = ReviewedAnswerView['status'] | 'all';

const statusWords = (a: ReviewedAnswerView) =>
  [REVIEWED_STATUS[a.status], ...(a.needsReview ? [REVIEWED_STATUS.needsReview] : [])].map((w) => i18n.t(w));

function StatusCell({ answer }: { answer: ReviewedAnswerView }) {
  const { t } = useTranslation();
  return (
    <span className="review-status">
      <span className={answer.status === 'active' ? 'badge badge-ok' : 'badge badge-retired'}>
        {t(REVIEWED_STATUS[answer.status])}
      </span>
      {answer.needsReview ? (
        <span className="badge badge-pending">{t(REVIEWED_STATUS.needsReview)}</span>
      ) : null}
    </span>
  );
}

const columns: Column<ReviewedAnswerView>[] = [
  { key: 'question', header: 'Question', value: (a) => a.questions[0] ?? '' },
  { key: 'paraphrases', header: 'Paraphrases', value: (a) => Math.max(0, a.questions.length - 1) },
  { key: 'answer', header: 'Answer', value: (a) => answerExcerpt(a.answers) },
  {
    key: 'languages',
    header: 'Languages',
    value: (a) => answerLanguages(a.answers).map((code) => languageName(code, i18n.language)),
  },
  { key: 'sources', header: 'Sources', value: (a) => a.sources.map((s) => s.title || s.url) },
  { key: 'status', header: 'Status', value: statusWords, render: (a) => <StatusCell answer={a} /> },
  { key: 'hits', header: 'Hits', value: (a) => a.hits },
  { key: 'last_hit', header: 'Last hit', value: (a) => formatTime(a.lastHitAt) },
  { key: 'reviewed_by', header: 'Reviewed by', value: (a) => a.reviewedBy },
  { key: 'reviewed_at', header: 'Reviewed at', value: (a) => formatTime(a.reviewedAt) },
];

/**
 * The Reviewed answers tab (issue 33): a project's reviewed answers, searched by words and
 * filtered by status; each is edited (the write form) or retired and brought back. A new answer
 * is written here too, and the project's answers are exported to a JSON file and imported from one.
 */
export function ReviewedAnswersTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const projects = useAdminProjects();
  const [chosen, setChosen] = useState('');
  const project = chosen || (projects.includes(QUERYING_APP) ? QUERYING_APP : (projects[0] ?? ''));
  const [status, setStatus] = useState<Status>('all');
  const [writing, setWriting] = useState<ReviewFormStart | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const projectId = useId();
  const statusId = useId();

  const retire = useMutation({
    mutationFn: (answer: ReviewedAnswerView) =>
      adminApi.changeReviewedAnswer(answer._id, {
        status: answer.status === 'active' ? 'retired' : 'active',
      }),
    onSuccess: async (answer) => {
      adminToast.success(t(answer.status === 'retired' ? reviewToasts.retired : reviewToasts.restored));
      await Promise.all(reviewedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      // Under a status filter the row leaves the list; its table's heading keeps the place.
      if (status !== 'all') heading.current?.focus();
    },
    onError: (error) =>
      adminToast.error(t('Failed to change the answer: {{reason}}', { reason: reasonOf(error) })),
  });

  return (
    <>
      <DataTable
        title={t('Reviewed answers')}
        headingRef={heading}
        queryKey={[...adminKeys.reviewed, { project, status }]}
        fetchPage={(page) => adminApi.getReviewedAnswers(page, project, status)}
        columns={columns}
        rowKey={(a) => a._id}
        searchPlaceholder={REVIEWED_SEARCH_PLACEHOLDER}
        actions={(a) => {
          const subject = (a.questions[0] ?? '').slice(0, 60);
          return (
            <>
              <RowAction subject={subject} onClick={() => setWriting({ kind: 'edit', answer: a })}>
                {t('Edit')}
              </RowAction>
              <RowAction
                subject={subject}
                busy={retire.isPending && retire.variables?._id === a._id}
                onClick={() => retire.mutate(a)}
              >
                {a.status === 'active' ? t('Retire') : t('Bring back')}
              </RowAction>
            </>
          );
        }}
      >
        <div className="review-controls">
          {projects.length > 1 ? (
            <div className="table-filter">
              <label htmlFor={projectId}>{t('Project')}</label>
              <select id={projectId} value={project} onChange={(e) => setChosen(e.target.value)}>
                <ProjectOptions projects={projects} />
              </select>
            </div>
          ) : null}
          <div className="table-filter">
            <label htmlFor={statusId}>{t('Status')}</label>
            <select id={statusId} value={status} onChange={(e) => setStatus(e.target.value as Status)}>
              {STATUS_CHOICES.map(([value, label]) => (
                <option key={value} value={value}>
                  {t(label)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="toolbar">
          <button
            type="button"
            className="button"
            aria-disabled={project === '' || undefined}
            onClick={() => project && setWriting({ kind: 'new', project })}
          >
            {t('Write an answer')}
          </button>
        </div>
        <ReviewedTransfer project={project} />
      </DataTable>
      {writing ? <ReviewedAnswerForm start={writing} onClose={() => setWriting(null)} /> : null}
    </>
  );
}
