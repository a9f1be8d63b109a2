import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewKeyAnswer, ProjectKeyView, ProjectView } from '../../../shared/admin/projects';
import { adminApi } from '../../api/admin';
import { fill, slots } from '../../i18n/fill';
import { Modal } from './Modal';
import { adminKeys } from './queryClient';
import { adminToast, reasonOf } from './toasts';

export const NAME_REQUIRED = 'Please enter a name for the key.';
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function When({ at }: { at: string | null }) {
  const { t } = useTranslation();
  return at ? <time dateTime={at}>{dateTime.format(new Date(at))}</time> : <>{t('Never')}</>;
}

/** A secret just made: shown this once, with a copy button, until the admin says they have it. */
interface Shown {
  project: string;
  answer: NewKeyAnswer;
}

/**
 * The Projects tab (issue 15): the projects the admin administers (every project for a super
 * admin) and their API keys, with the name, first characters, created, last used and use count of
 * each; keys are created, revoked and rotated here, and a new secret is shown once.
 */
export function ProjectsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const list = useQuery({ queryKey: adminKeys.projects, queryFn: adminApi.getProjects });
  const [shown, setShown] = useState<Shown | null>(null);
  const [confirming, setConfirming] = useState<{ action: 'revoke' | 'rotate'; key: ProjectKeyView } | null>(
    null,
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.projects });

  const change = useMutation({
    mutationFn: ({ action, key }: { action: 'revoke' | 'rotate'; key: ProjectKeyView }) =>
      action === 'revoke'
        ? adminApi.revokeKey(key.project, key.id).then(() => null)
        : adminApi.rotateKey(key.project, key.id),
    onSuccess: async (answer, { key }) => {
      setConfirming(null);
      if (answer) setShown({ project: key.project, answer });
      else adminToast.success(t('The key “{{name}}” is revoked.', { name: key.name }));
      await refresh();
    },
    onError: (error, { action }) =>
      adminToast.error(
        action === 'revoke'
          ? t('Failed to revoke the key: {{reason}}', { reason: reasonOf(error) })
          : t('Failed to rotate the key: {{reason}}', { reason: reasonOf(error) }),
      ),
  });

  const keyNodes = confirming
    ? {
        name: <strong>{confirming.key.name}</strong>,
        prefix: <code>{confirming.key.prefix}</code>,
        project: confirming.key.project,
      }
    : {};

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="table-title">
        {t('Projects and API keys')}
      </h2>
      <p>
        {t('A project asks DISH from its own app with one of its keys. How to call it:')}{' '}
        <a href="/api/docs">{t('API documentation')}</a>.
      </p>
      {shown ? <NewSecret shown={shown} onDone={() => setShown(null)} /> : null}
      {list.isPending ? (
        <p>{t('Loading...')}</p>
      ) : list.isError ? (
        <p role="alert">{t('Could not load the projects: {{reason}}', { reason: reasonOf(list.error) })}</p>
      ) : list.data.projects.length === 0 ? (
        <p>{t('You do not administer any project.')}</p>
      ) : (
        list.data.projects.map((project) => (
          <ProjectKeys
            key={project.id}
            project={project}
            onCreated={async (answer) => {
              setShown({ project: project.id, answer });
              await refresh();
            }}
            onAction={(action, key) => setConfirming({ action, key })}
          />
        ))
      )}
      {confirming ? (
        <Modal
          title={confirming.action === 'revoke' ? t('Revoke Key') : t('Rotate Key')}
          closeLabel="Cancel"
          onClose={() => setConfirming(null)}
          actions={
            <button
              type="button"
              className={confirming.action === 'revoke' ? 'button button-danger' : 'button'}
              aria-disabled={change.isPending || undefined}
              onClick={() => {
                if (!change.isPending) change.mutate(confirming);
              }}
            >
              {confirming.action === 'revoke' ? t('Revoke') : t('Rotate')}
            </button>
          }
        >
          <p>
            {fill(
              confirming.action === 'revoke'
                ? t('Revoke the key {{name}} (starts with {{prefix}}) of {{project}}?', slots(keyNodes))
                : t('Rotate the key {{name}} (starts with {{prefix}}) of {{project}}?', slots(keyNodes)),
              keyNodes,
            )}
          </p>
          <p>
            {confirming.action === 'revoke'
              ? t('Every app using it is refused from now on. This cannot be undone.')
              : t('A new secret is made and shown once; the old one is refused from now on.')}
          </p>
        </Modal>
      ) : null}
    </section>
  );
}

