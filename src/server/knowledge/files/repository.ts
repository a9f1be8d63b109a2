import { and, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pendingData, sources, uploadedFiles } from '../../db/schema';
import { fileBytes } from './file-store';
import { mediaTypeOf } from './media-type';

/** An uploaded file as the route serves it: what it is, and whose it is. */
export interface StoredFile {
  id: string;
  name: string;
  size: number;
  sha256: string;
  mediaType: string;
  createdAt: Date;
  /** The project of the source it was uploaded to. */
  project: string;
}

/**
 * The file with this id if a pending item of an enabled source refers to it; null otherwise (no
 * such file, its source deleted or disabled). Its bytes are not read, except once to learn its type.
 */
export async function findServableFile(db: Db, id: string): Promise<StoredFile | null> {
  const [row] = await db
    .select({
      id: uploadedFiles.id,
      name: uploadedFiles.name,
      size: uploadedFiles.size,
      sha256: uploadedFiles.sha256,
      mediaType: uploadedFiles.mediaType,
      createdAt: uploadedFiles.createdAt,
      project: sources.project,
    })
    .from(uploadedFiles)
    .innerJoin(pendingData, eq(pendingData.fileId, uploadedFiles.id))
    .innerJoin(sources, eq(sources.id, pendingData.sourceId))
    .where(and(eq(uploadedFiles.id, id), eq(sources.isActive, true)))
    .limit(1);
  if (!row) return null;
  const mediaType = row.mediaType ?? (await learnMediaType(db, row));
  return { ...row, mediaType };
}

/**
 * Files stored before uploads were judged as they arrived have no type yet: it is read from
 * their bytes once, and kept, so range requests never read them whole.
 */
async function learnMediaType(db: Db, file: { id: string; name: string; size: number }): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of fileBytes(db, file)) parts.push(part);
  const mediaType = mediaTypeOf(Buffer.concat(parts), file.name);
  await db.update(uploadedFiles).set({ mediaType }).where(eq(uploadedFiles.id, file.id));
  return mediaType;
}

/** The files the pending items of a source refer to (read before the source is deleted). */
export async function filesOfSource(db: Db, sourceId: string): Promise<string[]> {
  const rows = await db
    .select({ fileId: pendingData.fileId })
    .from(pendingData)
    .where(and(eq(pendingData.sourceId, sourceId), isNotNull(pendingData.fileId)));
  return [...new Set(rows.map((r) => r.fileId).filter((id): id is string => id !== null))];
}

/** Deletes those of the files that no pending item refers to any more. */
export async function deleteUnreferencedFiles(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(uploadedFiles).where(
    and(
      inArray(uploadedFiles.id, ids),
      notExists(
        db
          .select({ one: sql`1` })
          .from(pendingData)
          .where(eq(pendingData.fileId, uploadedFiles.id)),
      ),
    ),
  );
}
