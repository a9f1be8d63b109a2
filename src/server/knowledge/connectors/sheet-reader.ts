/**
 * Reads spreadsheets as rows of text cells: XLSX as a stream of its sheets, CSV through csv-parse. Bulk
 * upload (one sheet of Add Data rows) and doc uploads (every sheet as a document) both use it;
 * each caller checks first that the bytes are what it expects and words its own refusals.
 */
import { CsvError, parse as parseCsv } from 'csv-parse/sync';
import { ConnectorError } from './types';
import { readXlsxStream } from './xlsx-stream';

export interface SheetRow {
  /** The row's number in the sheet (1-based, blank rows counted). */
  row: number;
  cells: string[];
  /** Hyperlink targets of cells whose shown text differs (XLSX only), by column index. */
  links?: Map<number, string>;
}

export interface Sheet {
  name: string;
  /** Non-blank rows, in order. */
  rows: SheetRow[];
}

export interface Workbook {
  /** The workbook's Title property, when its author set one. */
  title: string;
  /** Visible sheets, in order; hidden ones usually hold lookup lists, not content. */
  sheets: Sheet[];
}

/**
 * Reads an XLSX file as a stream (xlsx-stream.ts): `maxRows` caps the non-blank rows read per
 * sheet, and reading stops there, however long the sheet.
 */
export async function readXlsx(
  bytes: Uint8Array,
  options: { maxRows: number; firstSheetOnly?: boolean },
): Promise<Workbook> {
  return readXlsxStream(bytes, options);
}

/**
 * Rows of CSV text (already decoded, without a byte-order mark). Quoted cells may hold line
 * breaks and delimiters. `maxRows` caps the non-blank rows returned.
 */
export function readCsvText(text: string, options: { maxRows: number; maxRecordBytes?: number }): SheetRow[] {
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: false,
      // Enough records for the rows asked for, with room for blank lines.
      to: options.maxRows * 4,
      max_record_size: options.maxRecordBytes ?? 64 * 1024,
    });
  } catch (error) {
    if (error instanceof CsvError)
      throw new ConnectorError(`This CSV file could not be read: ${shortReason(error)}.`);
    throw error;
  }
  const rows: SheetRow[] = [];
  for (const [index, cells] of records.entries()) {
    if (cells.every((c) => c.trim() === '')) continue;
    rows.push({ row: index + 1, cells });
    if (rows.length >= options.maxRows) break;
  }
  return rows;
}

/** Comma, semicolon (Excel in many European locales) or tab: whichever the header line uses most. */
function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ',';
}

export function shortReason(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  const clipped = message.length > 160 ? `${message.slice(0, 157)}...` : message;
  return clipped.replace(/\.$/, '') || 'unknown error';
}
