/**
 * XLSX sheets read as they unpack, row by row, stopping at the row limit: a sheet of a million
 * rows costs the rows asked for, not a workbook held whole in memory (which took 3.5 GB).
 * Cells are read as exceljs showed them before: shared and inline strings, numbers, booleans,
 * dates by their style, formulas by their cached result, hyperlinks by their shown text.
 */
import { checkArchive, XLSX_LIMITS } from './archive-guard';
import { ConnectorError } from './types';
import {
  attributes,
  decodeXml,
  readWorkbookParts,
  relationshipTargets,
  runText,
  type WorkbookParts,
} from './xlsx-parts';
import { findEntry, readEntry, streamEntry, zipEntries, type ZipEntry } from './zip-entries';

export interface StreamedRow {
  row: number;
  cells: string[];
  links?: Map<number, string>;
}

export interface StreamedWorkbook {
  title: string;
  sheets: { name: string; rows: StreamedRow[] }[];
}

/** A row's XML longer than this is no table row but an attack (a cell holds 32,767 characters at most). */
const MAX_ROW_CHARS = 4 * 1024 * 1024;

export async function readXlsxStream(
  bytes: Uint8Array,
  options: { maxRows: number; firstSheetOnly?: boolean },
): Promise<StreamedWorkbook> {
  let entries: ZipEntry[];
  try {
    await checkArchive(bytes, XLSX_LIMITS);
    entries = zipEntries(bytes);
  } catch (error) {
    if (error instanceof ConnectorError && error.message.startsWith('This file is a damaged ZIP'))
      throw new ConnectorError('This XLSX file could not be read: its ZIP package is damaged.');
    throw error;
  }
  const parts = readWorkbookParts(bytes, entries);
  const visible = parts.sheets.filter((s) => s.state !== 'hidden' && s.state !== 'veryHidden');
  const chosen = options.firstSheetOnly ? parts.sheets.slice(0, 1) : visible;
  if (chosen.length === 0) throw new ConnectorError('This XLSX file has no worksheet.');
  const sheets = [];
  for (const sheet of chosen) {
    const entry = findEntry(entries, sheet.path);
    if (!entry)
      throw new ConnectorError(`This XLSX file could not be read: its sheet "${sheet.name}" is missing.`);
    const rows = await sheetRows(bytes, entries, entry, parts, options.maxRows);
    sheets.push({ name: sheet.name, rows });
  }
  return { title: parts.title, sheets };
}

async function sheetRows(
  bytes: Uint8Array,
  entries: ZipEntry[],
  entry: ZipEntry,
  parts: WorkbookParts,
  maxRows: number,
): Promise<StreamedRow[]> {
  const rows: StreamedRow[] = [];
  const stream = streamEntry(bytes, entry);
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let tail = '';
  let lastRow = 0;
  let done = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (done) {
        // After the rows come merges and hyperlinks; those are kept, within reason.
        if (tail.length < MAX_ROW_CHARS) tail += decoder.decode(chunk, { stream: true });
        continue;
      }
      buffer += decoder.decode(chunk, { stream: true });
      let cursor = 0;
      for (;;) {
        const start = nextRowStart(buffer, cursor);
        const end = buffer.indexOf('</sheetData>', cursor);
        if (end >= 0 && (start < 0 || end < start)) {
          done = true;
          tail = buffer.slice(end);
          break;
        }
        if (start < 0) {
          cursor = Math.max(cursor, buffer.length - 16);
          break;
        }
        const openEnd = buffer.indexOf('>', start);
        if (openEnd < 0) break;
        const selfClosing = buffer[openEnd - 1] === '/';
        const close = selfClosing ? openEnd + 1 : buffer.indexOf('</row>', openEnd);
        if (close < 0) break;
        const attrs = attributes(buffer.slice(start + 4, selfClosing ? openEnd - 1 : openEnd));
        lastRow = Number(attrs.r) > 0 ? Number(attrs.r) : lastRow + 1;
        const cells = selfClosing ? [] : rowCells(buffer.slice(openEnd + 1, close), parts);
        if (cells.some((c) => c.trim() !== '')) rows.push({ row: lastRow, cells, links: new Map() });
        cursor = selfClosing ? close : close + '</row>'.length;
        if (rows.length >= maxRows) {
          done = true;
          break;
        }
      }
      if (rows.length >= maxRows) break;
      buffer = buffer.slice(cursor);
      if (buffer.length > MAX_ROW_CHARS)
        throw new ConnectorError('This XLSX file has a row too large to read (over 4 MB of data).');
    }
  } catch (error) {
    if (error instanceof ConnectorError) throw error;
    throw new ConnectorError('This XLSX file could not be read: a sheet is damaged.');
  } finally {
    stream.destroy();
  }
  if (rows.length < maxRows) addHyperlinks(rows, tail, bytes, entries, entry);
  return rows;
}

