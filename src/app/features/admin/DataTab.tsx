import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SourceView } from '../../../shared/admin/schemas';
import { messages } from '../../../shared/messages';
import { adminApi, type PageRequest } from '../../api/admin';
import { fill, slots } from '../../i18n/fill';
import { IngestedScreen, PendingScreen } from './DataScreens';
import { Modal } from './Modal';
import { adminKeys } from './queryClient';
import { DataTable } from './table/DataTable';
import { pageLocally, type Column } from './table/format';
import { RowAction } from './table/RowAction';
import { sourceToasts } from './adminMessages';
import { useAdminProjects } from './useAdminProjects';
import { adminToast, reasonOf } from './toasts';
import { ProjectOptions } from './ProjectOptions';

/** A data screen to open, for one source or all of them. */
interface View {
  screen: 'pending' | 'ingested';
  source: SourceView | null;
}

const sourceColumns: Column<SourceView>[] = [
  { key: 'name', header: 'Name', value: (s) => s.name },
  { key: 'enabled', header: 'Enabled', value: (s) => s.is_active },
];

// The project column is searchable (`project: dish`) though the table shows only Name and Enabled.
const sourceSearchColumns: Column<SourceView>[] = [
  ...sourceColumns,
  { key: 'project', header: 'Project', value: (s) => s.project },
];

/** The whole list is kept for the data screens' titles too, so opening one asks for nothing more. */
const fetchSources = async (request: PageRequest, queryClient: QueryClient) => {
  const all = await adminApi.getSources();
  queryClient.setQueryData(adminKeys.sourceNames, all);
  return pageLocally(all.sources, sourceSearchColumns, request);
};

/**
 * SPEC §2 Data tab: the available sources, their pending and ingested data, and adding more. The
 * data screen and its source are in the address (`?tab=data&screen=pending&source=<id>`), so a
 * reload keeps the screen and Back returns to the sources (issue 14 item 5).
 */
export function DataTab() {
  const { screen, source } = useSearch({ strict: false });
  const navigate = useNavigate();
  // Coming back from a data screen (its Back button or the browser's) lands on the sources' heading.
  const [previous, setPrevious] = useState(screen);
  const [returned, setReturned] = useState(false);
  if (previous !== screen) {
    setPrevious(screen);
    setReturned(previous !== undefined && screen === undefined);
  }
  const back = () => void navigate({ to: '/admindashboard', search: { tab: 'data' } });
  const open = (view: View) =>
    void navigate({
      to: '/admindashboard',
      search: { tab: 'data', screen: view.screen, ...(view.source ? { source: view.source._id } : {}) },
    });
  const sourceId = source ?? null;
  if (screen === 'pending') return <PendingScreen sourceId={sourceId} onBack={back} />;
  if (screen === 'ingested') return <IngestedScreen sourceId={sourceId} onBack={back} />;
  return <SourcesScreen onOpen={open} focusHeading={returned} />;
}

