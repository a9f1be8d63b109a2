/**
 * What an uploaded file is, judged by its bytes rather than its name (DECISIONS §5: "types checked
 * by content, not only by name").
 *
 * - `pdf`: starts with `%PDF-` (within the first 1024 bytes, as readers allow).
 * - `doc`: an OLE compound file whose root storage holds a `WordDocument` stream (Word 97–2003).
 *   Other OLE files (old .xls, .ppt, password-protected Office files) are `unknown`.
 * - `docx` / `xlsx`: a ZIP package holding `word/document.xml` / `xl/workbook.xml`; any other ZIP is `zip`.
 * - `csv`: valid UTF-8 text without NUL bytes (any plain text file qualifies).
 *
 * Judged from bytes in memory (a reader thread's whole file) or from a file on disk read a window
 * at a time (files/file-sniff.ts), through the same {@link ByteSource}.
 */
export type DetectedFileType = 'pdf' | 'docx' | 'doc' | 'xlsx' | 'zip' | 'csv' | 'unknown';

/** The upload data types whose files are checked here. */
export type DocumentDataType = 'pdf' | 'doc';

/** A file's bytes, read at positions: all in memory, or on disk a window at a time. */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `at` (fewer at the end). */
  read(at: number, length: number): Uint8Array;
  /** The bytes text is judged by: all of them in memory, the first of a file on disk. */
  readonly text: Uint8Array;
}

export function bufferSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: (at, length) => bytes.subarray(at, at + length), text: bytes };
}

const sourceOf = (input: Uint8Array | ByteSource): ByteSource =>
  input instanceof Uint8Array ? bufferSource(input) : input;

export function detectFileType(input: Uint8Array | ByteSource): DetectedFileType {
  const source = sourceOf(input);
  if (source.size === 0) return 'unknown';
  const head = source.read(0, 1024 + PDF_MAGIC.length);
  if (isPdf(head)) return 'pdf';
  if (startsWith(head, OLE_MAGIC)) {
    return oleRootNames(source).includes('WordDocument') ? 'doc' : 'unknown';
  }
  if (startsWith(head, ZIP_LOCAL) || startsWith(head, ZIP_EMPTY)) return zipKind(source);
  if (isUtf8Text(source)) return 'csv';
  return 'unknown';
}

/** Whether a file detected as `detected` may be uploaded as `dataType`. The doc type takes .doc and .docx. */
export function acceptsFor(dataType: DocumentDataType, detected: DetectedFileType): boolean {
  if (dataType === 'pdf') return detected === 'pdf';
  return detected === 'doc' || detected === 'docx';
}

/** True for an Office file encrypted with a password (OOXML wrapped in an OLE `EncryptedPackage`). */
export function isEncryptedOffice(input: Uint8Array | ByteSource): boolean {
  const source = sourceOf(input);
  return startsWith(source.read(0, 8), OLE_MAGIC) && oleRootNames(source).includes('EncryptedPackage');
}

const PDF_MAGIC = ascii('%PDF-');
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
/** A central directory larger than this (some 20,000 entries) is read only this far. */
const CENTRAL_DIRECTORY_LIMIT = 4 * 1024 * 1024;

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  if (bytes.length < at + magic.length) return false;
  return magic.every((b, i) => bytes[at + i] === b);
}

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A little-endian number at a position of the source; a RangeError past its end, as a DataView. */
function u32(source: ByteSource, at: number): number {
  return viewOf(source.read(at, 4)).getUint32(0, true);
}

function isPdf(head: Uint8Array): boolean {
  const limit = Math.min(1024, head.length - PDF_MAGIC.length);
  for (let i = 0; i <= limit; i++) {
    if (head[i] === 0x25 && startsWith(head, PDF_MAGIC, i)) return true;
  }
  return false;
}

function isUtf8Text(source: ByteSource): boolean {
  const bytes = source.text;
  if (bytes.includes(0)) return false;
  try {
    // A sample may end inside a character: `stream` leaves that character unjudged.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: bytes.length < source.size });
    return true;
  } catch {
    return false;
  }
}

// ---- ZIP ---------------------------------------------------------------------------------------

