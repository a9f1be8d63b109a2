import type { FastifyInstance } from 'fastify';
import { routes } from '../../shared/api/routes';
import { rawRoute } from '../http/typed-route';
import { renderDocsPage } from './docs-page';
import { openApiDocument } from './openapi';

/** GET /api/openapi.json and GET /api/docs: public, made once (they change only with the code). */
export function registerDocsRoutes(app: FastifyInstance): void {
  const document = openApiDocument();
  const page = renderDocsPage(document);
  rawRoute(app, routes.openapi, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(document),
  );
  rawRoute(app, routes.docs, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page),
  );
}
