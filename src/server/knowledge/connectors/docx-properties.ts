import { inflateRawSync } from 'node:zlib';

/** Largest core-properties part read; the real ones are a few hundred bytes. */
const MAX_PART_BYTES = 64 * 1024;

/**
 * The title in a .docx package's core properties (`docProps/core.xml`, `dc:title`), or undefined
 * when there is none or the package cannot be read. Word fills it in only when someone does, and
 * templates carry stale ones, so callers check it is meaningful before using it.
 */
export function docxMetadataTitle(bytes: Uint8Array): string | undefined {
  try {
    const part = zipEntry(bytes, 'docProps/core.xml');
    if (!part) return undefined;
    const xml = new TextDecoder('utf-8').decode(part);
    const match = /<dc:title(?:\s[^>]*)?>([^<]*)<\/dc:title>/.exec(xml);
    return match?.[1] ? decodeXmlText(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** One entry of a ZIP archive by its central directory: stored or deflated, at most 64 KB. */
function zipEntry(bytes: Uint8Array, wanted: string): Uint8Array | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  for (let i = 0; i < count && offset + 46 <= bytes.length; i++) {
    if (view.getUint32(offset, true) !== 0x02014b50) return undefined;
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const nameLength = view.getUint16(offset + 28, true);
    const skip = nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    const name = new TextDecoder('utf-8').decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    const local = view.getUint32(offset + 42, true);
    offset += 46 + skip;
    if (name.replace(/^\//, '').toLowerCase() !== wanted.toLowerCase()) continue;
    if (compressedSize > MAX_PART_BYTES || local + 30 > bytes.length) return undefined;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + compressedSize);
    if (method === 0) return data;
    if (method === 8) return inflateRawSync(data, { maxOutputLength: MAX_PART_BYTES });
    return undefined;
  }
  return undefined;
}

function decodeXmlText(text: string): string {
  return text.replace(
    /&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi,
    (all, hex?: string, dec?: string, name?: string) => {
      if (hex || dec) {
        const code = hex ? parseInt(hex, 16) : Number(dec);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name!.toLowerCase()] ?? all;
    },
  );
}
