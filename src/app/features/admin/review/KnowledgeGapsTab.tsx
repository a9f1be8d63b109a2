import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectOptions } from '../ProjectOptions';
import { MAX_REVIEWED_QUESTIONS, type GapGroup } from '../../../../shared/admin/reviewed';
import { adminApi, type Period } from '../../../api/admin';
import { adminKeys, reviewedKeys } from '../queryClient';
import { adminToast, reasonOf } from '../toasts';
import { useAdminProjects } from '../useAdminProjects';
import { GapCard } from './GapCard';
import { ReviewedAnswerForm, type ReviewFormStart } from './ReviewedAnswerForm';
import { ReviewFigures } from './ReviewFigures';
import { lastThirtyDays, reviewToasts } from './reviewText';

export const PERIOD_BACKWARDS = 'The start date is after the end date.';
/** A gap's questions that "Write an answer" closes: as many as the server takes at once. */
const MAX_CLOSED = 1000;

/**
 * The Knowledge gaps tab (issue 33): for a period (the last 30 days to begin with) and a project
 * or all the admin's, the period's figures, then what people asked and did not get, grouped by
 * meaning, biggest first; each group is answered (the write form), sent to Add Data, or dismissed.
 */
export function KnowledgeGapsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const projects = useAdminProjects();
  const [dates, setDates] = useState(() => lastThirtyDays(new Date()));
  const [project, setProject] = useState('');
  const [writing, setWriting] = useState<ReviewFormStart | null>(null);
  const gapsHeading = useRef<HTMLHeadingElement>(null);
  const id = useId();

  const backwards = dates.from !== '' && dates.to !== '' && dates.from > dates.to;
  const period: Period = {
    ...(project ? { project } : {}),
    ...(dates.from ? { from: dates.from } : {}),
    ...(dates.to ? { to: dates.to } : {}),
  };
  const gaps = useQuery({
    queryKey: [...adminKeys.gaps, 'groups', period],
    queryFn: () => adminApi.getKnowledgeGaps(period),
    enabled: !backwards,
  });

  const dismiss = useMutation({
    mutationFn: (group: GapGroup) => adminApi.dismissGap(group.questionIds),
    onSuccess: async () => {
      adminToast.success(t(reviewToasts.dismissed));
      await Promise.all(reviewedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      // The group is gone: the list's heading keeps the place.
      gapsHeading.current?.focus();
    },
    onError: (error) => adminToast.error(t('Failed to dismiss: {{reason}}', { reason: reasonOf(error) })),
  });

  const groups = gaps.data?.groups ?? [];

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="table-title">
        {t('Knowledge gaps')}
      </h2>
      <fieldset className="gap-period">
        <legend>{t('Period and project')}</legend>
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('From')}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={dates.from}
            max={dates.to || undefined}
            onChange={(e) => setDates((d) => ({ ...d, from: e.target.value }))}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('To')}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={dates.to}
            min={dates.from || undefined}
            aria-invalid={backwards || undefined}
            aria-describedby={backwards ? `${id}-to-error` : undefined}
            onChange={(e) => setDates((d) => ({ ...d, to: e.target.value }))}
          />
          {backwards ? (
            <p id={`${id}-to-error`} className="field-error" role="alert">
              {t(PERIOD_BACKWARDS)}
            </p>
          ) : null}
        </div>
        {projects.length > 1 ? (
          <div className="field">
            <label htmlFor={`${id}-project`}>{t('Project')}</label>
            <select id={`${id}-project`} value={project} onChange={(e) => setProject(e.target.value)}>
              <option value="">{t('All your projects')}</option>
              <ProjectOptions projects={projects} />
            </select>
          </div>
        ) : null}
      </fieldset>
      {backwards ? null : <ReviewFigures period={period} />}
      <section className="gap-groups" aria-labelledby={`${id}-gaps`}>
        <h3 id={`${id}-gaps`} ref={gapsHeading} tabIndex={-1}>
          {t('Questions people did not get an answer to')}
        </h3>
        {backwards ? null : gaps.isPending ? (
          <p>{t('Loading...')}</p>
        ) : gaps.isError ? (
          <p role="alert">{t('Could not load the gaps: {{reason}}', { reason: reasonOf(gaps.error) })}</p>
        ) : groups.length === 0 ? (
          <p>
            {t(
              'No knowledge gaps in this period: every question got an answer that nobody rated as unhelpful.',
            )}
          </p>
        ) : (
          <>
            <p className="field-hint">
              {gaps.data.considered < gaps.data.total
                ? t('{{considered}} of {{total}} gap questions grouped (the newest).', {
                    considered: gaps.data.considered,
                    total: gaps.data.total,
                  })
                : t('{{total}} gap questions in {{groups}} groups, the biggest first.', {
                    total: gaps.data.total,
                    groups: groups.length,
                  })}
            </p>
            <ol className="gap-list">
              {groups.map((group) => (
                <GapCard
                  key={group.questionIds[0]}
                  group={group}
                  showProject={project === '' && projects.length > 1}
                  busy={dismiss.isPending && dismiss.variables === group}
                  onWrite={() =>
                    setWriting({
                      kind: 'gap',
                      project: group.project,
                      questions: group.questions.slice(0, MAX_REVIEWED_QUESTIONS),
                      closes: group.questionIds.slice(0, MAX_CLOSED),
                    })
                  }
                  onAddData={() => void navigate({ to: '/adminadddata', search: { project: group.project } })}
                  onDismiss={() => dismiss.mutate(group)}
                />
              ))}
            </ol>
          </>
        )}
      </section>
      {writing ? <ReviewedAnswerForm start={writing} onClose={() => setWriting(null)} /> : null}
    </section>
  );
}
