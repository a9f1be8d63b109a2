import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route the server registers, as Fastify reports it (its onRoute hook), including those
 * plugins add. Added before any route, so the list is whole; the authorization matrix test reads
 * it, so a new route cannot be left out of the matrix.
 */
export function collectRoutes(app: FastifyInstance): readonly RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  return routes;
}
