/**
 * Spreadsheets as text: one document per sheet, each row a paragraph that names its cells by
 * their column headers ("Category: Structure; Name: Font and Size; How to Check: …"), so that a
 * passage cut from the middle of a sheet still says what each value is.
 */
import { readCsvText, readXlsx, type Sheet, type SheetRow } from './sheet-reader';
import { ConnectorError, type ExtractedDocument } from './types';

/** Rows read per sheet at most; a sheet longer than this is indexed up to it. */
export const SHEET_MAX_ROWS = 100_000;

export interface SheetDocument extends ExtractedDocument {
  /** The sheet's name, which tells the documents of one workbook apart. */
  sheet: string;
}

/** Every visible sheet with text of an XLSX workbook, titled "<file title> — <sheet name>". */
export async function xlsxDocuments(bytes: Uint8Array, fileTitle: string): Promise<SheetDocument[]> {
  const workbook = await readXlsx(bytes, { maxRows: SHEET_MAX_ROWS });
  const title = workbook.title || fileTitle;
  const documents = workbook.sheets
    .map((sheet) => ({ title: `${title} — ${sheet.name}`, body: sheetText(sheet.rows), sheet: sheet.name }))
    .filter((d) => d.body !== '');
  if (documents.length === 0) throw new ConnectorError('This spreadsheet has no text to index.');
  return documents;
}

/** A CSV file (decoded text) as one document. */
export function csvDocument(text: string, fileTitle: string): SheetDocument {
  const body = sheetText(readCsvText(text, { maxRows: SHEET_MAX_ROWS, maxRecordBytes: 1024 * 1024 }));
  if (body === '') throw new ConnectorError('This CSV file has no text to index.');
  return { title: fileTitle, body, sheet: '' };
}

/**
 * A sheet's text. The header is the first row that fills at least half as many cells as the
 * fullest row (and two or more); rows above it (a title, a note) are kept as they are. A sheet
 * of one column has no header: each row is a line of its own.
 */
export function sheetText(rows: Sheet['rows']): string {
  const filled = (row: SheetRow) => row.cells.filter((c) => c.trim() !== '').length;
  const widest = rows.reduce((most, row) => Math.max(most, filled(row)), 0);
  const headerAt = widest < 2 ? -1 : rows.findIndex((r) => filled(r) >= Math.max(2, widest / 2));
  if (headerAt < 0)
    return rows
      .map((r) => plainRow(r.cells))
      .filter(Boolean)
      .join('\n');

  const headers = rows[headerAt]!.cells.map(headerText);
  const paragraphs = rows.slice(0, headerAt).map((r) => plainRow(r.cells));
  for (const row of rows.slice(headerAt + 1)) {
    // A header repeated further down (a printed sheet's page breaks) says nothing new.
    if (row.cells.every((c, i) => headerText(c) === (headers[i] ?? '') || c.trim() === '')) continue;
    paragraphs.push(rowText(headers, row.cells));
  }
  return paragraphs.filter(Boolean).join('\n\n');
}

/**
 * One row as "Header: value; Header: value". Empty cells are left out; a cell's own line breaks
 * are kept (blank lines inside it close up, so the row stays one paragraph); a cell without a
 * header is given alone.
 */
export function rowText(headers: readonly string[], cells: readonly string[]): string {
  const parts: string[] = [];
  cells.forEach((cell, i) => {
    const value = cellLines(cell);
    if (value === '') return;
    const header = headers[i] ?? '';
    parts.push(header === '' ? value : `${header}: ${value}`);
  });
  return parts.join('; ');
}

function plainRow(cells: readonly string[]): string {
  return cells.map(cellLines).filter(Boolean).join('; ');
}

function cellLines(cell: string): string {
  return cell
    .replace(/\r\n?|[\f\v]/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** A header as a label: one line, without the colon a form-like sheet ends it with. */
function headerText(cell: string): string {
  return cell.replace(/\s+/g, ' ').trim().replace(/\s*:$/, '');
}
