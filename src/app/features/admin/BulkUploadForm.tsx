import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_TEMPLATE_NAME } from '../../../shared/admin/add-data-rules';
import { messages } from '../../../shared/messages';
import { adminApi, saveBlob, type BulkUploadAnswer } from '../../api/admin';
import { FormField } from '../../ui/FormField';
import { adminKeys } from './queryClient';
import { adminToast, reasonOf } from './toasts';

/**
 * SPEC §2 bulk upload: one CSV or XLSX file (a second clears the choice), the template to fill,
 * and the rows the server refused listed under the form, so they can be fixed and sent again.
 */
export function BulkUploadForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<BulkUploadAnswer['refused']>([]);
  const [inputKey, setInputKey] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const refusedId = useId();

  const upload = useMutation({
    mutationFn: (chosen: File) => adminApi.bulkUpload(chosen),
    onMutate: () => {
      setRefused([]);
      return { toastId: adminToast.loading(t('Uploading...')) };
    },
    onSuccess: async (answer, _file, context) => {
      const refusedRows = answer.refused ?? [];
      const description =
        refusedRows.length === 1
          ? t('1 row was not accepted; see the list under the form.')
          : t('{{n}} rows were not accepted; see the list under the form.', { n: refusedRows.length });
      adminToast.success(
        t('Uploaded {{records}} records for ingestion during the next DB update', {
          records: answer.records,
        }),
        { id: context.toastId, ...(refusedRows.length ? { description } : {}) },
      );
      setRefused(refusedRows);
      setFile(null);
      setInputKey((k) => k + 1);
      await queryClient.invalidateQueries({ queryKey: adminKeys.pending });
      fileInput.current?.focus();
    },
    onError: (failure, _file, context) =>
      adminToast.error(t('Failed to upload: {{reason}}', { reason: reasonOf(failure) }), {
        id: context?.toastId,
      }),
  });

  const template = useMutation({
    mutationFn: adminApi.getTemplate,
    onSuccess: (blob) => saveBlob(blob, BULK_TEMPLATE_NAME),
    onError: (failure) => adminToast.error(reasonOf(failure)),
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    if (chosen.length > 1) {
      event.target.value = '';
      setFile(null);
      setError(messages.oneBulkFile);
      return;
    }
    setError(null);
    setFile(chosen[0] ?? null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || upload.isPending) return;
    upload.mutate(file);
  };

  return (
    <>
      <form className="admin-form" onSubmit={submit} noValidate aria-label={t('Bulk upload')}>
        <p>
          {t(
            'Upload one CSV or XLSX file with a row for each item. Its columns are those of the ingestion template.',
          )}
        </p>
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={template.isPending || undefined}
          onClick={() => {
            if (!template.isPending) template.mutate();
          }}
        >
          {t('Download template')}
        </button>
        <FormField label="Bulk upload file (CSV or XLSX)" error={error} announce>
          {(props) => (
            <input
              {...props}
              key={inputKey}
              ref={fileInput}
              type="file"
              accept=".csv,.xlsx"
              onChange={onChange}
            />
          )}
        </FormField>
        <button type="submit" className="button" disabled={!file || upload.isPending}>
          {t('Upload')}
        </button>
      </form>
      {refused && refused.length > 0 ? (
        <section className="refused-rows" aria-labelledby={refusedId}>
          <h2 id={refusedId}>{t('Rows not accepted')}</h2>
          <ul>
            {refused.map((r) => (
              <li key={r.row}>{r.reason}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
