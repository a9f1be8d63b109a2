import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QUERYING_APP } from '../../../shared/constants';
import { Modal } from './Modal';

export const NONE_CHOSEN = 'Please choose at least one project.';

/**
 * Make Admin for an admin of several projects (a super admin administers every one, created ones
 * too): which of them the user is to administer. The querying app is chosen to begin with, as
 * the one-click Make Admin of an admin of one project grants it.
 */
export function AdminRightsModal({
  name,
  projects,
  busy,
  onGrant,
  onClose,
}: {
  name: string;
  projects: string[];
  busy: boolean;
  onGrant: (projects: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const first = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string[]>(
    projects.includes(QUERYING_APP) ? [QUERYING_APP] : projects.slice(0, 1),
  );
  const [error, setError] = useState<string | null>(null);
  const toggle = (project: string, on: boolean) =>
    setChosen((list) => (on ? [...list, project] : list.filter((p) => p !== project)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError(NONE_CHOSEN);
      first.current?.focus();
      return;
    }
    if (!busy) onGrant(projects.filter((p) => chosen.includes(p)));
  };

  return (
    <Modal
      title={t('Make Admin')}
      closeLabel="Cancel"
      onClose={onClose}
      initialFocus={first}
      actions={
        <button type="submit" form={formId} className="button" aria-disabled={busy || undefined}>
          {t('Make Admin')}
        </button>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <fieldset aria-describedby={error ? `${formId}-error` : undefined}>
          <legend>{t('Make {{name}} admin of', { name })}</legend>
          {projects.map((project, index) => (
            <div className="switch-field" key={project}>
              <input
                ref={index === 0 ? first : undefined}
                id={`${formId}-${project}`}
                type="checkbox"
                className="switch"
                checked={chosen.includes(project)}
                onChange={(e) => toggle(project, e.target.checked)}
              />
              <label htmlFor={`${formId}-${project}`}>{project}</label>
            </div>
          ))}
        </fieldset>
        {error ? (
          <p id={`${formId}-error`} className="field-error" role="alert">
            {t(error)}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
