import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { NewKeyAnswer, ProjectKeyView, ProjectView } from '../../../shared/admin/projects';
import { adminApi } from '../../api/admin';
import { Modal } from './Modal';
import { adminKeys } from './queryClient';
import { adminToast, reasonOf } from './toasts';

const NAME_REQUIRED = 'Please enter a name for the key.';
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function When({ at, never = 'Never' }: { at: string | null; never?: string }) {
  return at ? <time dateTime={at}>{dateTime.format(new Date(at))}</time> : <>{never}</>;
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
      else adminToast.success(`The key “${key.name}” is revoked.`);
      await refresh();
    },
    onError: (error, { action }) => adminToast.error(`Failed to ${action} the key: ${reasonOf(error)}`),
  });

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="table-title">
        Projects and API keys
      </h2>
      <p>
        A project asks DISH from its own app with one of its keys. How to call it:{' '}
        <a href="/api/docs">API documentation</a>.
      </p>
      {shown ? <NewSecret shown={shown} onDone={() => setShown(null)} /> : null}
      {list.isPending ? (
        <p>Loading...</p>
      ) : list.isError ? (
        <p role="alert">Could not load the projects: {reasonOf(list.error)}</p>
      ) : list.data.projects.length === 0 ? (
        <p>You do not administer any project.</p>
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
          title={confirming.action === 'revoke' ? 'Revoke Key' : 'Rotate Key'}
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
              {confirming.action === 'revoke' ? 'Revoke' : 'Rotate'}
            </button>
          }
        >
          <p>
            {confirming.action === 'revoke' ? 'Revoke' : 'Rotate'} the key{' '}
            <strong>{confirming.key.name}</strong> (starts with <code>{confirming.key.prefix}</code>) of{' '}
            {confirming.key.project}?
          </p>
          <p>
            {confirming.action === 'revoke'
              ? 'Every app using it is refused from now on. This cannot be undone.'
              : 'A new secret is made and shown once; the old one is refused from now on.'}
          </p>
        </Modal>
      ) : null}
    </section>
  );
}

function NewSecret({ shown, onDone }: { shown: Shown; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => heading.current?.focus(), [shown]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.answer.secret);
      adminToast.success('API Key copied to clipboard');
    } catch {
      adminToast.error('Could not copy the API Key. Please select it and copy it by hand.');
    }
  };
  return (
    <section className="project-result" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        New key “{shown.answer.key.name}” of {shown.project}
      </h3>
      <p>Copy the key now: it is shown only this once and cannot be read again.</p>
      <dl className="credentials">
        <div>
          <dt>API Key</dt>
          <dd>
            <code>{shown.answer.secret}</code>
            <button type="button" className="button button-small" onClick={() => void copy()}>
              Copy API Key
            </button>
          </dd>
        </div>
      </dl>
      <button type="button" className="button button-secondary" onClick={onDone}>
        I have copied the key
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
    onError: (failure) => adminToast.error(`Failed to create the key: ${reasonOf(failure)}`),
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
            API keys of {project.name}
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Starts with</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Uses</th>
              <th scope="col">Status</th>
              <th scope="col" className="actions-cell">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {project.keys.length === 0 ? (
              <tr>
                <td colSpan={7} className="table-message">
                  No keys yet.
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
                        Revoked <When at={key.revokedAt} />
                      </>
                    ) : (
                      'Active'
                    )}
                  </td>
                  <td className="actions-cell">
                    {key.revokedAt ? null : (
                      <div className="row-actions">
                        <button
                          type="button"
                          className="button button-small"
                          aria-label={`Rotate ${key.name}`}
                          onClick={() => onAction('rotate', key)}
                        >
                          Rotate
                        </button>
                        <button
                          type="button"
                          className="button button-small button-danger"
                          aria-label={`Revoke ${key.name}`}
                          onClick={() => onAction('revoke', key)}
                        >
                          Revoke
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
      <form className="key-form" onSubmit={submit} noValidate aria-label={`New key of ${project.name}`}>
        <div className="field">
          <label htmlFor={`${id}-name`}>Name of a new key</label>
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
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button" aria-disabled={create.isPending || undefined}>
          Create key
        </button>
      </form>
    </section>
  );
}
