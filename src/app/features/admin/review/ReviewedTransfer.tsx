import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewedExport } from '../../../../shared/admin/reviewed';
import { adminApi, saveBlob } from '../../../api/admin';
import { FormField } from '../../../ui/FormField';
import { reviewedKeys } from '../queryClient';
import { adminToast, reasonOf } from '../toasts';
import { readExport } from './importFile';
import { exportFileName } from './reviewText';

/**
 * Export a project's reviewed answers as a JSON file (`dish-reviewed-answers-<project>-<date>.json`),
 * and import such a file into it: read with the shared schema first, so a wrong file is named
 * before anything is sent.
 */
export function ReviewedTransfer({ project }: { project: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [importError, setImportError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const exporting = useMutation({
    mutationFn: () => adminApi.exportReviewedAnswers(project),
    onSuccess: (data) => {
      const name = exportFileName(project, new Date());
      saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), name);
      adminToast.success(
        t('Exported {{n}} reviewed answers to {{file}}.', { n: data.answers.length, file: name }),
      );
    },
    onError: (error) => adminToast.error(t('Failed to export: {{reason}}', { reason: reasonOf(error) })),
  });

  const importing = useMutation({
    mutationFn: (data: ReviewedExport) => adminApi.importReviewedAnswers(project, data),
    onMutate: () => ({ toastId: adminToast.loading(t('Importing...')) }),
    onSuccess: async ({ records }, _data, context) => {
      adminToast.success(t('{{n}} reviewed answers added to {{project}}.', { n: records, project }), {
        id: context.toastId,
      });
      setInputKey((k) => k + 1);
      await Promise.all(reviewedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      fileInput.current?.focus();
    },
    onError: (error, _data, context) => {
      setImportError(t('Failed to import: {{reason}}', { reason: reasonOf(error) }));
      adminToast.error(t('Failed to import: {{reason}}', { reason: reasonOf(error) }), {
        id: context?.toastId,
      });
    },
  });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setImportError(null);
    if (!file || importing.isPending) return;
    const read = readExport(await file.text());
    if (!read.ok) {
      setImportError(
        read.values ? t(read.message, { ...read.values, reason: t(read.values.reason) }) : t(read.message),
      );
      return;
    }
    importing.mutate(read.data);
  };

  return (
    <div className="review-transfer">
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={exporting.isPending || project === '' || undefined}
        onClick={() => {
          if (!exporting.isPending && project) exporting.mutate();
        }}
      >
        {t('Export')}
      </button>
      <FormField
        label="Import reviewed answers (a JSON file)"
        hint={t('A file exported from the Reviewed answers tab; its answers are added to {{project}}.', {
          project,
        })}
        error={importError}
        announce
      >
        {(props) => (
          <input
            {...props}
            key={inputKey}
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            onChange={(e) => void onFile(e)}
          />
        )}
      </FormField>
    </div>
  );
}