function NewSecret({ shown, onDone }: { shown: Shown; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => heading.current?.focus(), [shown]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.answer.secret);
      adminToast.success(t('API Key copied to clipboard'));
    } catch {
      adminToast.error(t('Could not copy the API Key. Please select it and copy it by hand.'));
    }
  };
  return (
    <section className="project-result" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {t('New key “{{name}}” of {{project}}', { name: shown.answer.key.name, project: shown.project })}
      </h3>
      <p>{t('Copy the key now: it is shown only this once and cannot be read again.')}</p>
      <dl className="credentials">
        <div>
          <dt>{t('API Key')}</dt>
          <dd>
            <code>{shown.answer.secret}</code>
            <button type="button" className="button button-small" onClick={() => void copy()}>
              {t('Copy API Key')}
            </button>
          </dd>
        </div>
      </dl>
      <button type="button" className="button button-secondary" onClick={onDone}>
        {t('I have copied the key')}
      </button>
    </section>
  );
}

function ProjectKeys({
  project,
  onCreated,
  onAction,
}: {
  project: ProjectView;
  onCreated: (answer: NewKeyAnswer) => Promise<void>;
  onAction: (action: 'revoke' | 'rotate', key: ProjectKeyView) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const create = useMutation({
    mutationFn: () => adminApi.createKey(project.id, name.trim()),
    onSuccess: async (answer) => {
      setName('');
      await onCreated(answer);
    },
    onError: (failure) =>
      adminToast.error(t('Failed to create the key: {{reason}}', { reason: reasonOf(failure) })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(NAME_REQUIRED);
      input.current?.focus();
      return;
    }
    setError(null);
    if (!create.isPending) create.mutate();
  };

  return (
    <section aria-labelledby={`${id}-title`} className="project-keys">
      <h3 id={`${id}-title`}>
        {project.name} <span className="project-id">({project.id})</span>
      </h3>
      {project.description ? <p>{project.description}</p> : null}
      {/* A table wider than the screen scrolls; keyboard users scroll it once it has focus. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table>
          <caption id={`${id}-caption`} className="visually-hidden">
            {t('API keys of {{project}}', { project: project.name })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('Name')}</th>
              <th scope="col">{t('Starts with')}</th>
              <th scope="col">{t('Created')}</th>
              <th scope="col">{t('Last used')}</th>
              <th scope="col">{t('Uses')}</th>
              <th scope="col">{t('Status')}</th>
              <th scope="col" className="actions-cell">
                {t('Actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {project.keys.length === 0 ? (
              <tr>
                <td colSpan={7} className="table-message">
                  {t('No keys yet.')}
                </td>
              </tr>
            ) : (
              project.keys.map((key) => (
                <tr key={key.id}>
                  <th scope="row">{key.name}</th>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>
                    <When at={key.createdAt} />
                  </td>
                  <td>
                    <When at={key.lastUsedAt} />
                  </td>
                  <td>{key.useCount}</td>
                  <td>
                    {key.revokedAt ? (
                      <>
                        {t('Revoked')} <When at={key.revokedAt} />
                      </>
                    ) : (
                      t('Active')
                    )}
                  </td>
                  <td className="actions-cell">
                    {key.revokedAt ? null : (
                      <div className="row-actions">
                        <button
                          type="button"
                          className="button button-small"
                          aria-label={t('Rotate {{name}}', { name: key.name })}
                          onClick={() => onAction('rotate', key)}
                        >
                          {t('Rotate')}
                        </button>
                        <button
                          type="button"
                          className="button button-small button-danger"
                          aria-label={t('Revoke {{name}}', { name: key.name })}
                          onClick={() => onAction('revoke', key)}
                        >
                          {t('Revoke')}
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <form
        className="inline-form key-form"
        onSubmit={submit}
        noValidate
        aria-label={t('New key of {{project}}', { project: project.name })}
      >
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('Name of a new key')}</label>
          <input
            ref={input}
            id={`${id}-name`}
            value={name}
            maxLength={100}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {error ? (
            <p id={`${id}-error`} className="field-error">
              {t(error)}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button" aria-disabled={create.isPending || undefined}>
          {t('Create key')}
        </button>
      </form>
    </section>
  );
}
