import { MAX_UPLOAD_FILES, WEB_MAX_DEPTH } from '../constants';
import { messages } from '../messages';
import { DOC_FORMATS, type FileDataType } from './uploads';

/**
 * The Add Data rules (SPEC §5) that the form, the add_data request schema and the bulk file's
 * rows share, so the three cannot drift apart (CONVENTIONS 8). Each keeps its own wording where
 * SPEC gives one (a bulk row's reasons are lower-case, in the row's sentence). The form's
 * sentences are here too, not in the form: they are the keys of their Hindi (i18n/hiAdmin.ts),
 * which would otherwise import the feature that imports the catalogue.
 */

export const DEPTH_MIN = 0;
/** How many levels of links a web item follows at most. */
export const DEPTH_MAX = WEB_MAX_DEPTH;
export const DEPTH_MESSAGE = `Depth must be a whole number from ${DEPTH_MIN} to ${DEPTH_MAX}.`;
export const URL_FORMAT_MESSAGE = 'The URL must start with http:// or https://.';
export const ONLY_PDF = 'Only .pdf files can be uploaded as pdf.';

/** What GET /admin/get_template's file is called, on the server's answer and in the browser's save. */
export const BULK_TEMPLATE_NAME = 'IngestionTemplate.xlsx';

/** The Add Data form's fields that must hold something, each with its own message. */
export type RequiredAddDataField = 'data_type' | 'source' | 'project' | 'location' | 'url' | 'files';

/**
 * What each required field says when it is empty (issue 14 item 10): SPEC §5's own words for the
 * source and the files, plain words for the others, which SPEC leaves to 'Please fill all the
 * required fields' (the form's summary when several are empty).
 */
export const MISSING: Record<RequiredAddDataField, string> = {
  data_type: 'Please choose a data type.',
  source: messages.selectSource,
  project: 'Please choose a project.',
  location: 'Please enter the location (country).',
  url: 'Please enter the URL.',
  files: messages.selectFiles,
};

/**
 * A web address an item may point to: http or https, with a host, as the URL parser reads it.
 * The parsed address, or undefined.
 */
export function webAddress(value: string): URL | undefined {
  if (!/^https?:\/\//i.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.hostname === '' ? undefined : url;
  } catch {
    return undefined;
  }
}

/** A link depth that may be followed. */
export const isDepth = (depth: number): boolean =>
  Number.isInteger(depth) && depth >= DEPTH_MIN && depth <= DEPTH_MAX;

/** The uploaded files (pdf, doc) are the only data types without a URL. */
export const needsFiles = (type: string): type is FileDataType => type === 'pdf' || type === 'doc';
export const needsUrl = (type: string): boolean => type !== '' && !needsFiles(type);

/** Only a web page's links are followed, so only a web item has a depth. */
export const takesDepth = (type: string): boolean => type === 'web';
/** The depth an item is queued with: its own for web, 0 for every other type. */
export const depthFor = (type: string, depth: number): number => (takesDepth(type) ? depth : 0);

/** The file chooser's hint: what it takes and how many at once. */
export function filesHint(type: string): string {
  if (type !== 'doc') return `.pdf files, up to ${MAX_UPLOAD_FILES} at a time.`;
  return `${DOC_FORMATS[0]!.toUpperCase()}${DOC_FORMATS.slice(1)}; up to ${MAX_UPLOAD_FILES} files at once.`;
}
