import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../api/admin';
import type { ModelStatus } from '../../../shared/admin/models';
import { adminKeys } from './queryClient';

/** How often the line is asked again while a model downloads. */
const DOWNLOAD_POLL_MS = 3000;

const describe = (m: ModelStatus): string =>
  `${m.purpose[0]!.toUpperCase()}${m.purpose.slice(1)} (${m.model}): ` +
  (m.state === 'ready'
    ? 'ready'
    : m.state === 'downloading'
      ? `downloading, ${m.progress ?? 0}%`
      : `unavailable${m.reason ? `: ${m.reason}` : ''}`);

/**
 * The dashboard's Models line: whether speech recognition and sentence embeddings are ready,
 * downloading (followed until done) or unavailable, with the server's reason, which is for the
 * admin and never shown in the chat. Nothing is shown while it loads or when it cannot be read:
 * it is a note beside the tabs, not a screen of its own.
 */
export function ModelsLine() {
  const { data } = useQuery({
    queryKey: adminKeys.models,
    queryFn: adminApi.getModels,
    refetchInterval: (query) =>
      query.state.data?.models.some((m) => m.state === 'downloading') ? DOWNLOAD_POLL_MS : false,
  });
  if (!data?.models.length) return null;
  return (
    <p className="models-line">
      <strong>Models:</strong> {data.models.map(describe).join('; ')}.
    </p>
  );
}
