/**
 * What an uploaded Office package (a ZIP) may unpack to, checked before any parser sees it: a
 * 216 KB .docx can hold 76 MB of empty paragraphs, and a parser that builds a tree of them needs
 * gigabytes. Sizes are counted while inflating, never taken from the archive's own directory,
 * which a hostile file fills in as it likes.
 */
import { megabytes, streamEntry, zipEntries, readEntry, type ZipEntry } from './zip-entries';
import { ConnectorError } from './types';

export interface ArchiveLimits {
  /** Entries per archive, nested ones included. */
  maxEntries: number;
  /** Unpacked bytes of one entry. */
  maxEntryBytes: number;
  /** Unpacked bytes of all entries, nested archives included. */
  maxTotalBytes: number;
  /** Levels of archives: 1 is the file itself; a .docx embedding a spreadsheet has 2. */
  maxDepth: number;
}

const MB = 1024 * 1024;

/**
 * A Word package is read whole into a document tree (about 50 bytes of memory per byte of XML
 * for the worst content), so its parts stay small; real documents of hundreds of pages have a
 * document.xml of a few megabytes.
 */
export const DOCX_LIMITS: ArchiveLimits = {
  maxEntries: 5_000,
  maxEntryBytes: 32 * MB,
  maxTotalBytes: 256 * MB,
  maxDepth: 3,
};

/** A spreadsheet's sheets are read as streams that stop at the row limit, so they may be larger. */
export const XLSX_LIMITS: ArchiveLimits = {
  maxEntries: 10_000,
  maxEntryBytes: 256 * MB,
  maxTotalBytes: 512 * MB,
  maxDepth: 3,
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** Resolves when the archive keeps within the limits; else a ConnectorError says which it passed. */
export async function checkArchive(bytes: Uint8Array, limits: ArchiveLimits): Promise<void> {
  await checkLevel(bytes, limits, 1, { entries: 0, bytes: 0 });
}

async function checkLevel(
  bytes: Uint8Array,
  limits: ArchiveLimits,
  depth: number,
  seen: { entries: number; bytes: number },
): Promise<void> {
  if (depth > limits.maxDepth)
    throw new ConnectorError(
      `This file is refused: it holds archives nested more than ${limits.maxDepth} deep.`,
    );
  for (const entry of zipEntries(bytes)) {
    if (++seen.entries > limits.maxEntries)
      throw new ConnectorError(`This file is refused: it holds more than ${limits.maxEntries} parts.`);
    const room = limits.maxTotalBytes - seen.bytes;
    const size = await inflatedSize(bytes, entry, Math.min(limits.maxEntryBytes, room), limits);
    seen.bytes += size.bytes;
    // An archive inside the archive is looked into as well, within the same budget.
    if (size.isZip) await checkLevel(readEntry(bytes, entry, limits.maxEntryBytes), limits, depth + 1, seen);
  }
}

/** Inflates an entry without keeping it, stopping as soon as it passes `cap`. */
async function inflatedSize(
  bytes: Uint8Array,
  entry: ZipEntry,
  cap: number,
  limits: ArchiveLimits,
): Promise<{ bytes: number; isZip: boolean }> {
  const tooLarge = () =>
    cap < limits.maxEntryBytes
      ? new ConnectorError(
          `This file is refused: it unpacks to more than ${megabytes(limits.maxTotalBytes)} MB.`,
        )
      : new ConnectorError(
          `This file is refused: its part "${entry.name.slice(0, 80)}" unpacks to more than ${megabytes(cap)} MB.`,
        );
  if (entry.declaredSize > cap) throw tooLarge();
  const stream = streamEntry(bytes, entry);
  let total = 0;
  let head: number[] | undefined;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      head ??= [...chunk.subarray(0, 4)];
      total += chunk.length;
      if (total > cap) throw tooLarge();
    }
  } catch (error) {
    if (error instanceof ConnectorError) throw error;
    throw new ConnectorError('This file is a damaged ZIP package; it could not be read.');
  } finally {
    stream.destroy();
  }
  return { bytes: total, isZip: head?.length === 4 && head.every((b, i) => b === ZIP_MAGIC[i]) };
}