/** The next `<row` element (not `<rowBreaks`) from `from`, or -1. */
function nextRowStart(buffer: string, from: number): number {
  let at = buffer.indexOf('<row', from);
  while (at >= 0) {
    const next = buffer[at + 4];
    if (next === undefined) return -1;
    if (next === ' ' || next === '>' || next === '/' || next === '\t' || next === '\n' || next === '\r')
      return at;
    at = buffer.indexOf('<row', at + 4);
  }
  return -1;
}

const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;

function rowCells(xml: string, parts: WorkbookParts): string[] {
  const cells: string[] = [];
  let column = 0;
  for (const m of xml.matchAll(CELL)) {
    const attrs = attributes(m[1] ?? '');
    const at = attrs.r ? columnIndex(attrs.r) : -1;
    column = at >= 0 ? at : column;
    // A styled cell without a value is no cell to the reader (exceljs skipped them too).
    const inner = m[2] ?? '';
    if (/<(?:v|is)\b/.test(inner)) cells[column] = cellValue(attrs, inner, parts);
    column += 1;
  }
  for (let i = 0; i < cells.length; i++) cells[i] ??= '';
  return cells;
}

function cellValue(attrs: Record<string, string>, inner: string, parts: WorkbookParts): string {
  const type = attrs.t ?? 'n';
  if (type === 'inlineStr') return runText(/<is\b[^>]*>([\s\S]*?)<\/is>/.exec(inner)?.[1] ?? '');
  const raw = /<v\b[^>]*>([\s\S]*?)<\/v>/.exec(inner)?.[1];
  if (raw === undefined) return '';
  const value = decodeXml(raw);
  switch (type) {
    case 's':
      return parts.sharedStrings[Number(value)] ?? '';
    case 'str':
      return value;
    case 'b':
      return value === '1' || value === 'true' ? 'TRUE' : 'FALSE';
    case 'e':
      return '';
    default: {
      const number = Number(value);
      if (!Number.isFinite(number)) return value;
      if (parts.dateStyles.has(Number(attrs.s ?? 0))) return excelDate(number, parts.date1904);
      return String(number);
    }
  }
}

/** A serial day number as YYYY-MM-DD, as exceljs converts it. */
function excelDate(serial: number, date1904: boolean): string {
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().slice(0, 10);
}

/** "AB12" → 27 (0-based column). */
function columnIndex(ref: string): number {
  const letters = /^([A-Z]+)\d*$/i.exec(ref)?.[1];
  if (!letters) return -1;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** Hyperlink targets of cells, from the `<hyperlinks>` after the rows and the sheet's relationships. */
function addHyperlinks(
  rows: StreamedRow[],
  tail: string,
  bytes: Uint8Array,
  entries: ZipEntry[],
  sheet: ZipEntry,
) {
  const links = [...tail.matchAll(/<(?:\w+:)?hyperlink\b([^>]*)>/g)].map((m) => attributes(m[1] ?? ''));
  if (links.length === 0) return;
  const folder = sheet.name.slice(0, sheet.name.lastIndexOf('/') + 1);
  const relsEntry = findEntry(entries, `${folder}_rels/${sheet.name.slice(folder.length)}.rels`);
  const rels = relsEntry
    ? relationshipTargets(new TextDecoder().decode(readEntry(bytes, relsEntry, 16 * 1024 * 1024)), folder)
    : new Map<string, string>();
  const byRow = new Map(rows.map((r) => [r.row, r]));
  for (const link of links) {
    const id = Object.entries(link).find(([k]) => k === 'r:id' || k.endsWith(':id'))?.[1];
    const target = id ? rels.get(id) : link.location ? `#${link.location}` : undefined;
    const ref = /^([A-Z]+)(\d+)/i.exec(link.ref ?? '');
    if (!target || !ref) continue;
    const row = byRow.get(Number(ref[2]));
    const column = columnIndex(ref[1]!);
    if (row && column >= 0 && row.cells[column]) row.links?.set(column, target);
  }
}
