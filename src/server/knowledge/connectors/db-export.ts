/**
 * xml_db exports, XML or JSON, told apart by their first character rather than the address or
 * the Content-Type a server sends (exports are often served as text/plain or octet-stream).
 */
import { extractJsonRecords } from './json-records';
import type { ExtractedDocument } from './types';
import { extractXmlRecords } from './xml';

export function extractDbExport(bytes: Uint8Array): ExtractedDocument[] {
  return isJson(bytes) ? extractJsonRecords(bytes) : extractXmlRecords(bytes);
}

/** JSON starts with { or [ (after a UTF-8 byte-order mark and whitespace); XML with <. */
export function isJson(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (
    i < bytes.length &&
    (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)
  )
    i++;
  return bytes[i] === 0x7b || bytes[i] === 0x5b;
}
