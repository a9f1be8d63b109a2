import type { FastifyInstance } from 'fastify';
import { serverMessages } from '../../shared/messages';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site (DECISIONS §3). The
 * SameSite=Lax cookie already stops most of them; this also covers same-site subdomains.
 */
export function registerOriginGuard(app: FastifyInstance, allowedOrigins: string[]): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    if (allowedOrigins.includes(origin)) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      host = '';
    }
    if (host && host === request.host) return;
    return reply.status(403).send({ message: serverMessages.foreignOrigin });
  });
}
