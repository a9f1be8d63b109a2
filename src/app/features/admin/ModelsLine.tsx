import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { adminApi } from '../../api/admin';
import type { ModelStatus } from '../../../shared/admin/models';
import { adminKeys } from './queryClient';

/** How often the line is asked again while a model downloads or embeds the knowledge base. */
const DOWNLOAD_POLL_MS = 3000;

/** The model's name and the server's reason stay as sent; the purpose and state are words of the app. */
const describe = (m: ModelStatus, t: TFunction): string =>
  `${t(`${m.purpose[0]!.toUpperCase()}${m.purpose.slice(1)}`)} (${m.model}): ` +
  (m.state === 'ready'
    ? t('ready')
    : m.state === 'downloading'
      ? t('downloading, {{progress}}%', { progress: m.progress ?? 0 })
      : m.state === 'embedding'
        ? t('reading the knowledge base again, {{progress}}%', { progress: m.progress ?? 0 })
        : m.reason
          ? t('unavailable: {{reason}}', { reason: m.reason })
          : t('unavailable'));

/**
 * The dashboard's Models line: whether speech recognition and sentence embeddings are ready,
 * downloading or reading the knowledge base again (followed until done) or unavailable, with the server's reason, which is for the
 * admin and never shown in the chat. Nothing is shown while it loads or when it cannot be read:
 * it is a note beside the tabs, not a screen of its own.
 */
export function ModelsLine() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: adminKeys.models,
    queryFn: adminApi.getModels,
    refetchInterval: (query) =>
      query.state.data?.models.some((m) => m.state === 'downloading' || m.state === 'embedding')
        ? DOWNLOAD_POLL_MS
        : false,
  });
  if (!data?.models.length) return null;
  return (
    <p className="models-line">
      <strong>{t('Models:')}</strong> {data.models.map((m) => describe(m, t)).join('; ')}.
    </p>
  );
}
