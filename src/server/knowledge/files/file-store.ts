/**
 * Uploaded files' bytes live in the database, shared by every server process, in parts of
 * PART_BYTES (uploaded_file_parts): a file is written from its upload on disk, served and copied
 * out for its reader one part at a time, so that neither the server's heap nor a statement ever
 * holds a whole file (issue 31: one 20 MB PDF in one statement grew the server by 1.2 GB).
 */
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadedFileParts, uploadedFiles } from '../../db/schema';

/** 1 MiB: the migration that made parts cut the files kept before into parts of this size too. */
export const PART_BYTES = 1024 * 1024;

export interface FileToStore {
  name: string;
  kind: 'pdf' | 'doc';
  size: number;
  sha256: string;
  mediaType: string;
  /** Where its bytes are now. */
  path: string;
}

/** Stores a file read from disk part by part; inside the caller's transaction when it passes one. */
export async function storeFile(db: Db, file: FileToStore) {
  const [row] = await db
    .insert(uploadedFiles)
    .values({
      name: file.name,
      kind: file.kind,
      size: file.size,
      sha256: file.sha256,
      mediaType: file.mediaType,
    })
    .returning({ id: uploadedFiles.id, name: uploadedFiles.name, kind: uploadedFiles.kind });
  const stored = row!;
  const handle = await open(file.path, 'r');
  try {
    for (let at = 0; at < file.size;) {
      // A buffer of its own per part: it crosses to the database's thread or driver.
      const part = Buffer.alloc(Math.min(PART_BYTES, file.size - at));
      const { bytesRead } = await handle.read(part, 0, part.length, at);
      if (bytesRead !== part.length) throw new Error(`"${file.name}" changed while it was stored.`);
      await db.insert(uploadedFileParts).values({ fileId: stored.id, firstByte: at, bytes: part });
      at += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return stored;
}

/**
 * A stored file's bytes from `range[0]` to `range[1]` (inclusive; the whole file without one),
 * one part per query and per chunk, so that a reply streams them holding one part at a time.
 */
export async function* fileBytes(
  db: Db,
  file: { id: string; size: number },
  range: [number, number] = [0, file.size - 1],
): AsyncGenerator<Buffer> {
  const [first, last] = range;
  const starts = (
    await db
      .select({ at: uploadedFileParts.firstByte })
      .from(uploadedFileParts)
      .where(eq(uploadedFileParts.fileId, file.id))
      .orderBy(asc(uploadedFileParts.firstByte))
  ).map((p) => p.at);
  for (const [i, start] of starts.entries()) {
    const end = (starts[i + 1] ?? file.size) - 1;
    if (end < first || start > last) continue;
    const from = Math.max(first, start);
    const length = Math.min(last, end) - from + 1;
    const [row] = await db
      .select({
        bytes: sql`substring(${uploadedFileParts.bytes} from ${from - start + 1} for ${length})`.mapWith(
          uploadedFileParts.bytes,
        ),
      })
      .from(uploadedFileParts)
      .where(and(eq(uploadedFileParts.fileId, file.id), eq(uploadedFileParts.firstByte, start)));
    if (!row) throw new Error('A part of this file is missing.');
    yield row.bytes;
  }
}

/** Writes a copy of a stored file to `path`, for a reader thread to read from disk. */
export async function copyFileTo(db: Db, file: { id: string; size: number }, path: string): Promise<void> {
  await pipeline(Readable.from(fileBytes(db, file)), createWriteStream(path));
}
