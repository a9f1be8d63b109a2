import { detectFileType, type ByteSource } from '../connectors/file-type';

const TEXT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  md: 'text/markdown',
  markdown: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
};

/**
 * The Content-Type an uploaded file is served with: binary formats by their bytes (a Word file
 * named .pdf is still a Word file), text by its extension (text has no signature), UTF-8.
 */
export function mediaTypeOf(file: Uint8Array | ByteSource, name: string): string {
  switch (detectFileType(file)) {
    case 'pdf':
      return 'application/pdf';
    case 'doc':
      return 'application/msword';
    case 'docx':
      return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    case 'xlsx':
      return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    case 'zip':
      return 'application/zip';
    case 'csv': {
      const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
      return `${TEXT_TYPES[extension] ?? 'text/plain'}; charset=utf-8`;
    }
    case 'unknown':
      return 'application/octet-stream';
  }
}

/**
 * `inline`, with the file's name: quoted in ASCII for old clients, and exactly (RFC 8187 `filename*`)
 * for the rest, so a save keeps names such as "Résumé.docx" or "इस बार.docx".
 */
export function inlineDisposition(name: string): string {
  const ascii = (name || 'file')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_')
    .trim();
  const encoded = encodeURIComponent(name || 'file').replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  // A name of other scripts only ("इस बार.docx") keeps its extension: "file.docx".
  const fallback = /^[^.]*[A-Za-z0-9]/.test(ascii) ? ascii : `file${ascii.startsWith('.') ? ascii : ''}`;
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Headers that keep an uploaded file from acting as a page of this site: the type is never
 * sniffed, and anything but a PDF (whose browser viewer a sandbox would block) opens sandboxed, so
 * an uploaded web page can show its text but run no script and reach no cookie.
 */
export function protectiveHeaders(mediaType: string): Record<string, string> {
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff' };
  if (mediaType !== 'application/pdf') {
    headers['content-security-policy'] =
      "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";
  }
  return headers;
}