function SourcesScreen({ onOpen, focusHeading }: { onOpen: (view: View) => void; focusHeading: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SourceView | null>(null);
  const afterDelete = useRef<HTMLElement | null>(null);

  // Returning from a data screen lands on this screen's heading.
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
    // Only when the screen appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const refreshSources = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.sources }),
      queryClient.invalidateQueries({ queryKey: adminKeys.activeSources }),
    ]);

  const toggle = useMutation({
    mutationFn: ({ source, enable }: { source: SourceView; enable: boolean }) =>
      adminApi.setSourceActive(source._id, enable),
    onSuccess: async (_answer, { enable }) => {
      adminToast.success(t(enable ? sourceToasts.enabled : sourceToasts.disabled));
      await refreshSources();
    },
    onError: (error, { enable }) =>
      adminToast.error(t(enable ? sourceToasts.enableFailed : sourceToasts.disableFailed), {
        description: reasonOf(error),
      }),
  });

  const remove = useMutation({
    mutationFn: (source: SourceView) => adminApi.deleteSource(source._id),
    onSuccess: async () => {
      // The row that opened the confirmation is going: carry on from the table's heading.
      afterDelete.current = heading.current;
      setDeleting(null);
      adminToast.success(t(sourceToasts.deleted));
      await Promise.all([
        refreshSources(),
        queryClient.invalidateQueries({ queryKey: adminKeys.pending }),
        queryClient.invalidateQueries({ queryKey: adminKeys.ingested }),
      ]);
    },
    onError: (error) => adminToast.error(t(sourceToasts.deleteFailed), { description: reasonOf(error) }),
  });

  const onToggle = (source: SourceView) => {
    if (!source._id) return adminToast.error(t(messages.sourceIdMissing));
    toggle.mutate({ source, enable: !source.is_active });
  };
  const onDelete = (source: SourceView) => {
    if (!source._id) return adminToast.error(t(messages.sourceIdMissing));
    afterDelete.current = null;
    setDeleting(source);
  };

  const confirmNodes = deleting ? { name: <strong>{deleting.name}</strong> } : null;

  return (
    <>
      <DataTable
        title={t('Available Sources')}
        headingRef={heading}
        queryKey={adminKeys.sources}
        fetchPage={(request) => fetchSources(request, queryClient)}
        columns={sourceColumns}
        rowKey={(s) => s._id || s.name}
        actions={(source) => (
          <>
            <RowAction subject={source.name} onClick={() => onOpen({ screen: 'pending', source })}>
              {t('View Pending Data')}
            </RowAction>
            <RowAction subject={source.name} onClick={() => onOpen({ screen: 'ingested', source })}>
              {t('View Ingested Data')}
            </RowAction>
            <RowAction
              subject={source.name}
              busy={toggle.isPending && toggle.variables?.source._id === source._id}
              onClick={() => onToggle(source)}
            >
              {source.is_active ? t('Disable') : t('Enable')}
            </RowAction>
            <RowAction subject={source.name} danger onClick={() => onDelete(source)}>
              {t('Delete')}
            </RowAction>
          </>
        )}
      >
        <div className="toolbar">
          <button type="button" className="button" onClick={() => setAdding(true)}>
            {t('+ Add New Source')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onOpen({ screen: 'pending', source: null })}
          >
            {t('View All Pending Data')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onOpen({ screen: 'ingested', source: null })}
          >
            {t('View All Ingested Data')}
          </button>
          <Link to="/adminadddata" className="button button-secondary">
            {t('Add New Data')}
          </Link>
        </div>
      </DataTable>
      {adding ? (
        <AddSourceModal
          onClose={() => setAdding(false)}
          onAdded={async () => {
            setAdding(false);
            await refreshSources();
          }}
        />
      ) : null}
      {deleting && confirmNodes ? (
        <Modal
          title={t('Delete Source')}
          closeLabel="Cancel"
          returnFocus={afterDelete}
          onClose={() => setDeleting(null)}
          actions={
            <button
              type="button"
              className="button button-danger"
              aria-disabled={remove.isPending || undefined}
              onClick={() => {
                if (!remove.isPending) remove.mutate(deleting);
              }}
            >
              {t('Delete')}
            </button>
          }
        >
          <p>
            {fill(
              t('Are you sure you want to delete the source {{name}}?', slots(confirmNodes)),
              confirmNodes,
            )}
          </p>
          <p>
            {t(
              'Deleting it makes all data tagged to this source unavailable to the chatbot. This cannot be undone.',
            )}
          </p>
        </Modal>
      ) : null}
    </>
  );
}

function AddSourceModal({ onClose, onAdded }: { onClose: () => void; onAdded: () => Promise<void> }) {
  const { t } = useTranslation();
  const projects = useAdminProjects();
  const formId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [project, setProject] = useState(projects.length === 1 ? (projects[0] ?? '') : '');

  const add = useMutation({
    mutationFn: () => adminApi.addSource(name.trim(), project),
    onSuccess: async () => {
      adminToast.success(t(sourceToasts.added));
      await onAdded();
    },
    onError: (error) => adminToast.error(t(sourceToasts.addFailed), { description: reasonOf(error) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    if (!name.trim() || !project || !projects.includes(project)) {
      adminToast.error(t(messages.addSourceInvalid));
      return;
    }
    add.mutate();
  };

  return (
    <Modal
      title={t('Add New Source')}
      onClose={onClose}
      initialFocus={nameRef}
      actions={
        <button type="submit" form={formId} className="button" aria-disabled={add.isPending || undefined}>
          {t('Add')}
        </button>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${formId}-name`}>{t('Source Name')}</label>
          <input
            ref={nameRef}
            id={`${formId}-name`}
            value={name}
            required
            maxLength={200}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${formId}-project`}>{t('Select Project')}</label>
          <select
            id={`${formId}-project`}
            value={project}
            required
            onChange={(e) => setProject(e.target.value)}
          >
            <ProjectOptions projects={projects} prompt />
          </select>
        </div>
      </form>
    </Modal>
  );
}
