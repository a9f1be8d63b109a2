/**
 * What a parse worker thread can be asked to do: each job reads an untrusted file's bytes into
 * text. They run only inside a worker (sandbox.ts), whose memory and time are limited, so a file
 * built to exhaust a parser kills that thread and not the server. Each job imports its parser
 * when first asked, so a worker that reads PDFs never loads the spreadsheet code. Files are read
 * from disk here, by path, so that their bytes are never in the server's own thread.
 */
import { readFile } from 'node:fs/promises';
import { emitter } from '../../threads/serve';

/** What a job tells while it works: units of its file read of a total (a PDF's pages). */
// A type, not an interface: an event map must be assignable to Record<string, unknown>.
export type SandboxEvents = { progress: { done: number; total: number } };

const emit = emitter<SandboxEvents>();

export const jobs = {
  /** An uploaded doc-type file (Word, spreadsheet, text, saved page): one document per sheet. */
  docFile: async (path: string, fileName: string) => {
    const { extractDocFile } = await import('../connectors/doc-file');
    return extractDocFile(await readFile(path), fileName);
  },
  /** A PDF; pages needing OCR are read only within the first `ocrBudgetMs` of the job. */
  pdf: async (path: string, ocrBudgetMs: number) => {
    const { extractPdf } = await import('../connectors/pdf');
    return extractPdf(await readFile(path), {
      ocrUntil: Date.now() + ocrBudgetMs,
      onPage: (done, total) => emit('progress', { done, total }),
    });
  },
  /** A bulk upload spreadsheet, read up to its row limit. */
  bulk: async (path: string, fileName: string) => {
    const { parseBulkFile } = await import('../bulk');
    return parseBulkFile(await readFile(path), fileName);
  },
  /** A fetched database export (XML or JSON) as records. */
  dbExport: async (bytes: Uint8Array) => {
    const { extractDbExport } = await import('../connectors/db-export');
    return extractDbExport(bytes);
  },
};

export type SandboxJobs = typeof jobs;
export type JobName = keyof SandboxJobs;
