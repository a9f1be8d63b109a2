/**
 * Bulk upload (SPEC §2 Add Data, §7 bulk_upload_file and get_template; DECISIONS §5): a
 * spreadsheet whose rows are Add Data items. It is the XLSX template from GET /admin/get_template
 * or a CSV with the same columns. The type is decided by the file's content, not its name.
 */
import ExcelJS from 'exceljs';
import {
  DEPTH_MAX,
  DEPTH_MIN,
  depthFor,
  isDepth,
  needsFiles,
  webAddress,
} from '../../shared/admin/add-data-rules';
import { readCsvText, readXlsx as readWorkbook, type SheetRow } from './connectors/sheet-reader';
import { ConnectorError } from './connectors/types';

/** The template's columns, in order: the Add Data fields a row can carry. */
export const BULK_COLUMNS = ['data_type', 'source', 'project', 'location', 'url', 'depth'] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
/** depth may be left out of a file (it defaults to 0); the others must be there. */
export const BULK_REQUIRED_COLUMNS: readonly BulkColumn[] = [
  'data_type',
  'source',
  'project',
  'location',
  'url',
];

/** Data types a row can carry. pdf and doc need uploaded files, which a spreadsheet cannot hold. */
export const BULK_DATA_TYPES = ['web', 'yt_video', 'yt_channel', 'xml_db'] as const;
export type BulkDataType = (typeof BULK_DATA_TYPES)[number];

export const BULK_MAX_ROWS = 5_000;
export const BULK_MAX_BYTES = 20 * 1024 * 1024;
export const TEMPLATE_SHEET = 'Data';
export const TEMPLATE_HELP_SHEET = 'How to fill';

export interface BulkRow {
  /** The row's number in the spreadsheet, counting the header as row 1. */
  row: number;
  data_type: BulkDataType;
  /** The source's name or id, as written. */
  source: string;
  project: string;
  location: string;
  url: string;
  /** Link depth to follow (web only); 0 for other types. */
  depth: number;
}

export interface BulkRefusal {
  row: number;
  reason: string;
}

export interface BulkParseResult {
  rows: BulkRow[];
  refused: BulkRefusal[];
}

/**
 * Non-blank rows a reader returns at most: the header, the allowed rows and one more, which tells
 * that there are too many (checked after the header, so a foreign file is named as such first).
 */
const ROWS_TO_READ = BULK_MAX_ROWS + 2;

export async function parseBulkFile(bytes: Uint8Array, fileName: string): Promise<BulkParseResult> {
  if (bytes.byteLength === 0) throw new ConnectorError('The file is empty.');
  if (bytes.byteLength > BULK_MAX_BYTES) {
    throw new ConnectorError(
      `The file is larger than ${BULK_MAX_BYTES / (1024 * 1024)} MB; split it into smaller files.`,
    );
  }
  const raw = isZip(bytes) ? await readXlsx(bytes) : readCsv(bytes, fileName);
  return validateRows(raw);
}

// ---------------------------------------------------------------------------------------------
// Reading XLSX and CSV

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function containsAscii(bytes: Uint8Array, needle: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(needle, 0, 'latin1');
}

async function readXlsx(bytes: Uint8Array): Promise<SheetRow[]> {
  // Entry names are stored uncompressed in a ZIP, so an XLSX names its workbook part in plain text.
  if (!containsAscii(bytes, 'xl/workbook.xml')) {
    throw new ConnectorError(
      'This file is a ZIP archive but not an XLSX spreadsheet. Upload the XLSX template or a CSV file.',
    );
  }
  const workbook = await readWorkbook(bytes, { maxRows: ROWS_TO_READ, firstSheetOnly: true });
  return workbook.sheets[0]?.rows ?? [];
}

