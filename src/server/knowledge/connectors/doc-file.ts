/**
 * The doc data type's uploaded files as documents: Word files as before, spreadsheets one
 * document per sheet, and text files (plain, Markdown, saved web pages) as readable text.
 */
import { fileTypeRefused } from '../../../shared/admin/uploads';
import { checkArchive, DOCX_LIMITS } from './archive-guard';
import { csvDocument, xlsxDocuments } from './sheet-text';
import { decodeText, fileTitle, plainTextBody } from './text-file';
import { ConnectorError, type ExtractedDocument } from './types';
import { uploadKind } from './upload-kind';
import { extractWord } from './word';

export interface FileDocument extends ExtractedDocument {
  /** Which part of the file this is (a sheet's name), when the file gives several documents. */
  part?: string;
}

const NO_TEXT = 'This file has no text to index.';
/** Saved pages have no address of their own; links are resolved against this and not used. */
const NO_ADDRESS = 'https://uploaded-file.invalid/';

export async function extractDocFile(bytes: Uint8Array, fileName: string): Promise<FileDocument[]> {
  const kind = uploadKind(bytes, fileName);
  const title = fileTitle(fileName);
  switch (kind) {
    case 'doc':
      return [await extractWord(bytes)];
    case 'docx':
      // What the package unpacks to is checked before mammoth builds a tree of it.
      await checkArchive(bytes, DOCX_LIMITS);
      return [await extractWord(bytes)];
    case 'pdf':
      // The server queues PDFs as pdf items; one queued as doc before that still gets read.
      // Readers load when a file needs them, so a worker thread reading Word files stays small.
      return [await (await import('./pdf')).extractPdf(bytes)];
    case 'xlsx':
      return (await xlsxDocuments(bytes, title)).map((d) => ({
        title: d.title,
        body: d.body,
        part: d.sheet,
      }));
    case 'csv': {
      const sheet = csvDocument(textOf(bytes), title);
      return [{ title: sheet.title, body: sheet.body }];
    }
    case 'txt':
      return [withText({ title, body: plainTextBody(textOf(bytes)) })];
    case 'md': {
      const { markdownToText } = await import('./markdown');
      const markdown = markdownToText(textOf(bytes));
      return [withText({ title: markdown.title || title, body: markdown.body })];
    }
    case 'html': {
      const { extractMainText } = await import('./web-extract');
      const page = extractMainText(textOf(bytes), NO_ADDRESS);
      return [withText({ title: page.title || title, body: page.body })];
    }
    case undefined:
      throw new ConnectorError(fileTypeRefused(fileName));
  }
}

function textOf(bytes: Uint8Array): string {
  const text = decodeText(bytes);
  if (text === undefined) throw new ConnectorError(NO_TEXT);
  return text;
}

function withText(document: FileDocument): FileDocument {
  if (!/[\p{L}\p{N}]/u.test(document.body)) throw new ConnectorError(NO_TEXT);
  return { ...document, body: unpaged(document.body) };
}

/** A form feed marks a page break in a body (types.ts); these formats have no pages. */
function unpaged(body: string): string {
  return body.replace(/[\f\v]+/g, '\n');
}
