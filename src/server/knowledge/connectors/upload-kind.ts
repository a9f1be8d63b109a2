import { extensionOf } from '../../../shared/admin/uploads';
import { detectFileType, type ByteSource } from './file-type';
import { decodeText, looksLikeHtml } from './text-file';

/** What an uploaded doc-type file is, and so which reader turns it into text. */
export type UploadKind = 'pdf' | 'doc' | 'docx' | 'xlsx' | 'csv' | 'txt' | 'md' | 'html';

/** Text formats by extension: the text entries of the shared UPLOAD_EXTENSIONS.doc. */
const TEXT_KINDS: Record<string, UploadKind> = {
  '.txt': 'txt',
  '.csv': 'csv',
  '.md': 'md',
  '.html': 'html',
  '.htm': 'html',
};

/**
 * The kind of an uploaded file, or undefined when it is none the doc type takes. Binary formats
 * are judged by their bytes alone (a spreadsheet named .docx is still a spreadsheet). Text has no
 * signature, so a saved web page is recognised by its markup and the rest by the extension; text
 * under any other extension (.json, .xml, .js, none) is refused rather than guessed. A file on
 * disk is judged by its first MiB of text; its reader reads all of it.
 */
export function uploadKind(file: Uint8Array | ByteSource, fileName: string): UploadKind | undefined {
  const detected = detectFileType(file);
  if (detected === 'pdf' || detected === 'doc' || detected === 'docx' || detected === 'xlsx') return detected;
  if (detected === 'zip') return undefined;
  const text = decodeText(file instanceof Uint8Array ? file : file.text);
  if (text === undefined) return undefined;
  const byName = TEXT_KINDS[extensionOf(fileName)];
  if (byName && looksLikeHtml(text)) return 'html';
  return byName;
}
