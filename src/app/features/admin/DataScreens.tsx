import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { IngestedItemView, PendingItemView } from '../../../shared/admin/schemas';
import { adminApi } from '../../api/admin';
import { translate } from '../../i18n/i18n';
import { dataTypeLabel } from './dataTypes';
import { IngestionProgress } from './IngestionProgress';
import { adminKeys } from './queryClient';
import { DataTable } from './table/DataTable';
import type { Column } from './table/format';

const pendingColumns: Column<PendingItemView>[] = [
  { key: 'data_type', header: 'Data Type', value: (p) => translate(dataTypeLabel(p.data_type)) },
  { key: 'source', header: 'Source', value: (p) => p.source },
  { key: 'description', header: 'Description', value: (p) => p.description },
  { key: 'title', header: 'Title', value: (p) => p.title },
  { key: 'url', header: 'URL', value: (p) => p.url, kind: 'url' },
  { key: 'depth', header: 'Depth', value: (p) => p.depth },
  { key: 'status', header: 'Status', value: (p) => p.status, kind: 'status' },
  { key: 'error', header: 'Error', value: (p) => p.error },
];

const ingestedColumns: Column<IngestedItemView>[] = [
  { key: 'data_type', header: 'Data Type', value: (i) => translate(dataTypeLabel(i.resource_type)) },
  { key: 'source', header: 'Source', value: (i) => i.source },
  { key: 'project', header: 'Project', value: (i) => i.project },
  { key: 'title', header: 'Title', value: (i) => i.title },
  { key: 'body', header: 'Body', value: (i) => i.body },
  { key: 'url', header: 'URL', value: (i) => i.url, kind: 'url' },
  { key: 'country', header: 'Country', value: (i) => i.country },
  { key: 'is_consumed', header: 'Is Consumed', value: (i) => i.isConsumed },
];

/** Moves focus to a screen's heading when the screen replaces another. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/** The name of the source in the address, once the sources are known (asked for after a reload). */
function useSourceName(sourceId: string | null): string | null {
  const { t } = useTranslation();
  const sources = useQuery({
    queryKey: adminKeys.sourceNames,
    queryFn: adminApi.getSources,
    enabled: sourceId !== null,
    staleTime: 60_000,
  });
  if (!sourceId) return t('All Sources');
  return sources.data?.sources.find((s) => s._id === sourceId)?.name ?? null;
}

interface ScreenProps {
  sourceId: string | null;
  onBack: () => void;
}

function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button button-secondary back-button" onClick={onBack}>
      {t('← Back to sources')}
    </button>
  );
}

export function PendingScreen({ sourceId, onBack }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const name = useSourceName(sourceId);
  return (
    <DataTable
      title={name ? t('Pending Data: {{name}}', { name }) : t('Pending Data')}
      headingRef={heading}
      queryKey={[...adminKeys.pending, sourceId ?? 'all']}
      fetchPage={(request) => adminApi.getPending(request, sourceId)}
      columns={pendingColumns}
      rowKey={(p) => p._id}
    >
      <div className="toolbar">
        <BackButton onBack={onBack} />
      </div>
      <IngestionProgress sourceId={sourceId} />
    </DataTable>
  );
}

export function IngestedScreen({ sourceId, onBack }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const name = useSourceName(sourceId);
  return (
    <DataTable
      title={name ? t('Ingested Data: {{name}}', { name }) : t('Ingested Data')}
      headingRef={heading}
      queryKey={[...adminKeys.ingested, sourceId ?? 'all']}
      fetchPage={(request) => adminApi.getIngested(request, sourceId)}
      columns={ingestedColumns}
      rowKey={(i) => i._id}
    >
      <div className="toolbar">
        <BackButton onBack={onBack} />
      </div>
    </DataTable>
  );
}
