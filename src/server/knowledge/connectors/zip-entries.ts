/**
 * The entries of a ZIP archive (a .docx or .xlsx package) read from its central directory, with
 * their data inflated on demand: whole with a size cap, or as a stream. Office packages are plain
 * ZIPs (stored or deflated entries, no encryption), which is all this reads.
 */
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { Readable } from 'node:stream';
import { ConnectorError } from './types';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else cannot be read here. */
  method: number;
  compressedSize: number;
  /** As the archive declares it, which a hostile file may understate; readers count for themselves. */
  declaredSize: number;
  /** Where the entry's (compressed) data starts. */
  dataStart: number;
}

const DAMAGED = 'This file is a damaged ZIP package; it could not be read.';

/** Every entry of the archive, or a ConnectorError when its directory cannot be read. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ConnectorError(DAMAGED);
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder('utf-8');
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50)
      throw new ConnectorError(DAMAGED);
    const nameLength = view.getUint16(offset + 28, true);
    const local = view.getUint32(offset + 42, true);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50)
      throw new ConnectorError(DAMAGED);
    const compressedSize = view.getUint32(offset + 20, true);
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (dataStart + compressedSize > bytes.length) throw new ConnectorError(DAMAGED);
    entries.push({
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)).replace(/^\//, ''),
      method: view.getUint16(offset + 10, true),
      compressedSize,
      declaredSize: view.getUint32(offset + 24, true),
      dataStart,
    });
    offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return entries;
}

/** The entry of that name (case-insensitive, as Office reads them), if any. */
export function findEntry(entries: ZipEntry[], name: string): ZipEntry | undefined {
  const wanted = name.toLowerCase();
  return entries.find((e) => e.name.toLowerCase() === wanted);
}

/** An entry's bytes, refused when they come to more than `maxBytes` once inflated. */
export function readEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) {
    if (data.length > maxBytes) throw new EntryTooLarge(entry.name, maxBytes);
    return data;
  }
  if (entry.method !== 8) throw new ConnectorError(unsupported(entry));
  try {
    // maxOutputLength stops the inflation itself at the cap, so a bomb never unpacks in memory.
    return inflateRawSync(data, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new EntryTooLarge(entry.name, maxBytes);
    throw new ConnectorError(DAMAGED);
  }
}

/** An entry's bytes as a stream of chunks, for parts read as they unpack (a sheet's rows). */
export function streamEntry(bytes: Uint8Array, entry: ZipEntry): Readable {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset + entry.dataStart, entry.compressedSize);
  if (entry.method === 0) return Readable.from([data]);
  if (entry.method !== 8) throw new ConnectorError(unsupported(entry));
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.end(data);
  return inflate;
}

const unsupported = (entry: ZipEntry) =>
  `This file packs "${entry.name.slice(0, 80)}" in a way this server does not read (ZIP method ${entry.method}).`;

/** An entry that unpacks to more than a reader allows. */
export class EntryTooLarge extends ConnectorError {
  constructor(name: string, maxBytes: number) {
    super(
      `This file is refused: its part "${name.slice(0, 80)}" unpacks to more than ${megabytes(maxBytes)} MB.`,
    );
  }
}

export const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
