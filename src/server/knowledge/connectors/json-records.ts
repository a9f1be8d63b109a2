/**
 * JSON database exports (xml_db): an array of records, or an object holding one (`{ "products":
 * [...] }`, or a level deeper, `{ "data": { "items": [...] } }`). Each record becomes a document:
 * its title from the first name- or title-like text field, its body the other fields as
 * "key: value" lines (nested objects by dotted keys, HTML reduced to text), its address from a
 * url-like field.
 */
import { ConnectorError, type ExtractedDocument } from './types';
import { htmlToText } from './html-text';
import { XML_MAX_BYTES, XML_MAX_RECORDS } from './xml';

const TITLE_MAX = 200;
/** Nesting followed inside one record; deeper values are left out. */
const MAX_DEPTH = 8;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface Field {
  /** Keys from the record down to the value. */
  path: string[];
  value: string;
}

export function extractJsonRecords(input: string | Uint8Array): ExtractedDocument[] {
  const text = typeof input === 'string' ? input : decode(input);
  let root: Json;
  try {
    root = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as Json;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConnectorError(`This JSON file could not be read: ${reason.replace(/\.$/, '')}.`);
  }
  const records = findRecords(root);
  if (!records) {
    throw new ConnectorError(
      'This JSON file holds no list of records: it must be an array of objects, or an object holding one.',
    );
  }
  if (records.length > XML_MAX_RECORDS) {
    throw new ConnectorError(
      `This JSON file has more than ${XML_MAX_RECORDS.toLocaleString('en-US')} records; split it into smaller files.`,
    );
  }
  const documents = records.map((r, i) => recordToDocument(r, i + 1)).filter((d) => d !== undefined);
  if (documents.length === 0) throw new ConnectorError('This JSON file has no records with text to index.');
  return documents;
}

function decode(bytes: Uint8Array): string {
  if (bytes.byteLength > XML_MAX_BYTES) {
    throw new ConnectorError(
      `This file is larger than ${XML_MAX_BYTES / (1024 * 1024)} MB; split it into smaller files.`,
    );
  }
  return new TextDecoder('utf-8').decode(bytes);
}

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The records: the root array, else the longest array of objects one or two levels down (an
 * export that also holds a short list of, say, categories gives its main list).
 */
export function findRecords(root: Json): JsonObject[] | undefined {
  const objectsOf = (list: Json[]) => list.filter(isObject);
  if (Array.isArray(root)) {
    const records = objectsOf(root);
    return records.length > 0 ? records : undefined;
  }
  if (!isObject(root)) return undefined;
  let best: JsonObject[] | undefined;
  const consider = (value: Json) => {
    if (!Array.isArray(value)) return;
    const records = objectsOf(value);
    if (records.length > 0 && records.length > (best?.length ?? 0)) best = records;
  };
  for (const value of Object.values(root)) consider(value);
  if (best) return best;
  for (const value of Object.values(root)) {
    if (isObject(value)) for (const inner of Object.values(value)) consider(inner);
  }
  return best;
}

/** A record's fields in order: dotted paths for nested objects, list items under their list's key. */
export function flattenRecord(record: JsonObject): Field[] {
  const fields: Field[] = [];
  const seen = new Set<string>();
  const add = (path: string[], raw: string) => {
    const value = valueText(raw);
    if (value === '') return;
    // The same long text under a second key (a description and its English copy) is kept once.
    if (value.length > 40 && seen.has(value)) return;
    seen.add(value);
    fields.push({ path, value });
  };
  const walk = (value: Json, path: string[]) => {
    if (value === null || path.length > MAX_DEPTH) return;
    if (typeof value === 'string') add(path, value);
    else if (typeof value === 'number' || typeof value === 'boolean') add(path, String(value));
    else if (Array.isArray(value)) {
      const scalars = value.filter((v) => v !== null && typeof v !== 'object');
      if (scalars.length > 0)
        add(
          path,
          scalars
            .map((v) => valueText(String(v)))
            .filter(Boolean)
            .join(', '),
        );
      for (const item of value) if (item !== null && typeof item === 'object') walk(item, path);
    } else {
      for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key]);
    }
  };
  walk(record, []);
  return mergeRuns(fields);
}

/** A list of objects with one short field each ("needs": [{ "tid": 1 }, { "tid": 2 }]) reads as one line. */
function mergeRuns(fields: Field[]): Field[] {
  const merged: Field[] = [];
  for (const field of fields) {
    const last = merged[merged.length - 1];
    const short = (value: string) => value.length <= 80 && !value.includes('\n');
    if (
      last &&
      last.path.join('.') === field.path.join('.') &&
      short(field.value) &&
      !last.value.includes('\n')
    ) {
      merged[merged.length - 1] = { path: last.path, value: `${last.value}, ${field.value}` };
    } else {
      merged.push(field);
    }
  }
  return merged;
}

