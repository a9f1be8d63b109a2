/**
 * xml_db connector (DECISIONS §5): an XML export whose repeated records become items.
 *
 * Security comes first: the file is read by xml-tree.ts, which refuses entity declarations and
 * expands no entity. Input size and record count are capped.
 *
 * Records: a WordPress WXR export (rss/channel/item with wp:post_type) gives its published posts
 * and pages. Any other XML gives the elements that repeat most under one parent; each becomes an
 * item whose body lists its fields as "key: value" lines.
 */
import { collapseSpaces, htmlToText, plainText } from './html-text';
import { ConnectorError, type ExtractedDocument } from './types';
import { child, childText, localName, readXmlTree, type XmlElement } from './xml-tree';

export { XML_MAX_BYTES } from './xml-tree';

/** Most records one XML file may produce, unless the caller sets another cap. */
export const XML_MAX_RECORDS = 10_000;

const TITLE_MAX = 200;
const SHORT_TEXT_MAX = 120;

export interface ExtractXmlOptions {
  /** Refuse files with more records than this (default {@link XML_MAX_RECORDS}). */
  maxRecords?: number;
}

export function extractXmlRecords(
  xml: string | Uint8Array,
  options: ExtractXmlOptions = {},
): ExtractedDocument[] {
  const maxRecords = options.maxRecords ?? XML_MAX_RECORDS;
  const root = readXmlTree(xml);

  const wordPress = isWordPressExport(root);
  const documents = wordPress ? wordPressRecords(root, maxRecords) : genericRecords(root, maxRecords);
  if (documents.length === 0) {
    throw new ConnectorError(
      wordPress
        ? 'This WordPress export has no published posts or pages with text to index.'
        : 'This XML file has no records with text to index.',
    );
  }
  return documents;
}

// ---------------------------------------------------------------------------------------------
// WordPress WXR

function isWordPressExport(root: XmlElement): boolean {
  if (root.name !== 'rss') return false;
  const channel = child(root, 'channel');
  if (!channel) return false;
  return (
    root.attrs.some(([name, value]) => name.startsWith('xmlns:') && value.includes('wordpress.org/export')) ||
    channel.children.some((c) => c.name === 'wp:wxr_version')
  );
}

/**
 * Keeps what a visitor of the site could read: posts and pages (not attachments, menu items,
 * revisions or custom types), published (a draft, pending, private, future or trashed item is
 * not public, and an item without a status counts as published), not password-protected, and
 * with some text.
 */
function wordPressRecords(root: XmlElement, maxRecords: number): ExtractedDocument[] {
  const channel = child(root, 'channel')!;
  const documents: ExtractedDocument[] = [];
  for (const item of channel.children) {
    if (item.name !== 'item') continue;
    const type = childText(item, 'wp:post_type');
    if (type !== 'post' && type !== 'page') continue;
    const status = childText(item, 'wp:status');
    if (status !== '' && status !== 'publish') continue;
    if (childText(item, 'wp:post_password') !== '') continue;

    let body = htmlToText(child(item, 'content:encoded')?.text ?? '');
    if (body === '') body = htmlToText(child(item, 'excerpt:encoded')?.text ?? '');
    if (body === '') continue;

    const title = clip(collapseSpaces(htmlToText(childText(item, 'title')))) || firstWords(body);
    const document: ExtractedDocument = { title, body };
    const url = httpUrl(childText(item, 'link'));
    if (url) document.url = url;
    documents.push(document);
    if (documents.length > maxRecords) throw tooManyRecords(maxRecords);
  }
  return documents;
}

// ---------------------------------------------------------------------------------------------
// Generic XML

interface Candidate {
  elements: XmlElement[];
  /** Most elements of this path under one parent. */
  perParent: number;
  complex: boolean;
  depth: number;
}

/** Groups elements by their path from the root and picks the group that repeats most. */
function chooseRecords(root: XmlElement): XmlElement[] {
  const candidates = new Map<string, Candidate>();
  const stack: { element: XmlElement; path: string; depth: number }[] = [
    { element: root, path: root.name, depth: 0 },
  ];
  while (stack.length > 0) {
    const { element, path, depth } = stack.pop()!;
    const counts = new Map<string, number>();
    for (const c of element.children) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
    for (const c of element.children) {
      const childPath = `${path}/${c.name}`;
      let candidate = candidates.get(childPath);
      if (!candidate) {
        candidate = { elements: [], perParent: 0, complex: false, depth: depth + 1 };
        candidates.set(childPath, candidate);
      }
      candidate.elements.push(c);
      candidate.perParent = Math.max(candidate.perParent, counts.get(c.name) ?? 0);
      if (c.children.length > 0 || c.attrs.length > 0) candidate.complex = true;
      stack.push({ element: c, path: childPath, depth: depth + 1 });
    }
  }

  let best: Candidate | undefined;
  for (const candidate of candidates.values()) {
    if (!best || better(candidate, best)) best = candidate;
  }
  if (!best) return [root];
  if (best.complex || best.perParent >= 2) {
    // The walk above is not in document order; records keep the file's order.
    return orderOf(root, best.elements);
  }
  return [root];
}