function readCsv(bytes: Uint8Array, fileName: string): SheetRow[] {
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) {
    throw new ConnectorError(
      'This is an old Office file (such as .xls), not an XLSX or CSV file. Save it as .xlsx or CSV and upload it again.',
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notSpreadsheet(fileName);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // A NUL never appears in a text file; other control characters (but tab, CR, LF) hardly ever.
  let controls = 0;
  for (let i = 0; i < Math.min(text.length, 4096); i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) controls++;
  }
  if (text.includes('\u0000') || controls > 2) throw notSpreadsheet(fileName);
  return readCsvText(text, { maxRows: ROWS_TO_READ });
}

function notSpreadsheet(fileName: string): ConnectorError {
  const shown = fileName.trim() === '' ? 'This file' : `"${fileName.slice(0, 100)}"`;
  return new ConnectorError(
    `${shown} is neither an XLSX spreadsheet nor a UTF-8 CSV file. Upload the XLSX template or a CSV file.`,
  );
}

function tooManyRows(): ConnectorError {
  return new ConnectorError(
    `The file has more than ${BULK_MAX_ROWS.toLocaleString('en-US')} rows; split it into smaller files.`,
  );
}

// ---------------------------------------------------------------------------------------------
// Header and row validation

/** "Data Type", " DATA_TYPE ", "data-type" all name data_type. */
function normaliseHeader(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function validateRows(raw: SheetRow[]): BulkParseResult {
  const header = raw[0];
  if (!header) throw new ConnectorError('The file has no rows. Fill in the template and upload it again.');

  const columns = new Map<BulkColumn, number>();
  header.cells.forEach((name, index) => {
    const key = normaliseHeader(name) as BulkColumn;
    if ((BULK_COLUMNS as readonly string[]).includes(key) && !columns.has(key)) columns.set(key, index);
  });
  const missing = BULK_REQUIRED_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length > 0) {
    throw new ConnectorError(
      `The file is missing the required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. ` +
        `Its first row must name the columns ${BULK_COLUMNS.join(', ')}; download the template to see them.`,
    );
  }
  if (raw.length - 1 > BULK_MAX_ROWS) throw tooManyRows();

  const rows: BulkRow[] = [];
  const refused: BulkRefusal[] = [];
  for (const line of raw.slice(1)) {
    const get = (column: BulkColumn): string => {
      const index = columns.get(column);
      return index === undefined ? '' : (line.cells[index] ?? '').trim();
    };
    const result = validateRow(line, get, columns.get('url'));
    if ('reason' in result) refused.push(result);
    else rows.push(result);
  }
  return { rows, refused };
}

