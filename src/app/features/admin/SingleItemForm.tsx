import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { WEB_MAX_DEPTH } from '../../../shared/constants';
import { FormField } from '../../ui/FormField';
import { filesHint, needsFiles, needsUrl, takesDepth } from '../../../shared/admin/add-data-rules';
import {
  acceptFor,
  DATA_TYPE_LABELS,
  FORM_DATA_TYPES,
  formSummary,
  type AddDataValues,
} from './addDataRules';
import { reasonOf } from './toasts';
import { useSingleItemForm } from './useSingleItemForm';

/**
 * SPEC §2 Add Data, one item: the fields its data type needs (the rules are useSingleItemForm's).
 * `?project=` chooses the project to begin with.
 */
export function SingleItemForm() {
  const { t } = useTranslation();
  const { project: preset } = useSearch({ strict: false });
  const {
    projects,
    values,
    fileInputKey,
    errors,
    ref,
    sources,
    add,
    setValue,
    onBlur,
    onType,
    onFiles,
    submit,
  } = useSingleItemForm(preset);
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
      {takesDepth(values.data_type) ? (
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