function better(a: Candidate, b: Candidate): boolean {
  if (a.complex !== b.complex) return a.complex;
  if (a.perParent !== b.perParent) return a.perParent > b.perParent;
  if (a.elements.length !== b.elements.length) return a.elements.length > b.elements.length;
  return a.depth < b.depth;
}

/** Returns the given elements in document order. */
function orderOf(root: XmlElement, elements: XmlElement[]): XmlElement[] {
  const wanted = new Set(elements);
  const ordered: XmlElement[] = [];
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (wanted.has(element)) ordered.push(element);
    for (let i = element.children.length - 1; i >= 0; i--) stack.push(element.children[i]!);
  }
  return ordered;
}

interface Field {
  /** Path of local names below the record, e.g. ["vendor", "name"]. */
  path: string[];
  value: string;
}

function genericRecords(root: XmlElement, maxRecords: number): ExtractedDocument[] {
  const records = chooseRecords(root);
  if (records.length > maxRecords) throw tooManyRecords(maxRecords);
  const documents: ExtractedDocument[] = [];
  for (const [index, record] of records.entries()) {
    const document = recordToDocument(record, index + 1);
    if (document) documents.push(document);
  }
  return documents;
}

function recordToDocument(record: XmlElement, position: number): ExtractedDocument | undefined {
  const fields: Field[] = [];
  for (const [name, value] of record.attrs) addField(fields, [localName(name)], value);
  collectFields(record, [], fields);
  const ownText = valueText(record.text);
  if (record.children.length === 0 && ownText !== '') {
    // A leaf record: its text is the whole document.
    return { title: firstWords(ownText), body: ownText };
  }
  if (fields.length === 0) return undefined;

  const body = fields.map((f) => `${f.path.join('.')}: ${f.value}`).join('\n');
  const named = (f: Field, names: string[]) => names.includes(f.path[f.path.length - 1]!.toLowerCase());
  const byDepth = (f: Field) => f.path.length;
  const shallowFirst = fields.slice().sort((a, b) => byDepth(a) - byDepth(b));

  const titleField =
    ['title', 'name', 'label']
      .map((n) => shallowFirst.find((f) => named(f, [n])))
      .find((f) => f !== undefined) ??
    shallowFirst.find(
      (f) => f.value.length <= SHORT_TEXT_MAX && !f.value.includes('\n') && !httpUrl(f.value),
    );
  const title = titleField ? clip(collapseSpaces(titleField.value)) : `${localName(record.name)} ${position}`;

  const document: ExtractedDocument = { title, body };
  const url = shallowFirst
    .filter((f) => named(f, ['url', 'link', 'href']))
    .map((f) => httpUrl(f.value))
    .find(Boolean);
  if (url) document.url = url;
  return document;
}

function collectFields(element: XmlElement, prefix: string[], fields: Field[]): void {
  for (const c of element.children) {
    const path = [...prefix, localName(c.name)];
    if (c.children.length === 0) {
      const value = valueText(c.text);
      if (value !== '') addField(fields, path, value);
      else for (const [name, v] of c.attrs) addField(fields, [...path, localName(name)], v);
    } else {
      for (const [name, v] of c.attrs) addField(fields, [...path, localName(name)], v);
      collectFields(c, path, fields);
    }
  }
}

function addField(fields: Field[], path: string[], raw: string): void {
  if (path.some((p) => p === 'xmlns') || path[path.length - 1]!.startsWith('xmlns')) return;
  const value = valueText(raw);
  if (value !== '') fields.push({ path, value });
}

/** A field's text: HTML inside it becomes plain text; whitespace is tidied. */
function valueText(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') return '';
  return /<\/?[a-zA-Z][^>]*>/.test(trimmed) ? htmlToText(trimmed) : plainText(trimmed);
}

function tooManyRecords(max: number): ConnectorError {
  return new ConnectorError(
    `This XML file has more than ${max.toLocaleString('en-US')} records; split it into smaller files.`,
  );
}

// ---------------------------------------------------------------------------------------------
// Text helpers

function clip(text: string, max = TITLE_MAX): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function firstWords(body: string): string {
  const firstLine = body.split('\n').find((l) => l.trim() !== '') ?? '';
  return clip(collapseSpaces(firstLine), 80);
}

function httpUrl(value: string): string | undefined {
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  try {
    return new URL(trimmed).href;
  } catch {
    return undefined;
  }
}
