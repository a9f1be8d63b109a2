import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin';
import { depthFor, needsFiles, needsUrl } from '../../../shared/admin/add-data-rules';
import { checkField, checkFiles, FIELD_ORDER, type AddDataField, type AddDataValues } from './addDataRules';
import { adminKeys } from './queryClient';
import { adminToast, reasonOf } from './toasts';
import { useAdminProjects } from './useAdminProjects';

export const ADDED = 'Data added successfully for ingestion during the next DB update.';

/**
 * The single-item Add Data form's state and rules (SPEC §5): values, chosen files and errors,
 * the checks on blur and on submit (focus going to the first wrong field), and the call that
 * sends the item as multipart form data, clearing the form once it is added.
 */
export function useSingleItemForm(preset?: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const projects = useAdminProjects();
  const initial: AddDataValues = {
    data_type: '',
    source: '',
    // A project named in the address (the Knowledge gaps tab's Add data) when the admin has it.
    project: preset && projects.includes(preset) ? preset : projects.length === 1 ? (projects[0] ?? '') : '',
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
    form.append('depth', String(depthFor(values.data_type, Number(values.depth))));
    if (needsFiles(values.data_type)) for (const file of files) form.append('files', file);
    add.mutate(form);
  };

  return {
    projects,
    values,
    files,
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
  };
}
