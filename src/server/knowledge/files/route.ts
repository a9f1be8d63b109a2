import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routes } from '../../../shared/api/routes';
import { serverMessages } from '../../../shared/messages';
import type { Db } from '../../db/client';
import { requireAsker } from '../../http/asker';
import { etagMatches, parseRange } from '../../http/ranges';
import { rawRoute } from '../../http/typed-route';
import { mayUseProject } from '../../access/policy';
import { inlineDisposition, protectiveHeaders } from './media-type';
import { fileBytes } from './file-store';
import { findServableFile, type StoredFile } from './repository';

const fileParams = z.object({ id: z.uuid(), name: z.string().max(1000) });

/**
 * GET /files/<id>/<name>: an uploaded file, to whoever may ask in its project (a signed-in user,
 * or that project's API key): inline, with ranges (206, 416) and revalidated caching. 401 for
 * anyone else; 404 for a file that does not exist, whose source is deleted or disabled, or whose
 * project the asker may not use (a 404 rather than a 403, so ids reveal nothing).
 */
export function registerFileRoutes(app: FastifyInstance, db: Db): void {
  rawRoute(app, routes.file, async (request, reply) => {
    const asker = await requireAsker(db, request);
    const params = fileParams.safeParse(request.params);
    const file = params.success ? await findServableFile(db, params.data.id) : null;
    if (!file || !mayUseProject(asker, file.project)) return notFound(reply);
    return sendFile(db, request, reply, file);
  });
}

async function sendFile(db: Db, request: FastifyRequest, reply: FastifyReply, file: StoredFile) {
  const etag = `"${file.sha256}"`;
  reply
    .headers(protectiveHeaders(file.mediaType))
    .header('content-type', file.mediaType)
    .header('content-disposition', inlineDisposition(file.name))
    .header('accept-ranges', 'bytes')
    // The bytes of an id never change, but access can end (a source disabled): revalidate each time.
    .header('cache-control', 'private, no-cache')
    .header('etag', etag)
    .header('last-modified', file.createdAt.toUTCString());
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();

  // A range is for the version the client has: another If-Range means the whole file again.
  const ifRange = request.headers['if-range'];
  const range = !ifRange || ifRange === etag ? parseRange(request.headers.range, file.size) : null;
  if (range === 'unsatisfiable') {
    reply.removeHeader('content-disposition');
    return reply
      .status(416)
      .type('application/json; charset=utf-8')
      .header('content-range', `bytes */${file.size}`)
      .send({ message: 'Range not satisfiable.' });
  }
  // Streamed a part at a time: a file is never whole in memory (files/file-store.ts).
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range[0]}-${range[1]}/${file.size}`)
      .header('content-length', range[1] - range[0] + 1)
      .send(Readable.from(fileBytes(db, file, range)));
  }
  return reply.header('content-length', file.size).send(Readable.from(fileBytes(db, file)));
}

function notFound(reply: FastifyReply) {
  return reply.status(404).header('cache-control', 'no-cache').send({ message: serverMessages.notFound });
}
