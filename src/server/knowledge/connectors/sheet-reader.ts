/**
 * Reads spreadsheets as rows of text cells: XLSX through exceljs, CSV through csv-parse. Bulk
 * upload (one sheet of Add Data rows) and doc uploads (every sheet as a document) both use it;
 * each caller checks first that the bytes are what it expects and words its own refusals.
 */
import ExcelJS from 'exceljs';
import { CsvError, parse as parseCsv } from 'csv-parse/sync';
import { ConnectorError } from './types';

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

/** Reads an XLSX file. `maxRows` caps the non-blank rows read per sheet. */
export async function readXlsx(
  bytes: Uint8Array,
  options: { maxRows: number; firstSheetOnly?: boolean },
): Promise<Workbook> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its own Buffer type (an ArrayBuffer); it reads a Node Buffer.
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch (error) {
    throw new ConnectorError(`This XLSX file could not be read: ${shortReason(error)}.`);
  }
  const visible = workbook.worksheets.filter((s) => s.state !== 'hidden' && s.state !== 'veryHidden');
  const chosen = options.firstSheetOnly ? workbook.worksheets.slice(0, 1) : visible;
  if (chosen.length === 0) throw new ConnectorError('This XLSX file has no worksheet.');
  return {
    title: (workbook.title ?? '').trim(),
    sheets: chosen.map((sheet) => ({ name: sheet.name, rows: sheetRows(sheet, options.maxRows) })),
  };
}

function sheetRows(sheet: ExcelJS.Worksheet, maxRows: number): SheetRow[] {
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rows.length >= maxRows) return;
    const cells: string[] = [];
    const links = new Map<number, string>();
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      // A merged range shows its text once, in its top-left cell; the others repeat it.
      if (cell.isMerged && cell.master !== cell) return;
      cells[column - 1] = cellText(cell.value);
      const link = hyperlinkOf(cell.value);
      if (link) links.set(column - 1, link);
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    if (cells.every((c) => c.trim() === '')) return;
    rows.push({ row: rowNumber, cells, links });
  });
  return rows;
}

/** A cell's shown text: rich text joined, hyperlinks by their text, formulas by their result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) {
    // exceljs gives rich text inside a hyperlink as an object, despite its types.
    const text = value.text as unknown;
    if (typeof text === 'string') return text;
    if (text && typeof text === 'object') return cellText(text as ExcelJS.CellValue);
    return value.hyperlink;
  }
  if ('formula' in value || 'sharedFormula' in value) {
    return value.result === undefined ? '' : cellText(value.result);
  }
  return '';
}

function hyperlinkOf(value: ExcelJS.CellValue): string | undefined {
  return value !== null && typeof value === 'object' && !(value instanceof Date) && 'hyperlink' in value
    ? value.hyperlink
    : undefined;
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
