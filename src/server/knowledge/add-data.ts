import { depthFor, needsFiles } from '../../shared/admin/add-data-rules';
import type { AddDataFields } from '../../shared/admin/schemas';
import { fileTypeRefused } from '../../shared/admin/uploads';
import type { BulkUploadAnswer } from '../../shared/admin/views';
import { messages, serverMessages } from '../../shared/messages';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import type { UploadedFile } from '../http/multipart';
import type { BulkParseResult } from './bulk';
import { acceptsFor, detectFileType, isEncryptedOffice, type ByteSource } from './connectors/file-type';
import { uploadKind } from './connectors/upload-kind';
import { withDiskSource } from './files/disk-source';
import { storeFile } from './files/file-store';
import { mediaTypeOf } from './files/media-type';
import { enqueue, type NewPending } from './queue';
import { resolveSource, type SourceRow } from './sources';

/**
 * Adding data to the knowledge base (CONVENTIONS 16): the Add Data form's item and a bulk file's
 * rows, queued as pending items. The routes read and authorize; these decide and store.
 */

/** The Add Data form: one item per URL, or one per uploaded file; how many were queued. */
export async function addData(
  db: Db,
  userId: string,
  fields: AddDataFields,
  files: UploadedFile[],
): Promise<number> {
  const source = await usableSource(db, fields.source, fields.project);
  const items = await itemsFor(db, fields, source, files, userId);
  await enqueue(db, items);
  return items.length;
}

/** A bulk file's rows, each queued or refused with the reason (a project the admin lacks, a source). */
export async function queueBulkRows(
  db: Db,
  actor: { id: string; isAdminFor: string[] },
  parsed: BulkParseResult,
  fileName: string,
): Promise<Required<BulkUploadAnswer>> {
  const refused = [...parsed.refused];
  const items: NewPending[] = [];
  for (const row of parsed.rows) {
    if (!actor.isAdminFor.includes(row.project)) {
      refused.push({ row: row.row, reason: `Row ${row.row}: ${serverMessages.projectForbidden}` });
      continue;
    }
    const source = await resolveSource(db, row.source, [row.project]);
    if (!source || !source.isActive) {
      const why = source
        ? serverMessages.sourceDisabled
        : `there is no source "${row.source}" in ${row.project}.`;
      refused.push({ row: row.row, reason: `Row ${row.row}: ${why}` });
      continue;
    }
    items.push({
      dataType: row.data_type,
      sourceId: source.id,
      project: row.project,
      location: row.location,
      url: row.url,
      depth: row.depth,
      description: `Bulk upload ${fileName}, row ${row.row}`,
      createdBy: actor.id,
    });
  }
  await enqueue(db, items);
  refused.sort((a, b) => a.row - b.row);
  return { records: items.length, refused };
}

async function usableSource(db: Db, ref: string, project: string): Promise<SourceRow> {
  const source = await resolveSource(db, ref, [project]);
  if (!source) throw new HttpError(404, serverMessages.sourceNotFound);
  if (!source.isActive) throw new HttpError(400, serverMessages.sourceDisabled);
  return source;
}

/**
 * One pending item per URL, or per uploaded file for pdf and doc, each checked by its content.
 * A PDF uploaded as doc is queued as a pdf item, since that is what it is.
 */
async function itemsFor(
  db: Db,
  fields: AddDataFields,
  source: SourceRow,
  files: UploadedFile[],
  userId: string,
): Promise<NewPending[]> {
  const base = {
    dataType: fields.data_type,
    sourceId: source.id,
    project: fields.project,
    location: fields.location,
    createdBy: userId,
  };
  if (!needsFiles(fields.data_type)) {
    return [{ ...base, url: fields.url, depth: depthFor(fields.data_type, fields.depth) }];
  }
  if (files.length === 0) throw new HttpError(400, messages.selectFiles);
  const dataType = fields.data_type;
  // Every file is judged before any is stored, from the upload on disk, without reading it whole.
  const judged: { kind: 'pdf' | 'doc'; mediaType: string }[] = [];
  for (const file of files) {
    judged.push(
      await withDiskSource(file.path, (source) => ({
        kind: fileDataType(dataType, file, source),
        mediaType: mediaTypeOf(source, file.name),
      })),
    );
  }
  const stored = await db.transaction(async (tx) => {
    const rows = [];
    for (const [i, f] of files.entries()) {
      rows.push(await storeFile(tx, { ...f, ...judged[i]!, name: f.name.slice(0, 255) }));
    }
    return rows;
  });
  return stored.map((f) => ({
    ...base,
    dataType: f.kind === 'pdf' ? ('pdf' as const) : ('doc' as const),
    fileId: f.id,
    title: f.name,
    url: fields.url || null,
  }));
}

/** The data type a file is queued under, or a 400 saying why it cannot be. */
function fileDataType(dataType: 'pdf' | 'doc', file: UploadedFile, source: ByteSource): 'pdf' | 'doc' {
  if (source.size === 0) throw new HttpError(400, `"${file.name}" is empty.`);
  if (dataType === 'pdf') {
    if (!acceptsFor('pdf', detectFileType(source)))
      throw new HttpError(400, `"${file.name}" is not a PDF file.`);
    return 'pdf';
  }
  const kind = uploadKind(source, file.name);
  if (kind) return kind === 'pdf' ? 'pdf' : 'doc';
  // A locked Word or Excel file looks like no format at all; say what is actually wrong.
  if (isEncryptedOffice(source)) {
    throw new HttpError(
      400,
      `"${file.name}" is protected by a password. Remove the password and upload it again.`,
    );
  }
  throw new HttpError(400, fileTypeRefused(file.name));
}
