import { MAX_UPLOAD_FILES } from '../../../shared/constants';
import {
  DEPTH_MESSAGE,
  isDepth,
  MISSING,
  needsFiles,
  needsUrl,
  ONLY_PDF,
  takesDepth,
  URL_FORMAT_MESSAGE,
  webAddress,
} from '../../../shared/admin/add-data-rules';
import { messages, tooManyFilesMessage } from '../../../shared/messages';
import { translate } from '../../i18n/i18n';
import {
  acceptAttribute,
  DOC_FORMATS,
  FILE_TYPE_REFUSED,
  hasAcceptedExtension,
  quotedName,
} from '../../../shared/admin/uploads';

/** SPEC §2: the data types the single-item form offers. */
export const FORM_DATA_TYPES = ['yt_channel', 'yt_video', 'web', 'pdf', 'doc'] as const;
export type FormDataType = (typeof FORM_DATA_TYPES)[number];

/** The form's choices in plain words (issue 14 item 10); the codes are what is sent. */
export const DATA_TYPE_LABELS: Record<FormDataType, string> = {
  yt_channel: 'YouTube channel',
  yt_video: 'YouTube video',
  web: 'Web page',
  pdf: 'PDF files',
  doc: 'Documents (Word, spreadsheets, text files)',
};

export interface AddDataValues {
  data_type: FormDataType | '';
  source: string;
  project: string;
  location: string;
  url: string;
  depth: string;
}
export type AddDataField = keyof AddDataValues | 'files';

/** SPEC §5: a pdf accepts .pdf; a doc accepts .doc and .docx, and the other formats of shared/admin/uploads. */
export function acceptFor(type: AddDataValues['data_type']): string {
  return needsFiles(type) ? acceptAttribute(type) : '';
}

/** SPEC §5 Add data rules, field by field; null when the field is fine. */
export function checkField(
  field: AddDataField,
  values: AddDataValues,
  files: readonly File[],
): string | null {
  switch (field) {
    case 'data_type':
      return values.data_type ? null : MISSING.data_type;
    case 'source':
      return values.source ? null : MISSING.source;
    case 'project':
      return values.project ? null : MISSING.project;
    case 'location':
      return values.location.trim() ? null : MISSING.location;
    case 'url':
      if (!needsUrl(values.data_type)) return null;
      if (!values.url.trim()) return MISSING.url;
      return webAddress(values.url.trim()) ? null : URL_FORMAT_MESSAGE;
    case 'depth': {
      if (!takesDepth(values.data_type)) return null;
      const ok = /^\d+$/.test(values.depth.trim()) && isDepth(Number(values.depth));
      return ok ? null : DEPTH_MESSAGE;
    }
    case 'files':
      return needsFiles(values.data_type) && files.length === 0 ? MISSING.files : null;
  }
}

export const FIELD_ORDER: AddDataField[] = [
  'data_type',
  'source',
  'project',
  'location',
  'url',
  'depth',
  'files',
];

/**
 * The form's summary above the fields: 'Please fill all the required fields' (SPEC §5) when
 * several required fields are empty, otherwise each field's own message; other problems (a bad
 * URL, depth or file) are listed as they are.
 */
export function formSummary(errors: Partial<Record<AddDataField, string>>): string[] {
  const found = FIELD_ORDER.flatMap((field) => {
    const message = errors[field];
    return message ? [{ message, missing: field !== 'depth' && message === MISSING[field] }] : [];
  });
  const missing = found.filter((f) => f.missing);
  const shown =
    missing.length > 1
      ? [messages.addDataIncomplete, ...found.filter((f) => !f.missing).map((f) => f.message)]
      : found.map((f) => f.message);
  return [...new Set(shown)];
}

/** Checks a new file selection: too many, or a type the data type does not take. */
export function checkFiles(type: AddDataValues['data_type'], files: readonly File[]): string | null {
  if (files.length > MAX_UPLOAD_FILES) return tooManyFilesMessage(MAX_UPLOAD_FILES);
  if (!needsFiles(type)) return null;
  const wrong = files.find((f) => !hasAcceptedExtension(type, f.name));
  if (!wrong) return null;
  if (type === 'pdf') return ONLY_PDF;
  // The file's name is inside the sentence, so it is translated here rather than where it shows.
  return translate(FILE_TYPE_REFUSED, {
    name: quotedName(wrong.name),
    formats: translate(DOC_FORMATS),
  });
}
