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
import { ProjectOptions } from './ProjectOptions';

/**
 * SPEC §2 Add Data, one item: the fields its data type needs (the rules are useSingleItemForm's).
 * `?project=` chooses the project to begin with.
 */
export function SingleItemForm() {
  const { t } = useTranslation();
  const { project: preset } = useSearch({ strict: false });
  const form = useSingleItemForm(preset);
  const summary = formSummary(form.errors);
  const activeSources = form.sources.data?.sources ?? [];

  return (
    <form className="admin-form" onSubmit={form.submit} noValidate aria-label={t('Add a single item')}>
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
      <FormField label="Data Type" error={form.errors.data_type}>
        {(props) => (
          <select
            {...props}
            ref={form.ref('data_type')}
            required
            value={form.values.data_type}
            onChange={(e) => form.onType(e.target.value as AddDataValues['data_type'])}
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
        error={form.errors.source}
        hint={
          form.sources.isPending
            ? t('Loading sources...')
            : form.sources.isError
              ? t('Could not load the sources: {{reason}}', { reason: reasonOf(form.sources.error) })
              : activeSources.length === 0
                ? t('There are no enabled sources yet. Add or enable one in the Data tab first.')
                : undefined
        }
      >
        {(props) => (
          <select
            {...props}
            ref={form.ref('source')}
            required
            value={form.values.source}
            onChange={(e) => form.setValue('source', e.target.value)}
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
      <FormField label="Project" error={form.errors.project}>
        {(props) => (
          <select
            {...props}
            ref={form.ref('project')}
            required
            value={form.values.project}
            onChange={(e) => form.setValue('project', e.target.value)}
          >
            <ProjectOptions projects={form.projects} prompt />
          </select>
        )}
      </FormField>
      <FormField label="Location (country)" error={form.errors.location}>
        {(props) => (
          <input
            {...props}
            ref={form.ref('location')}
            type="text"
            required
            autoComplete="country-name"
            maxLength={100}
            value={form.values.location}
            onChange={(e) => form.setValue('location', e.target.value)}
            onBlur={form.onBlur('location')}
          />
        )}
      </FormField>
      {needsUrl(form.values.data_type) ? (
        <FormField
          label="URL"
          error={form.errors.url}
          hint="A web address starting with http:// or https://."
        >
          {(props) => (
            <input
              {...props}
              ref={form.ref('url')}
              type="url"
              required
              inputMode="url"
              autoComplete="url"
              maxLength={2000}
              value={form.values.url}
              onChange={(e) => form.setValue('url', e.target.value)}
              onBlur={form.onBlur('url')}
            />
          )}
        </FormField>
      ) : null}
      {takesDepth(form.values.data_type) ? (
        <FormField
          label="Depth"
          error={form.errors.depth}
          hint={t('How many links deep to follow from the page: 0 to {{max}}.', { max: WEB_MAX_DEPTH })}
        >
          {(props) => (
            <input
              {...props}
              ref={form.ref('depth')}
              type="number"
              min={0}
              max={WEB_MAX_DEPTH}
              step={1}
              inputMode="numeric"
              required
              value={form.values.depth}
              onChange={(e) => form.setValue('depth', e.target.value)}
              onBlur={form.onBlur('depth')}
            />
          )}
        </FormField>
      ) : null}
      {needsFiles(form.values.data_type) ? (
        <FormField label="Files" error={form.errors.files} hint={t(filesHint(form.values.data_type))}>
          {(props) => (
            <input
              {...props}
              key={form.fileInputKey}
              ref={form.ref('files')}
              type="file"
              multiple
              accept={acceptFor(form.values.data_type)}
              onChange={form.onFiles}
            />
          )}
        </FormField>
      ) : null}
      <button
        type="submit"
        className="button"
        aria-disabled={form.add.isPending || undefined}
        onMouseDown={(e) => e.preventDefault()}
      >
        {t('Add Data')}
      </button>
    </form>
  );
}