function recordToDocument(record: JsonObject, position: number): ExtractedDocument | undefined {
  const fields = flattenRecord(record);
  if (fields.length === 0) return undefined;
  const titleField = pickTitle(fields);
  const rest = fields.filter((f) => f !== titleField);
  // A form feed would read as a page break (types.ts); a record has no pages. Each field is a
  // paragraph, so that a field ("Price from (£): 659") is a sentence of its own to the chunker.
  const body = rest.map((f) => `${f.path.join('.')}: ${f.value}`.replace(/[\f\v]+/g, '\n')).join('\n\n');
  const title = titleField ? clip(titleField.value.replace(/\s+/g, ' ')) : `Record ${position}`;
  const url = pickUrl(fields);
  return { title, body: body || title, ...(url ? { url } : {}) };
}

const EXACT_TITLES = ['title', 'name'];
/** A key whose last word names the record: product_name, "Full name", productName, CommercialName. */
const SEPARATED_TITLE = /(?:^|[_\-. ])(?:title|name|label|heading|subject|headline)$/i;
const CAMEL_TITLE = /[a-z0-9](?:Title|Name|Label|Heading|Subject|Headline)$/;
const titleLike = (key: string) => SEPARATED_TITLE.test(key) || CAMEL_TITLE.test(key);

/**
 * The field that names the record: at the shallowest level that has one, a key that is exactly
 * "title" or "name", else one that ends like a name; always a short one-line text that is not
 * an address.
 */
export function pickTitle(fields: Field[]): Field | undefined {
  const usable = fields.filter(
    (f) => f.value.length <= TITLE_MAX && !f.value.includes('\n') && !httpUrl(f.value),
  );
  const depths = [...new Set(usable.map((f) => f.path.length))].sort((a, b) => a - b);
  for (const depth of depths) {
    const level = usable.filter((f) => f.path.length === depth);
    const key = (f: Field) => f.path[f.path.length - 1]!;
    const exact = EXACT_TITLES.map((t) => level.find((f) => key(f).toLowerCase() === t)).find(Boolean);
    const named = exact ?? level.find((f) => titleLike(key(f)));
    if (named) return named;
  }
  return undefined;
}

const URL_KEY = /(url|uri|link|href|permalink|website|homepage)$/i;
/** Addresses of pictures are not the record's page. */
const IMAGE_KEY = /(image|img|thumb|logo|icon|photo|picture|avatar)/i;
const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|svg|bmp|ico)(?:[?#].*)?$/i;

/**
 * The record's address: a url-like key holding an http(s) address, shallowest first. A link
 * inside a nested object that has a name of its own (a manufacturer, an author) is that
 * object's, and so is the same address under another key; they are taken only when the record
 * has no other.
 */
export function pickUrl(fields: Field[]): string | undefined {
  const named = new Set(
    fields
      .filter((f) => f.path.length > 1 && EXACT_TITLES.includes(f.path[f.path.length - 1]!.toLowerCase()))
      .map((f) => f.path.slice(0, -1).join('.')),
  );
  const candidates = fields
    .filter((f) => {
      const key = f.path[f.path.length - 1]!;
      return URL_KEY.test(key) && !f.path.some((p) => IMAGE_KEY.test(p)) && httpUrl(f.value);
    })
    .map((f) => ({ field: f, url: httpUrl(f.value)!.replace(/\/$/, '') }))
    .filter((c) => !IMAGE_FILE.test(c.url));
  const others = new Set(
    candidates.filter((c) => named.has(c.field.path.slice(0, -1).join('.'))).map((c) => c.url),
  );
  const rank = (c: (typeof candidates)[number]) => Number(others.has(c.url));
  candidates.sort((a, b) => rank(a) - rank(b) || a.field.path.length - b.field.path.length);
  return candidates[0] ? httpUrl(candidates[0].field.value) : undefined;
}

/** A value's text: HTML (tags or entities) reduced to text, other whitespace tidied, line breaks kept. */
function valueText(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') return '';
  if (/<\/?[a-zA-Z][^>]*>|&(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);/.test(trimmed)) return htmlToText(trimmed);
  return trimmed
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

function httpUrl(value: string): string | undefined {
  const trimmed = value.trim();
  if (!/^https?:\/\/\S+$/i.test(trimmed)) return undefined;
  try {
    return new URL(trimmed).href;
  } catch {
    return undefined;
  }
}

function clip(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > TITLE_MAX ? `${trimmed.slice(0, TITLE_MAX - 1).trimEnd()}…` : trimmed;
}
