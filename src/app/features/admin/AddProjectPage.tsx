import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CreateProjectAnswer } from '../../../shared/admin/schemas';
import { PROJECT_TOAST_MS } from '../../../shared/constants';
import { adminApi } from '../../api/admin';
import { translate } from '../../i18n/i18n';
import { usePageTitle } from '../../ui/usePageTitle';
import { AdminHeader } from './AdminHeader';
import { FormField } from '../../ui/FormField';
import { adminToast, reasonOf } from './toasts';

export const CREATE_FAILED = 'Failed to create project. Please try again later.';
export const NAME_REQUIRED = 'Please enter a project name.';
export const DESCRIPTION_REQUIRED = 'Please enter a project description.';

async function copy(text: string, what: 'Project ID' | 'API Key') {
  try {
    await navigator.clipboard.writeText(text);
    adminToast.success(
      what === 'API Key'
        ? translate('API Key copied to clipboard')
        : translate('Project ID copied to clipboard'),
    );
  } catch {
    adminToast.error(
      what === 'API Key'
        ? translate('Could not copy the API Key. Please select it and copy it by hand.')
        : translate('Could not copy the Project ID. Please select it and copy it by hand.'),
    );
  }
}

function Credential({ label, value }: { label: 'Project ID' | 'API Key'; value: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <dt>{t(label)}</dt>
      <dd>
        <code>{value}</code>
        <button type="button" className="button button-small" onClick={() => copy(value, label)}>
          {label === 'API Key' ? t('Copy API Key') : t('Copy Project ID')}
        </button>
      </dd>
    </div>
  );
}

/** The project ID and API key with a copy button each: in the toast and under the form. */
function Credentials({ project }: { project: CreateProjectAnswer }) {
  return (
    <dl className="credentials">
      <Credential label="Project ID" value={project.projectId} />
      <Credential label="API Key" value={project.apiKey} />
    </dl>
  );
}

/** SPEC §2 /superadminaddproject (super admins only, SPEC §6): name and description. */
export function AddProjectPage() {
  const { t } = useTranslation();
  usePageTitle('Add New Authorized Project');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});
  const [created, setCreated] = useState<CreateProjectAnswer | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const resultId = useId();
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const create = useMutation({
    mutationFn: () => adminApi.createProject(name.trim(), description.trim()),
    onSuccess: (answer) => {
      if (!answer?.projectId || !answer.apiKey) {
        adminToast.error(t(CREATE_FAILED));
        return;
      }
      const project = { projectId: answer.projectId, apiKey: answer.apiKey };
      toast.success(t('Project created successfully.'), {
        duration: PROJECT_TOAST_MS,
        description: <Credentials project={project} />,
      });
      setCreated(project);
      setName('');
      setDescription('');
      // The key is shown this once: the result stays on the page after the toast has gone.
      requestAnimationFrame(() => resultHeading.current?.focus());
    },
    onError: (error) => adminToast.error(t(CREATE_FAILED), { description: reasonOf(error) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = {
      ...(name.trim() ? {} : { name: NAME_REQUIRED }),
      ...(description.trim() ? {} : { description: DESCRIPTION_REQUIRED }),
    };
    setErrors(found);
    if (found.name) return nameRef.current?.focus();
    if (found.description) return descriptionRef.current?.focus();
    create.mutate();
  };

  return (
    <div className="admin">
      <AdminHeader />
      <div className="admin-body admin-form-page">
        <Link to="/admindashboard" className="button button-secondary back-button">
          {t('← Back to dashboard')}
        </Link>
        <h1>{t('Add New Authorized Project')}</h1>
        <form className="admin-form" onSubmit={submit} noValidate aria-label={t('New authorized project')}>
          <p className="field-hint">{t('Both fields are required.')}</p>
          <FormField label="Name" error={errors.name} announce>
            {(props) => (
              <input
                {...props}
                ref={nameRef}
                type="text"
                required
                maxLength={100}
                autoComplete="off"
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  setErrors((x) => ({ ...x, name: undefined }));
                }}
                onBlur={() => name && !name.trim() && setErrors((x) => ({ ...x, name: NAME_REQUIRED }))}
              />
            )}
          </FormField>
          <FormField label="Description" error={errors.description} announce>
            {(props) => (
              <textarea
                {...props}
                ref={descriptionRef}
                required
                rows={4}
                maxLength={1000}
                value={description}
                onChange={(e) => {
                  setDescription(e.target.value);
                  setErrors((x) => ({ ...x, description: undefined }));
                }}
                onBlur={() =>
                  description &&
                  !description.trim() &&
                  setErrors((x) => ({ ...x, description: DESCRIPTION_REQUIRED }))
                }
              />
            )}
          </FormField>
          <button
            type="submit"
            className="button"
            aria-disabled={create.isPending || undefined}
            onMouseDown={(e) => e.preventDefault()}
          >
            {t('Create Project')}
          </button>
        </form>
        {created ? (
          <section className="project-result" aria-labelledby={resultId}>
            <h2 id={resultId} ref={resultHeading} tabIndex={-1}>
              {t('Project created')}
            </h2>
            <p>{t('Copy the API key now: it is shown only this once.')}</p>
            <Credentials project={created} />
          </section>
        ) : null}
      </div>
    </div>
  );
}
