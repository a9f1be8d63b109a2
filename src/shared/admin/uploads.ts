/**
 * Which files the single Add Data form uploads, by data type. SPEC §5 names .pdf for pdf and
 * .doc/.docx for doc; doc also takes the formats admins actually hold (spreadsheets, plain text,
 * Markdown, saved web pages, and PDFs, which the server queues as pdf items). The browser checks
 * names against this list; the server checks the bytes and uses the same sentences.
 */
export type FileDataType = 'pdf' | 'doc';

export const UPLOAD_EXTENSIONS: Record<FileDataType, readonly string[]> = {
  pdf: ['.pdf'],
  doc: ['.doc', '.docx', '.xlsx', '.csv', '.txt', '.md', '.html', '.htm', '.pdf'],
};

/** The formats, as the form's hint and the refusal sentence name them. */
export const DOC_FORMATS =
  'a PDF, a Word document (.doc, .docx), a spreadsheet (.xlsx, .csv) or a text file (.txt, .md, .html)';

/**
 * The refusal of a file the doc type cannot take, its parts as placeholders: the key of its Hindi,
 * which the form fills in with the file's name and the formats, both translated.
 */
export const FILE_TYPE_REFUSED = 'This file type is not accepted ("{{name}}"). Upload {{formats}}.';

/** As much of a file's name as a refusal quotes. */
export const quotedName = (fileName: string): string => fileName.slice(0, 100);

/** The refusal for any file the doc type cannot take, naming the file when there is one. */
export function fileTypeRefused(fileName?: string): string {
  const sentence = fileName ? FILE_TYPE_REFUSED : FILE_TYPE_REFUSED.replace(' ("{{name}}")', '');
  // One pass, so that a name holding "{{formats}}" (or "$&") stays as it was written.
  return sentence.replace(/\{\{(name|formats)\}\}/g, (_match: string, part: string) =>
    part === 'name' ? quotedName(fileName ?? '') : DOC_FORMATS,
  );
}

/** The `accept` attribute of the file input. */
export function acceptAttribute(type: FileDataType): string {
  return UPLOAD_EXTENSIONS[type].join(',');
}

/** Whether a file's name ends with an extension the data type takes (any case). */
export function hasAcceptedExtension(type: FileDataType, fileName: string): boolean {
  const name = fileName.toLowerCase();
  return UPLOAD_EXTENSIONS[type].some((ext) => name.endsWith(ext));
}

/** The file's extension with its dot, lower case; '' when it has none. */
export function extensionOf(fileName: string): string {
  const match = /\.[a-z0-9]+$/i.exec(fileName.trim());
  return match ? match[0].toLowerCase() : '';
}
