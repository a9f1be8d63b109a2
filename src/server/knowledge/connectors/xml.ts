/**
 * xml_db connector (DECISIONS §5): an XML export whose repeated records become items.
 *
 * Security comes first. XML can declare entities that expand exponentially ("billion laughs") or
 * read local files and URLs (external entities, XXE). A document whose DOCTYPE declares any entity
 * is refused before it reaches the parser, and the parser runs with entity processing off, so no
 * entity is ever expanded or resolved; only the five predefined entities and character references
 * are decoded, by this module, without recursion. Input size and record count are capped.
 *
 * Records: a WordPress WXR export (rss/channel/item with wp:post_type) gives its published posts
 * and pages. Any other XML gives the elements that repeat most under one parent; each becomes an
 * item whose body lists its fields as "key: value" lines.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { collapseSpaces, htmlToText, plainText } from './html-text';
import { ConnectorError, type ExtractedDocument } from './types';
import { decodeXmlEntities } from './xml-entities';

/** Largest XML accepted, in bytes. */
export const XML_MAX_BYTES = 50 * 1024 * 1024;
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
  const text = decodeInput(xml);
  refuseEntityDeclarations(text);
  const root = parseXml(text);

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
// Input, security checks and parsing

function decodeInput(xml: string | Uint8Array): string {
  if (typeof xml === 'string') {
    if (xml.length > XML_MAX_BYTES || Buffer.byteLength(xml, 'utf8') > XML_MAX_BYTES) throw tooLarge();
    return xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  }
  if (xml.byteLength > XML_MAX_BYTES) throw tooLarge();
  // Byte-order marks decide; otherwise the encoding named in the XML declaration, else UTF-8.
  if (xml[0] === 0xef && xml[1] === 0xbb && xml[2] === 0xbf)
    return new TextDecoder('utf-8').decode(xml.subarray(3));
  if (xml[0] === 0xff && xml[1] === 0xfe) return new TextDecoder('utf-16le').decode(xml.subarray(2));
  if (xml[0] === 0xfe && xml[1] === 0xff) return new TextDecoder('utf-16be').decode(xml.subarray(2));
  const head = new TextDecoder('latin1').decode(xml.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(declared ?? 'utf-8');
  } catch {
    throw new ConnectorError(
      `This XML file uses the character encoding "${declared}", which is not supported.`,
    );
  }
  return decoder.decode(xml);
}

function tooLarge(): ConnectorError {
  return new ConnectorError(
    `This XML file is larger than ${XML_MAX_BYTES / (1024 * 1024)} MB; split it into smaller files.`,
  );
}

/**
 * Entities can only be declared inside a DOCTYPE. Refusing every document that has a DOCTYPE and
 * the text `<!ENTITY` anywhere is deliberately broad (it also catches declarations hidden behind
 * comments or odd quoting); a legitimate export almost never has either.
 */
function refuseEntityDeclarations(text: string): void {
  if (/<!DOCTYPE/i.test(text) && /<!ENTITY/i.test(text)) {
    throw new ConnectorError(
      'This XML file declares entities, which are not allowed (they can be used to attack the server).',
    );
  }
}

/** One element of the parsed document. */
interface XmlElement {
  name: string;
  attrs: [string, string][];
  children: XmlElement[];
  /** The element's own text (text and CDATA directly inside it), decoded, untrimmed. */
  text: string;
}

type OrderedEntry = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // No entity is expanded: DOCTYPE entities (already refused) and HTML entities stay as written.
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
});

function parseXml(text: string): XmlElement {
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) {
    const { msg, line } = verdict.err;
    throw new ConnectorError(`This file is not well-formed XML: ${shortReason(msg)} (line ${line}).`);
  }
  let entries: unknown;
  try {
    entries = parser.parse(text);
  } catch (error) {
    if (error instanceof RangeError)
      throw new ConnectorError('This XML file is nested too deeply to be read.');
    throw new ConnectorError(`This file is not well-formed XML: ${shortReason(errorMessage(error))}.`);
  }
  let elements: XmlElement[];
  try {
    elements = Array.isArray(entries) ? toElements(entries as OrderedEntry[]).elements : [];
  } catch (error) {
    if (error instanceof RangeError)
      throw new ConnectorError('This XML file is nested too deeply to be read.');
    throw error;
  }
  if (elements.length === 0)
    throw new ConnectorError('This file is not well-formed XML: it has no root element.');
  if (elements.length > 1) {
    throw new ConnectorError('This file is not well-formed XML: it has more than one root element.');
  }
  return elements[0]!;
}

function shortReason(message: string): string {
  const oneLine = message.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  return oneLine.length > 160 ? `${oneLine.slice(0, 157)}...` : oneLine || 'unknown error';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Converts fast-xml-parser's ordered output into plain elements. */
function toElements(entries: OrderedEntry[]): { elements: XmlElement[]; text: string } {
  const elements: XmlElement[] = [];
  let text = '';
  for (const entry of entries) {
    for (const key of Object.keys(entry)) {
      if (key === ':@') continue;
      const value = entry[key];
      if (key === '#text') {
        text += decodeXmlEntities(String(value));
      } else if (key === '#cdata') {
        // CDATA is literal: no decoding.
        if (Array.isArray(value)) {
          for (const part of value as OrderedEntry[]) {
            const cdata = part['#text'];
            if (typeof cdata === 'string') text += cdata;
          }
        }
      } else if (!key.startsWith('?') && !key.startsWith('#') && Array.isArray(value)) {
        const inner = toElements(value as OrderedEntry[]);
        const rawAttrs = entry[':@'];
        const attrs: [string, string][] =
          rawAttrs && typeof rawAttrs === 'object'
            ? Object.entries(rawAttrs as Record<string, unknown>).map(([name, v]) => [
                name,
                decodeXmlEntities(String(v)),
              ])
            : [];
        elements.push({ name: key, attrs, children: inner.elements, text: inner.text });
      }
    }
  }
  return { elements, text };
}

function localName(name: string): string {
  const colon = name.lastIndexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

function childText(element: XmlElement, name: string): string {
  return child(element, name)?.text.trim() ?? '';
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
