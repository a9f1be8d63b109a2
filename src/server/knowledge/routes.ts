import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  addDataFields,
  addSourceBody,
  editSourceBody,
  getDataBankBody,
  getPendingDataBody,
  sourceIdBody,
  type AddDataFields,
} from '../../shared/admin/schemas';
import { fileTypeRefused } from '../../shared/admin/uploads';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { messages, serverMessages } from '../../shared/messages';
import type { Db } from '../db/client';
import { uploadedFiles } from '../db/schema';
import { assertProjectAllowed, requireAdmin, requireSuperAdmin } from '../http/admin-guard';
import { HttpError, parseBody } from '../http/errors';
import { readMultipart, removeStaleUploads, type UploadedFile } from '../http/multipart';
import { buildTemplate } from './bulk';
import { acceptsFor, detectFileType, isEncryptedOffice } from './connectors/file-type';
import { uploadKind } from './connectors/upload-kind';
import { ConnectorError } from './connectors/types';
import { listIngested, listPending } from './listing';
import { enqueue, UNSAFE_FILE_MESSAGE, type NewPending } from './queue';
import { WorkerKilled, type ParseSandbox } from './sandbox/sandbox';
import {
  addSource,
  deleteSource,
  findSourceIn,
  listSources,
  presentSource,
  resolveSource,
  setSourceActive,
  type SourceRow,
} from './sources';
interface KnowledgeDeps {
  db: Db;
  /** "Process Now": the processes that work the queue start at once (knowledge/wake.ts). */
  wake: () => void;
  /** Reads bulk upload spreadsheets off this thread, with memory and time limits. */
  sandbox: ParseSandbox;
  maxUploadFiles: number;
  /** Uploads are written under DATA_DIR/uploads while their request lasts. */
  dataDir: string;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** SPEC §7 Admin calls of the knowledge base; every one is scoped to the admin's projects. */
export function registerKnowledgeRoutes(
  app: FastifyInstance,
  { db, wake, sandbox, maxUploadFiles, dataDir }: KnowledgeDeps,
): void {
  const uploadDir = path.join(dataDir, 'uploads');
  void removeStaleUploads(uploadDir);

  app.post('/admin/get_data_bank', async (request) => {
    const auth = await requireAdmin(db, request);
    const body = parseBody(getDataBankBody, request.body);
    const projects = auth.user.isAdminFor;
    if (body.onlySources || body.onlyActiveSources) {
      const rows = await listSources(db, projects, Boolean(body.onlyActiveSources));
      return { sources: rows.map(presentSource) };
    }
    const sourceId = body.query.source ? (await findSourceIn(db, body.query.source, projects)).id : undefined;
    return listIngested(db, { projects, sourceId, search: body.search, ...body.queryOptions });
  });

  app.post('/admin/get_pending_data', async (request) => {
    const auth = await requireAdmin(db, request);
    const body = parseBody(getPendingDataBody, request.body);
    const projects = auth.user.isAdminFor;
    const sourceId = body.query.source ? (await findSourceIn(db, body.query.source, projects)).id : undefined;
    return listPending(db, {
      projects,
      sourceId,
      search: body.search,
      notStatus: body.query.status?.$ne ?? 'completed',
      ...body.queryOptions,
    });
  });

  app.post('/admin/add_source', async (request, reply) => {
    const auth = await requireAdmin(db, request);
    const body = parseBody(addSourceBody, request.body);
    assertProjectAllowed(auth, body.project);
    const source = await addSource(db, {
      name: body.name,
      project: body.project,
      isActive: body.is_active,
      createdBy: auth.user.id,
    });
    return reply.status(201).send({ source: presentSource(source) });
  });

  app.post('/admin/edit_source', async (request) => {
    const auth = await requireAdmin(db, request);
    const body = parseBody(editSourceBody, request.body);
    const source = await findSourceIn(db, body.sourceId, auth.user.isAdminFor);
    await setSourceActive(db, source.id, body.sourceData.is_active);
    return { source: presentSource({ ...source, isActive: body.sourceData.is_active }) };
  });

  app.post('/admin/delete_source', async (request) => {
    const auth = await requireAdmin(db, request);
    const body = parseBody(sourceIdBody, request.body);
    const source = await findSourceIn(db, body.sourceId, auth.user.isAdminFor);
    await deleteSource(db, source.id);
    request.log.info({ sourceId: source.id, by: auth.user.id }, 'source deleted with its data');
    return { deleted: true };
  });

  app.post('/admin/force_ingest_data', async (request) => {
    await requireSuperAdmin(db, request);
    // Processing never holds the request: the run goes on after the answer.
    wake();
    return { started: true };
  });

  app.get('/admin/get_template', async (request, reply) => {
    await requireAdmin(db, request);
    const file = await buildTemplate();
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', 'attachment; filename="IngestionTemplate.xlsx"')
      .send(file);
  });

  app.post('/admin/add_data', async (request, reply) => {
    const auth = await requireAdmin(db, request);
    const form = await readMultipart(request, {
      maxFiles: maxUploadFiles,
      maxFileBytes: MAX_UPLOAD_BYTES,
      dir: uploadDir,
    });
    try {
      const fields = parseBody(addDataFields, form.fields);
      assertProjectAllowed(auth, fields.project);
      const source = await usableSource(db, fields.source, fields.project);
      const items = await itemsFor(db, fields, source, form.files, auth.user.id);
      await enqueue(db, items);
      return await reply.status(201).send({ records: items.length });
    } finally {
      await form.cleanup();
    }
  });

  app.post('/admin/bulk_upload_file', async (request, reply) => {
    const auth = await requireAdmin(db, request);
    const form = await readMultipart(request, {
      maxFiles: 1,
      maxFileBytes: MAX_UPLOAD_BYTES,
      dir: uploadDir,
    }).catch((error: unknown) => {
      // Two files are one too many here, whatever the general limit says.
      if (error instanceof HttpError && error.statusCode === 400)
        throw new HttpError(400, messages.oneBulkFile);
      throw error;
    });
    const [file] = form.files;
    let bytes: Buffer;
    try {
      if (!file || form.files.length !== 1) throw new HttpError(400, messages.oneBulkFile);
      bytes = await readFile(file.path);
    } finally {
      await form.cleanup();
    }
    // Read in a worker thread, as a stream that stops at the row limit: a million-row file costs
    // the server nothing but a refusal.
    const parsed = await sandbox.run('bulk', [bytes, file.name]).catch((error: unknown) => {
      if (error instanceof ConnectorError) throw new HttpError(400, error.message);
      if (error instanceof WorkerKilled) throw new HttpError(400, `${UNSAFE_FILE_MESSAGE}: ${error.message}`);
      throw error;
    });
    const refused = [...parsed.refused];
    const items: NewPending[] = [];
    for (const row of parsed.rows) {
      if (!auth.user.isAdminFor.includes(row.project)) {
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
        depth: row.data_type === 'web' ? row.depth : 0,
        description: `Bulk upload ${file.name}, row ${row.row}`,
        createdBy: auth.user.id,
      });
    }
    await enqueue(db, items);
    refused.sort((a, b) => a.row - b.row);
    return reply.status(201).send({ records: items.length, refused });
  });
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
  if (fields.data_type !== 'pdf' && fields.data_type !== 'doc') {
    return [{ ...base, url: fields.url, depth: fields.data_type === 'web' ? fields.depth : 0 }];
  }
  if (files.length === 0) throw new HttpError(400, messages.selectFiles);
  const dataType = fields.data_type;
  // Every file is checked before any is stored, reading one file at a time from disk.
  const types: ('pdf' | 'doc')[] = [];
  for (const file of files) types.push(fileDataType(dataType, file, await readFile(file.path)));
  const stored = await db.transaction(async (tx) => {
    const rows = [];
    for (const [i, f] of files.entries()) {
      const [row] = await tx
        .insert(uploadedFiles)
        .values({
          name: f.name.slice(0, 255),
          kind: types[i]!,
          size: f.size,
          sha256: f.sha256,
          bytes: await readFile(f.path),
        })
        .returning({ id: uploadedFiles.id, name: uploadedFiles.name, kind: uploadedFiles.kind });
      rows.push(row!);
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
function fileDataType(dataType: 'pdf' | 'doc', file: UploadedFile, bytes: Buffer): 'pdf' | 'doc' {
  if (bytes.length === 0) throw new HttpError(400, `"${file.name}" is empty.`);
  if (dataType === 'pdf') {
    if (!acceptsFor('pdf', detectFileType(bytes)))
      throw new HttpError(400, `"${file.name}" is not a PDF file.`);
    return 'pdf';
  }
  const kind = uploadKind(bytes, file.name);
  if (kind) return kind === 'pdf' ? 'pdf' : 'doc';
  // A locked Word or Excel file looks like no format at all; say what is actually wrong.
  if (isEncryptedOffice(bytes)) {
    throw new HttpError(
      400,
      `"${file.name}" is protected by a password. Remove the password and upload it again.`,
    );
  }
  throw new HttpError(400, fileTypeRefused(file.name));
}