function validateRow(
  line: SheetRow,
  get: (column: BulkColumn) => string,
  urlColumn: number | undefined,
): BulkRow | BulkRefusal {
  const problems: string[] = [];
  const refuse = (): BulkRefusal => ({ row: line.row, reason: `Row ${line.row}: ${problems.join('; ')}.` });

  const dataType = get('data_type').toLowerCase();
  if (dataType === '') {
    problems.push('data_type is required');
  } else if (needsFiles(dataType) || dataType === 'docx') {
    problems.push(`${dataType} items need uploaded files, so add them with the single Add Data form`);
    return refuse();
  } else if (!(BULK_DATA_TYPES as readonly string[]).includes(dataType)) {
    problems.push(`data_type "${clip(get('data_type'))}" is not one of ${BULK_DATA_TYPES.join(', ')}`);
  }

  const source = get('source');
  const project = get('project');
  const location = get('location');
  if (source === '') problems.push('source is required');
  if (project === '') problems.push('project is required');
  if (location === '') problems.push('location is required');

  let url = get('url');
  // A hyperlink cell whose text is a label ("ARIA guide") still carries the address.
  const link = urlColumn === undefined ? undefined : line.links?.get(urlColumn);
  if (link && !webAddress(url) && webAddress(link)) url = link;
  const parsedUrl = webAddress(url);
  if (url === '') problems.push('url is required');
  else if (!parsedUrl) problems.push('url must be a web address starting with http:// or https://');
  else if ((dataType === 'yt_video' || dataType === 'yt_channel') && !isYouTube(parsedUrl)) {
    problems.push(`url must be a YouTube address for ${dataType}`);
  }

  const depthText = get('depth');
  let depth = 0;
  if (depthText !== '') {
    const match = /^\+?(\d+)(\.0*)?$/.exec(depthText);
    const value = match ? Number(match[1]) : NaN;
    if (!isDepth(value)) {
      problems.push(`depth must be a whole number from ${DEPTH_MIN} to ${DEPTH_MAX}`);
    } else {
      depth = value;
    }
  }

  if (problems.length > 0) return refuse();
  return {
    row: line.row,
    data_type: dataType as BulkDataType,
    source,
    project,
    location,
    url: parsedUrl!.href,
    depth: depthFor(dataType, depth),
  };
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

const YOUTUBE_HOSTS = ['youtube.com', 'youtu.be', 'youtube-nocookie.com'];

function isYouTube(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return YOUTUBE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

// ---------------------------------------------------------------------------------------------
// The template (GET /admin/get_template)

const COLUMN_HELP: Record<BulkColumn, string> = {
  data_type: `What the row points to: ${BULK_DATA_TYPES.join(', ')} (web page, YouTube video, YouTube channel, XML export); PDF and Word files need the single Add Data form.`,
  source: 'The name (or id) of an existing data source; the item is tagged to it.',
  project: 'The project the item belongs to, one you are admin for (for example dish).',
  location: 'The country the information is about or comes from (for example India).',
  url: 'The full web address, starting with https://; a YouTube address for yt_video and yt_channel.',
  depth: `For web only: how many levels of links on the same site to follow, a whole number from ${DEPTH_MIN} to ${DEPTH_MAX} (empty means 0).`,
};

const COLUMN_WIDTHS: Record<BulkColumn, number> = {
  data_type: 14,
  source: 24,
  project: 14,
  location: 16,
  url: 48,
  depth: 8,
};

/** Rows of the Data sheet that get the data_type list and the depth check. */
const VALIDATED_ROWS = BULK_MAX_ROWS + 1;

export async function buildTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'DISH';

  const sheet = workbook.addWorksheet(TEMPLATE_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = BULK_COLUMNS.map((column) => ({
    header: column,
    key: column,
    width: COLUMN_WIDTHS[column],
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow({
    data_type: 'web',
    source: 'Example source',
    project: 'dish',
    location: 'India',
    url: 'https://www.w3.org/WAI/ARIA/apg/',
    depth: 1,
  });

  // exceljs supports range validations (one <dataValidation sqref="A2:A5001">) but leaves them
  // out of its types.
  const validations = (
    sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }
  ).dataValidations;
  validations.add(`A2:A${VALIDATED_ROWS}`, {
    type: 'list',
    allowBlank: true,
    formulae: [`"${BULK_DATA_TYPES.join(',')}"`],
    showErrorMessage: true,
    errorStyle: 'error',
    errorTitle: 'data_type',
    error: `Choose one of ${BULK_DATA_TYPES.join(', ')}.`,
  });
  validations.add(`F2:F${VALIDATED_ROWS}`, {
    type: 'whole',
    operator: 'between',
    allowBlank: true,
    formulae: [DEPTH_MIN, DEPTH_MAX],
    showErrorMessage: true,
    errorStyle: 'error',
    errorTitle: 'depth',
    error: `A whole number from ${DEPTH_MIN} to ${DEPTH_MAX}.`,
  });

  const help = workbook.addWorksheet(TEMPLATE_HELP_SHEET);
  help.columns = [
    { header: 'Column', key: 'column', width: 14 },
    { header: 'What to enter', key: 'help', width: 110 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of BULK_COLUMNS) help.addRow({ column, help: COLUMN_HELP[column] });
  help.addRow({});
  help.addRow({
    column: 'Notes',
    help: `Fill one row per item on the ${TEMPLATE_SHEET} sheet, keep the first row as it is, and upload at most ${BULK_MAX_ROWS.toLocaleString('en-US')} rows; blank rows are skipped. A CSV file with the same columns works too.`,
  });
  help.getColumn('help').alignment = { wrapText: true, vertical: 'top' };

  const written = await workbook.xlsx.writeBuffer();
  return Buffer.from(written);
}