function zipKind(source: ByteSource): DetectedFileType {
  const names = zipEntryNames(source).map((n) => n.replaceAll('\\', '/').replace(/^\//, '').toLowerCase());
  const set = new Set(names);
  const isOpc = set.has('[content_types].xml');
  if (set.has('word/document.xml') || (isOpc && names.some((n) => n.startsWith('word/')))) return 'docx';
  if (set.has('xl/workbook.xml') || (isOpc && names.some((n) => n.startsWith('xl/')))) return 'xlsx';
  return 'zip';
}

/** Entry names from the central directory, or by walking the local headers when it is missing. */
function zipEntryNames(source: ByteSource): string[] {
  const central = centralDirectoryNames(source);
  return central.length > 0 ? central : localHeaderNames(source);
}

const decoder = new TextDecoder('utf-8');

function centralDirectoryNames(source: ByteSource): string[] {
  const names: string[] = [];
  // End of central directory: 22 bytes plus a comment of at most 65535.
  const tailStart = Math.max(0, source.size - 22 - 0xffff);
  const tail = source.read(tailStart, source.size - tailStart);
  const tailView = viewOf(tail);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tailView.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return names;
  const count = tailView.getUint16(eocd + 10, true);
  const start = tailView.getUint32(eocd + 16, true);
  const directory = source.read(start, Math.min(source.size - start, CENTRAL_DIRECTORY_LIMIT));
  const view = viewOf(directory);
  let offset = 0;
  for (let i = 0; i < count && offset + 46 <= directory.length; i++) {
    if (view.getUint32(offset, true) !== 0x02014b50) break;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > directory.length) break;
    names.push(decoder.decode(directory.subarray(offset + 46, offset + 46 + nameLength)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function localHeaderNames(source: ByteSource): string[] {
  const names: string[] = [];
  let offset = 0;
  while (offset + 30 <= source.size && u32(source, offset) === 0x04034b50) {
    const header = viewOf(source.read(offset, 30));
    const flags = header.getUint16(6, true);
    const compressedSize = header.getUint32(18, true);
    const nameLength = header.getUint16(26, true);
    const extraLength = header.getUint16(28, true);
    if (offset + 30 + nameLength > source.size) break;
    names.push(decoder.decode(source.read(offset + 30, nameLength)));
    // With a trailing data descriptor the size is not known here: stop walking.
    if (flags & 0x08 && compressedSize === 0) break;
    offset += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
}
// ---- OLE compound file (MS-CFB) ----------------------------------------------------------------

const END_OF_CHAIN = 0xfffffffe;
const NO_STREAM = 0xffffffff;

/**
 * Names of the entries directly inside the root storage. Parses the header, the FAT and the
 * directory red-black tree; a file too damaged for that falls back to scanning for
 * directory-entry-shaped records (so a truncated Word file is still recognised).
 */
function oleRootNames(source: ByteSource): string[] {
  try {
    return parseOleRootNames(source);
  } catch {
    return scanOleNames(source);
  }
}

function parseOleRootNames(source: ByteSource): string[] {
  const header = source.read(0, 512);
  if (header.length < 512) throw new Error('truncated header');
  const view = viewOf(header);
  const sectorShift = view.getUint16(0x1e, true);
  if (sectorShift !== 9 && sectorShift !== 12) throw new Error('bad sector size');
  const sectorSize = 1 << sectorShift;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const perSector = sectorSize / 4;

  // The FAT's own sectors: 109 listed in the header, the rest in the DIFAT chain.
  const fatSectorCount = view.getUint32(0x2c, true);
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < fatSectorCount; i++) {
    fatSectors.push(view.getUint32(0x4c + i * 4, true));
  }
  let difat = view.getUint32(0x44, true);
  for (
    let guard = 0;
    difat !== END_OF_CHAIN && difat !== NO_STREAM && fatSectors.length < fatSectorCount;
    guard++
  ) {
    if (guard > 10_000) throw new Error('DIFAT loop');
    const base = sectorOffset(difat);
    for (let i = 0; i < perSector - 1 && fatSectors.length < fatSectorCount; i++) {
      fatSectors.push(u32(source, base + i * 4));
    }
    difat = u32(source, base + (perSector - 1) * 4);
  }
  const next = (sector: number): number => {
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    if (fatSector === undefined) throw new Error('sector outside the FAT');
    return u32(source, sectorOffset(fatSector) + (sector % perSector) * 4);
  };

  // The directory stream: 128-byte entries in a chain of sectors.
  const entries: { name: string; left: number; right: number; child: number }[] = [];
  const seen = new Set<number>();
  for (let sector = view.getUint32(0x30, true); sector !== END_OF_CHAIN; sector = next(sector)) {
    if (seen.has(sector) || seen.size > 100_000) throw new Error('directory loop');
    seen.add(sector);
    const directory = source.read(sectorOffset(sector), sectorSize);
    if (directory.length < sectorSize) throw new Error('truncated directory');
    const entry = viewOf(directory);
    for (let e = 0; e < sectorSize; e += 128) {
      const nameLength = Math.min(entry.getUint16(e + 64, true), 64);
      const name = nameLength >= 2 ? utf16le(directory.subarray(e, e + nameLength - 2)) : '';
      entries.push({
        name,
        left: entry.getUint32(e + 68, true),
        right: entry.getUint32(e + 72, true),
        child: entry.getUint32(e + 76, true),
      });
    }
  }
  const root = entries[0];
  if (!root) throw new Error('no root entry');

  // The root's children form one tree linked by left and right siblings.
  const names: string[] = [];
  const visited = new Set<number>();
  const stack = [root.child];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === NO_STREAM || visited.has(id)) continue;
    visited.add(id);
    const entry = entries[id];
    if (!entry) continue;
    names.push(entry.name);
    stack.push(entry.left, entry.right);
  }
  return names;
}

/** Directory-shaped records anywhere in the file, read a window of whole records at a time. */
function scanOleNames(source: ByteSource): string[] {
  const names: string[] = [];
  const window = 8192 * 128;
  for (let start = 512; start + 128 <= source.size; start += window) {
    const bytes = source.read(start, window);
    const view = viewOf(bytes);
    for (let e = 0; e + 128 <= bytes.length; e += 128) {
      const nameLength = view.getUint16(e + 64, true);
      const type = bytes[e + 66];
      if (nameLength < 4 || nameLength > 64 || nameLength % 2 !== 0) continue;
      if (type !== 1 && type !== 2 && type !== 5) continue;
      if (view.getUint16(e + nameLength - 2, true) !== 0) continue;
      names.push(utf16le(bytes.subarray(e, e + nameLength - 2)));
    }
  }
  return names;
}

function utf16le(bytes: Uint8Array): string {
  return new TextDecoder('utf-16le').decode(bytes);
}
