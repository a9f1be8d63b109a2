import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WEB_MAX_DEPTH } from '../../../shared/constants';
import { adminApi } from '../../api/admin';
import { FormField } from '../../ui/FormField';
import {
  acceptFor,
  checkField,
  checkFiles,
  DATA_TYPE_LABELS,
  FIELD_ORDER,
  filesHint,
  FORM_DATA_TYPES,
  formSummary,
  needsFiles,
  needsUrl,
  type AddDataField,
  type AddDataValues,
} from './addDataRules';
import { adminKeys } from './queryClient';
import { adminToast, reasonOf } from './toasts';
import { useAdminProjects } from './useAdminProjects';

export const ADDED = 'Data added successfully for ingestion during the next DB update.';

/**
 * SPEC §2 Add Data, one item: the fields its data type needs, checked as SPEC §5 says (on blur,
 * and all at once on submit, focus going to the first wrong one), sent as multipart form data.
 */
export function SingleItemForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const projects = useAdminProjects();
  const initial: AddDataValues = {
    data_type: '',
    source: '',
    project: projects.length === 1 ? (projects[0] ?? '') : '',
    location: '',
    url: '',
    depth: '0',
  };
  const [values, setValues] = useState<AddDataValues>(initial);
  const [files, setFiles] = useState<File[]>([]);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<AddDataField, string>>>({});
  const refs = useRef<Partial<Record<AddDataField, HTMLElement | null>>>({});
  const ref = (field: AddDataField) => (el: HTMLElement | null) => {
    refs.current[field] = el;
  };

  const sources = useQuery({ queryKey: adminKeys.activeSources, queryFn: adminApi.getActiveSources });

  const add = useMutation({
    mutationFn: (form: FormData) => adminApi.addData(form),
    onMutate: () => ({ toastId: adminToast.loading(t('Adding Data...')) }),
    onSuccess: async (_answer, _form, context) => {
      adminToast.success(t(ADDED), { id: context.toastId });
      setValues(initial);
      setFiles([]);
      setFileInputKey((k) => k + 1);
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: adminKeys.pending });
    },
    onError: (error, _form, context) =>
      adminToast.error(t('Failed to add data: {{reason}}', { reason: reasonOf(error) }), {
        id: context?.toastId,
      }),
  });

  const setValue = <K extends keyof AddDataValues>(field: K, value: AddDataValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    // SPEC §5: an error clears as soon as its field is edited.
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  /** SPEC §5: a field is checked when it loses focus, once it holds something. */
  const onBlur = (field: AddDataField) => () => {
    if (field !== 'files' && !values[field]) return;
    const message = checkField(field, values, files);
    setErrors((e) => ({ ...e, [field]: message ?? undefined }));
  };

  const onType = (type: AddDataValues['data_type']) => {
    setValue('data_type', type);
    // Files chosen for another type do not carry over; nor do errors of fields no longer shown.
    setFiles([]);
    setFileInputKey((k) => k + 1);
    setErrors((e) => ({ ...e, data_type: undefined, url: undefined, depth: undefined, files: undefined }));
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    const problem = checkFiles(values.data_type, chosen);
    if (problem) {
      // SPEC §5: too many files (or the wrong kind) clears the selection.
      event.target.value = '';
      setFiles([]);
      setErrors((e) => ({ ...e, files: problem }));
      return;
    }
    setFiles(chosen);
    setErrors((e) => ({ ...e, files: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const found: Partial<Record<AddDataField, string>> = {};
    for (const field of FIELD_ORDER) {
      const message = checkField(field, values, files);
      if (message) found[field] = message;
    }
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      refs.current[first]?.focus();
      return;
    }
    const form = new FormData();
    form.append('data_type', values.data_type);
    form.append('source', values.source);
    form.append('project', values.project);
    form.append('location', values.location.trim());
    if (needsUrl(values.data_type)) form.append('url', values.url.trim());
    form.append('depth', values.data_type === 'web' ? String(Number(values.depth)) : '0');
    if (needsFiles(values.data_type)) for (const file of files) form.append('files', file);
    add.mutate(form);
  };

  const summary = formSummary(errors);
  const activeSources = sources.data?.sources ?? [];

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-label={t('Add a single item')}>
      <p className="field-hint">{t('Every field is required.')}</p>
      <div role="alert" className="form-errors">
        {summary.length ? (
          <ul>
            {summary.map((message) => (
              <li key={message}>{t(message)}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <FormField label="Data Type" error={errors.data_type}>
        {(props) => (
          <select
            {...props}
            ref={ref('data_type')}
            required
            value={values.data_type}
            onChange={(e) => onType(e.target.value as AddDataValues['data_type'])}
          >
            <option value="">{t('Select a data type')}</option>
            {FORM_DATA_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(DATA_TYPE_LABELS[type])}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label="Source"
        error={errors.source}
        hint={
          sources.isPending
            ? t('Loading sources...')
            : sources.isError
              ? t('Could not load the sources: {{reason}}', { reason: reasonOf(sources.error) })
              : activeSources.length === 0
                ? t('There are no enabled sources yet. Add or enable one in the Data tab first.')
                : undefined
        }
      >
        {(props) => (
          <select
            {...props}
            ref={ref('source')}
            required
            value={values.source}
            onChange={(e) => setValue('source', e.target.value)}
          >
            <option value="">{t('Select a source')}</option>
            {activeSources.map((s) => (
              <option key={s._id} value={s._id}>
                {s.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Project" error={errors.project}>
        {(props) => (
          <select
            {...props}
            ref={ref('project')}
            required
            value={values.project}
            onChange={(e) => setValue('project', e.target.value)}
          >
            <option value="">{t('Select a project')}</option>
            {projects.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Location (country)" error={errors.location}>
        {(props) => (
          <input
            {...props}
            ref={ref('location')}
            type="text"
            required
            autoComplete="country-name"
            maxLength={100}
            value={values.location}
            onChange={(e) => setValue('location', e.target.value)}
            onBlur={onBlur('location')}
          />
        )}
      </FormField>
      {needsUrl(values.data_type) ? (
        <FormField label="URL" error={errors.url} hint="A web address starting with http:// or https://.">
          {(props) => (
            <input
              {...props}
              ref={ref('url')}
              type="url"
              required
              inputMode="url"
              autoComplete="url"
              maxLength={2000}
              value={values.url}
              onChange={(e) => setValue('url', e.target.value)}
              onBlur={onBlur('url')}
            />
          )}
        </FormField>
      ) : null}
      {values.data_type === 'web' ? (
        <FormField
          label="Depth"
          error={errors.depth}
          hint={t('How many links deep to follow from the page: 0 to {{max}}.', { max: WEB_MAX_DEPTH })}
        >
          {(props) => (
            <input
              {...props}
              ref={ref('depth')}
              type="number"
              min={0}
              max={WEB_MAX_DEPTH}
              step={1}
              inputMode="numeric"
              required
              value={values.depth}
              onChange={(e) => setValue('depth', e.target.value)}
              onBlur={onBlur('depth')}
            />
          )}
        </FormField>
      ) : null}
      {needsFiles(values.data_type) ? (
        <FormField label="Files" error={errors.files} hint={t(filesHint(values.data_type))}>
          {(props) => (
            <input
              {...props}
              key={fileInputKey}
              ref={ref('files')}
              type="file"
              multiple
              accept={acceptFor(values.data_type)}
              onChange={onFiles}
            />
          )}
        </FormField>
      ) : null}
      <button
        type="submit"
        className="button"
        aria-disabled={add.isPending || undefined}
        onMouseDown={(e) => e.preventDefault()}
      >
        {t('Add Data')}
      </button>
    </form>
  );
}
