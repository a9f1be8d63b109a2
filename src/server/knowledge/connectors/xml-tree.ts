/**
 * Reading an XML file into a tree of elements, safely. XML can declare entities that expand
 * exponentially ("billion laughs") or read local files and URLs (external entities, XXE). A
 * document whose DOCTYPE declares any entity is refused before it reaches the parser, and the
 * parser runs with entity processing off, so no entity is ever expanded or resolved; only the five
 * predefined entities and character references are decoded, by this module, without recursion.
 * Input size is capped.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ConnectorError } from './types';
import { decodeXmlEntities } from './xml-entities';

/** Largest XML accepted, in bytes. */
export const XML_MAX_BYTES = 50 * 1024 * 1024;

/** The root element of an XML file, its encoding found from its bytes; refused when unsafe or malformed. */
export function readXmlTree(xml: string | Uint8Array): XmlElement {
  const text = decodeInput(xml);
  refuseEntityDeclarations(text);
  return parseXml(text);
}

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
export interface XmlElement {
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

export function localName(name: string): string {
  const colon = name.lastIndexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

export function childText(element: XmlElement, name: string): string {
  return child(element, name)?.text.trim() ?? '';
}
