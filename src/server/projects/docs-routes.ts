import type { FastifyInstance } from 'fastify';
import { DOCS_PATH, OPENAPI_PATH } from '../../shared/api/project-api';
import { renderDocsPage } from './docs-page';
import { openApiDocument } from './openapi';

/** GET /api/openapi.json and GET /api/docs: public, made once (they change only with the code). */
export function registerDocsRoutes(app: FastifyInstance): void {
  const document = openApiDocument();
  const page = renderDocsPage(document);
  app.get(OPENAPI_PATH, async (_request, reply) => reply.header('cache-control', 'no-cache').send(document));
  app.get(DOCS_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page),
  );
}
