import type {} from '@fastify/multipart';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { serverMessages, tooManyFilesMessage } from '../../shared/messages';
import { HttpError } from './errors';
import { findUnstorableText, storableFileName, unstorableTextMessage } from './stored-text';

/** An uploaded file, written to disk as it arrived: fifty 25 MB files are never in memory at once. */
export interface UploadedFile {
  fieldName: string;
  /** As sent, without control characters or halves of emoji (storableFileName); never empty. */
  name: string;
  /** Where its bytes are, until the form's `cleanup()`. */
  path: string;
  size: number;
  sha256: string;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
  /** Deletes the files; call it once the request is done with them. */
  cleanup(): Promise<void>;
}

/**
 * Reads a multipart form: text fields, and files streamed to a folder of their own under `dir`,
 * within the count and size limits that @fastify/multipart enforces while streaming (so an
 * oversized upload is never held anywhere whole). A field holding a NUL character or half of an
 * emoji is a 400, as in a JSON body (text-guard.ts); a file name is cleaned of them instead, and a
 * file with no name left is a 400.
 */
export async function readMultipart(
  request: FastifyRequest,
  limits: { maxFiles: number; maxFileBytes: number; dir: string },
): Promise<MultipartBody> {
  if (!request.isMultipart())
    throw new HttpError(415, 'This request must be sent as a form with files (multipart).');
  await mkdir(limits.dir, { recursive: true });
  const folder = await mkdtemp(path.join(limits.dir, 'upload-'));
  const cleanup = () => rm(folder, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { files: limits.maxFiles, fileSize: limits.maxFileBytes, fields: 50, fieldSize: 10_000 },
    })) {
      if (part.type === 'file') {
        const file = path.join(folder, String(files.length + 1));
        const hash = createHash('sha256');
        let size = 0;
        const count = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            hash.update(chunk);
            done(null, chunk);
          },
        });
        await pipeline(part.file, count, createWriteStream(file));
        refuseUnstorable(part.fieldname, '');
        const name = storableFileName(part.filename);
        if (part.file.truncated) throw tooLarge(name ?? 'A file', limits.maxFileBytes);
        // An empty file input still sends a part with no name and no bytes: no file at all.
        if (!part.filename && size === 0) continue;
        if (name === null) throw new HttpError(400, serverMessages.fileNameMissing);
        files.push({ fieldName: part.fieldname, name, path: file, size, sha256: hash.digest('hex') });
      } else if (typeof part.value === 'string') {
        refuseUnstorable(part.fieldname, part.value);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await cleanup();
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, tooManyFilesMessage(limits.maxFiles));
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('A file', limits.maxFileBytes);
    if (
      code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
      code === 'FST_PARTS_LIMIT' ||
      code === 'FST_FIELDS_LIMIT'
    ) {
      throw new HttpError(400, 'The form could not be read.');
    }
    throw error;
  }
  return { fields, files, cleanup };
}

/**
 * Removes upload folders left behind by a process that stopped in the middle of a request;
 * no request lasts an hour.
 */
export async function removeStaleUploads(dir: string, olderThanMs = 3_600_000): Promise<void> {
  const names = await readdir(dir).catch(() => []);
  for (const name of names) {
    const folder = path.join(dir, name);
    const info = await stat(folder).catch(() => null);
    if (info && Date.now() - info.mtimeMs > olderThanMs) await rm(folder, { recursive: true, force: true });
  }
}

/** A field (its name or its value) holding a NUL character or half of an emoji is a 400 naming it. */
function refuseUnstorable(fieldName: string, value: string): void {
  const unstorable = findUnstorableText({ [fieldName]: value });
  if (unstorable !== null) throw new HttpError(400, unstorableTextMessage(unstorable));
}

const tooLarge = (name: string, max: number) =>
  new HttpError(
    413,
    `${name} is larger than ${Math.round(max / (1024 * 1024))} MB, the most one file may be.`,
  );
