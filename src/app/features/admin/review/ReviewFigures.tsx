import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, type Period } from '../../../api/admin';
import { adminKeys } from '../queryClient';
import { reasonOf } from '../toasts';
import { percent } from './reviewText';

/**
 * The period's honest figures (issue 33 item 5): what was asked and how it was answered, how
 * askers rated the answers, and how many of the answers admins reviewed they approved as given.
 */
export function ReviewFigures({ period }: { period: Period }) {
  const { t } = useTranslation();
  const headingId = useId();
  const figures = useQuery({
    queryKey: [...adminKeys.figures, period],
    queryFn: () => adminApi.getReviewFigures(period),
  });

  return (
    <section className="review-figures" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("The period's figures")}</h3>
      {figures.isPending ? (
        <p>{t('Loading...')}</p>
      ) : figures.isError ? (
        <p role="alert">{t('Could not load the figures: {{reason}}', { reason: reasonOf(figures.error) })}</p>
      ) : (
        <dl className="figures">
          <Figure label={t('Questions asked')} value={figures.data.asked} />
          <Figure label={t('Answered from reviewed answers')} value={figures.data.reviewed} />
          <Figure label={t('Answered by the composer')} value={figures.data.composed} />
          <Figure label={t('Only the closest passage')} value={figures.data.closest} />
          <Figure label={t('Refused')} value={figures.data.refused} />
          <Figure label={t('Failed')} value={figures.data.failed} />
          <Figure
            label={t('Rated helpful')}
            value={t('Yes {{yes}} / No {{no}}', {
              yes: figures.data.helpful.yes,
              no: figures.data.helpful.no,
            })}
          />
          <Figure
            label={t('Reviewed answers approved')}
            value={
              figures.data.approvedShare === null
                ? t('No answers reviewed yet')
                : t('{{approved}} of {{reviewed}} ({{percent}} %)', {
                    approved: figures.data.reviews.approved,
                    reviewed:
                      figures.data.reviews.approved +
                      figures.data.reviews.rewritten +
                      figures.data.reviews.needsContent,
                    percent: percent(figures.data.approvedShare),
                  })
            }
          />
        </dl>
      )}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
