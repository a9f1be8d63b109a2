import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { tooManyFilesMessage } from '../../shared/messages';
import { HttpError } from './errors';

export interface UploadedFile {
  fieldName: string;
  name: string;
  bytes: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/**
 * Reads a multipart form whole: text fields and files, within the count and size limits that
 * @fastify/multipart enforces while streaming (so an oversized upload is never held in memory).
 */
export async function readMultipart(
  request: FastifyRequest,
  limits: { maxFiles: number; maxFileBytes: number },
): Promise<MultipartBody> {
  if (!request.isMultipart())
    throw new HttpError(415, 'This request must be sent as a form with files (multipart).');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { files: limits.maxFiles, fileSize: limits.maxFileBytes, fields: 50, fieldSize: 10_000 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(part.filename, limits.maxFileBytes);
        // An empty file input still sends a part with no name and no bytes.
        if (part.filename || bytes.length)
          files.push({ fieldName: part.fieldname, name: part.filename, bytes });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
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
  return { fields, files };
}

const tooLarge = (name: string, max: number) =>
  new HttpError(
    413,
    `${name} is larger than ${Math.round(max / (1024 * 1024))} MB, the most one file may be.`,
  );
