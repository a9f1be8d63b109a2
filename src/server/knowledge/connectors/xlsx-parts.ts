/**
 * The small parts of an XLSX package that say how to read its sheets: the sheet list, where
 * each sheet lives, which cell styles are dates, the shared strings and the title. Each is read
 * whole, under a size cap; the sheets themselves are streamed (xlsx-stream.ts).
 */
import { ConnectorError } from './types';
import { findEntry, readEntry, type ZipEntry } from './zip-entries';
import { decodeXmlEntities } from './xml-entities';

const PART_MAX_BYTES = 16 * 1024 * 1024;
/** Shared strings hold a workbook's text; past this a workbook is no longer a document to index. */
const SHARED_STRINGS_MAX_BYTES = 64 * 1024 * 1024;

export interface SheetRef {
  name: string;
  /** 'visible', 'hidden' or 'veryHidden'. */
  state: string;
  /** The sheet's part in the package, e.g. xl/worksheets/sheet1.xml. */
  path: string;
}

export interface WorkbookParts {
  sheets: SheetRef[];
  /** Dates count from 1904 instead of 1900 (old Mac workbooks). */
  date1904: boolean;
  /** Indexes of the cell styles (cellXfs) whose number format shows a date. */
  dateStyles: Set<number>;
  sharedStrings: string[];
  title: string;
}

export function readWorkbookParts(bytes: Uint8Array, entries: ZipEntry[]): WorkbookParts {
  const part = (name: string, max = PART_MAX_BYTES) => {
    const entry = findEntry(entries, name);
    return entry ? new TextDecoder('utf-8').decode(readEntry(bytes, entry, max)) : '';
  };
  const workbook = part('xl/workbook.xml');
  if (!workbook) throw new ConnectorError('This XLSX file could not be read: it has no workbook part.');
  const targets = relationshipTargets(part('xl/_rels/workbook.xml.rels'), 'xl/');
  const sheets = [...workbook.matchAll(/<(?:\w+:)?sheet\b([^>]*)>/g)].map((m) => {
    const attrs = attributes(m[1] ?? '');
    const id = Object.entries(attrs).find(([k]) => k === 'r:id' || k.endsWith(':id'))?.[1] ?? '';
    return { name: attrs.name ?? '', state: attrs.state ?? 'visible', path: targets.get(id) ?? '' };
  });
  return {
    sheets,
    date1904: /<(?:\w+:)?workbookPr\b[^>]*\bdate1904="(?:1|true)"/.test(workbook),
    dateStyles: dateStyles(part('xl/styles.xml')),
    sharedStrings: sharedStrings(part('xl/sharedStrings.xml', SHARED_STRINGS_MAX_BYTES)),
    title: coreTitle(part('docProps/core.xml')),
  };
}

/** Relationship ids to package paths, resolved against the folder of the part they belong to. */
export function relationshipTargets(xml: string, folder: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const m of xml.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
    const attrs = attributes(m[1] ?? '');
    if (!attrs.Id || !attrs.Target) continue;
    if (attrs.TargetMode === 'External') targets.set(attrs.Id, attrs.Target);
    else targets.set(attrs.Id, resolvePath(folder, attrs.Target));
  }
  return targets;
}

function resolvePath(folder: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : folder + target).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

/** Built-in number formats that show dates or times (ECMA-376 §18.8.30, and the East Asian ones). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

function dateStyles(styles: string): Set<number> {
  const custom = new Map<number, string>();
  for (const m of styles.matchAll(/<(?:\w+:)?numFmt\b([^>]*)>/g)) {
    const attrs = attributes(m[1] ?? '');
    custom.set(Number(attrs.numFmtId), decodeXml(attrs.formatCode ?? ''));
  }
  const isDate = (id: number) => {
    const code = custom.get(id);
    // As exceljs decides: a date letter outside quoted text and [colour]/[condition] brackets.
    if (code !== undefined) return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
    return DATE_FORMAT_IDS.has(id);
  };
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(styles)?.[1] ?? '';
  const dates = new Set<number>();
  [...xfs.matchAll(/<(?:\w+:)?xf\b([^>]*)>/g)].forEach((m, index) => {
    if (isDate(Number(attributes(m[1] ?? '').numFmtId ?? 0))) dates.add(index);
  });
  return dates;
}

function sharedStrings(xml: string): string[] {
  return [...xml.matchAll(/<(?:\w+:)?si\b[^>]*>([\s\S]*?)<\/(?:\w+:)?si>|<(?:\w+:)?si\b[^>]*\/>/g)].map((m) =>
    runText(m[1] ?? ''),
  );
}

/** The text of a string item or inline string: its runs joined, phonetic guides left out. */
export function runText(xml: string): string {
  const withoutPhonetics = xml.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, '');
  let text = '';
  for (const m of withoutPhonetics.matchAll(/<(?:\w+:)?t\b[^>]*>([\s\S]*?)<\/(?:\w+:)?t>/g))
    text += m[1] ?? '';
  return decodeXml(text);
}

function coreTitle(xml: string): string {
  const match = /<dc:title(?:\s[^>]*)?>([^<]*)<\/dc:title>/.exec(xml);
  return match?.[1] ? decodeXml(match[1]).trim() : '';
}

export function attributes(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of text.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    attrs[m[1]!] = decodeXml(m[2] ?? m[3] ?? '');
  return attrs;
}

export function decodeXml(raw: string): string {
  // An XML parser reads a literal CR LF (or lone CR) as LF; only &#13; is a CR.
  const text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  if (!text.includes('&') && !text.includes('_x')) return text;
  return (
    decodeXmlEntities(text)
      // Excel escapes characters XML cannot hold as _xHHHH_; a CR before a LF goes, as in exceljs.
      .replace(/_x000D_(?=\n)/gi, '')
      .replace(/_x([0-9a-f]{4})_/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  );
}
