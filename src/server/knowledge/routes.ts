import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BULK_TEMPLATE_NAME } from '../../shared/admin/add-data-rules';
import { addDataFields } from '../../shared/admin/schemas';
import { routes } from '../../shared/api/routes';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { messages, tooManyFilesMessage } from '../../shared/messages';
import type { Db } from '../db/client';
import { assertProjectAllowed, requireAdmin, requireSuperAdmin } from '../http/admin-guard';
import { HttpError, parseBody } from '../http/errors';
import { readMultipart, removeStaleUploads } from '../http/multipart';
import { rawRoute, route } from '../http/typed-route';
import { addData, queueBulkRows } from './add-data';
import { buildTemplate } from './bulk';
import { ConnectorError } from './connectors/types';
import { listIngested, listPending } from './listing';
import { UNSAFE_FILE_MESSAGE } from './queue';
import { WorkerKilled, type ParseSandbox } from './sandbox/sandbox';
import {
  addSource,
  deleteSource,
  findSourceIn,
  listSources,
  presentSource,
  setSourceActive,
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

  route(app, routes.getDataBank, async ({ request, body: read }) => {
    const auth = await requireAdmin(db, request);
    const body = read();
    const projects = auth.user.isAdminFor;
    if (body.onlySources || body.onlyActiveSources) {
      const rows = await listSources(db, projects, Boolean(body.onlyActiveSources));
      return { sources: rows.map(presentSource) };
    }
    const sourceId = body.query.source ? (await findSourceIn(db, body.query.source, projects)).id : undefined;
    return listIngested(db, { projects, sourceId, search: body.search, ...body.queryOptions });
  });

  route(app, routes.getPendingData, async ({ request, body: read }) => {
    const auth = await requireAdmin(db, request);
    const body = read();
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

  route(app, routes.addSource, async ({ request, body: read }) => {
    const auth = await requireAdmin(db, request);
    const body = read();
    assertProjectAllowed(auth, body.project);
    const source = await addSource(db, {
      name: body.name,
      project: body.project,
      isActive: body.is_active,
      createdBy: auth.user.id,
    });
    return { source: presentSource(source) };
  });

  route(app, routes.editSource, async ({ request, body: read }) => {
    const auth = await requireAdmin(db, request);
    const body = read();
    const source = await findSourceIn(db, body.sourceId, auth.user.isAdminFor);
    await setSourceActive(db, source.id, body.sourceData.is_active);
    return { source: presentSource({ ...source, isActive: body.sourceData.is_active }) };
  });

  route(app, routes.deleteSource, async ({ request, body: read }) => {
    const auth = await requireAdmin(db, request);
    const body = read();
    const source = await findSourceIn(db, body.sourceId, auth.user.isAdminFor);
    await deleteSource(db, source.id, request.log);
    request.log.info({ sourceId: source.id, by: auth.user.id }, 'source deleted with its data');
    return { deleted: true };
  });

  route(app, routes.forceIngest, async ({ request, body }) => {
    await requireSuperAdmin(db, request);
    body();
    // Processing never holds the request: the run goes on after the answer.
    wake();
    return { started: true };
  });

  rawRoute(app, routes.getTemplate, async (request, reply) => {
    await requireAdmin(db, request);
    const file = await buildTemplate();
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${BULK_TEMPLATE_NAME}"`)
      .send(file);
  });

  rawRoute(app, routes.addData, async (request, reply) => {
    const auth = await requireAdmin(db, request);
    const form = await readMultipart(request, {
      maxFiles: maxUploadFiles,
      maxFileBytes: MAX_UPLOAD_BYTES,
      dir: uploadDir,
    });
    try {
      const fields = parseBody(addDataFields, form.fields);
      assertProjectAllowed(auth, fields.project);
      const records = await addData(db, auth.user.id, fields, form.files);
      return await reply.status(201).send({ records });
    } finally {
      await form.cleanup();
    }
  });

  rawRoute(app, routes.bulkUpload, async (request, reply) => {
    const auth = await requireAdmin(db, request);
    const form = await readMultipart(request, {
      maxFiles: 1,
      maxFileBytes: MAX_UPLOAD_BYTES,
      dir: uploadDir,
    }).catch((error: unknown) => {
      // Two files are one too many here, whatever the general limit says.
      if (error instanceof HttpError && error.message === tooManyFilesMessage(1))
        throw new HttpError(400, messages.oneBulkFile);
      throw error;
    });
    // Read in a worker thread, from the upload on disk, as a stream that stops at the row limit:
    // a million-row file costs the server nothing but a refusal.
    const [file] = form.files;
    if (!file || form.files.length !== 1) {
      await form.cleanup();
      throw new HttpError(400, messages.oneBulkFile);
    }
    const parsed = await sandbox
      .run('bulk', [file.path, file.name])
      .finally(() => form.cleanup())
      .catch((error: unknown) => {
        if (error instanceof ConnectorError) throw new HttpError(400, error.message);
        if (error instanceof WorkerKilled)
          throw new HttpError(400, `${UNSAFE_FILE_MESSAGE}: ${error.message}`);
        throw error;
      });
    const { records, refused } = await queueBulkRows(db, auth.user, parsed, file.name);
    return reply.status(201).send({ records, refused });
  });
}
