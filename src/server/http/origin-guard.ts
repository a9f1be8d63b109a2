import type { TrustsProxy } from '../proxy-trust';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { serverMessages } from '../../shared/messages';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where a request was sent to, as its client saw it: the scheme (`http`, `https`) and Host. */
export interface RequestSite {
  protocol: string;
  host: string;
}

/** `scheme://host:port` of a URL (the default port left out, as browsers send it), or null. */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    // Schemes other than http(s) have an opaque origin, which matches nothing.
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a browser's `Origin` is this server's own origin (the request's scheme, host and port)
 * or one of ALLOWED_ORIGINS. `https://host:port` is not `http://host:port`: another scheme is
 * another site. Asked by the HTTP origin guard and the socket handshake alike.
 */
export function originAllowed(origin: string, site: RequestSite, allowedOrigins: readonly string[]): boolean {
  const given = originOf(origin);
  if (given === null) return false;
  if (site.host && given === originOf(`${site.protocol}://${site.host}`)) return true;
  return allowedOrigins.some((allowed) => originOf(allowed) === given);
}

/** The last of a header's comma-separated values: the one the nearest proxy added. */
function lastEntry(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(',') : value;
  return joined?.split(',').pop()?.trim() || undefined;
}

/**
 * The site of a request Fastify does not see (the socket handshake), read as Fastify reads
 * `request.protocol` and `request.host` with the server's trustProxy (fastify.ts): the nearest
 * proxy's X-Forwarded-Proto and X-Forwarded-Host are taken only when TRUST_PROXY trusts the peer.
 */
export function rawRequestSite(req: IncomingMessage, trusts: TrustsProxy | false): RequestSite {
  const trusted = trusts !== false && trusts(req.socket?.remoteAddress ?? '', 0);
  const forwardedProto = trusted ? lastEntry(req.headers['x-forwarded-proto']) : undefined;
  const forwardedHost = trusted ? lastEntry(req.headers['x-forwarded-host']) : undefined;
  const encrypted = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  return {
    protocol: forwardedProto ?? (encrypted ? 'https' : 'http'),
    host: forwardedHost ?? req.headers.host ?? '',
  };
}

/**
 * Refuses state-changing requests that a browser sent from another site (DECISIONS §3). The
 * SameSite=Lax cookie already stops most of them; this also covers same-site subdomains and the
 * same host under another scheme or port. Requests without `Origin` (programs, not browsers) pass.
 */
export function registerOriginGuard(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    if (originAllowed(origin, { protocol: request.protocol, host: request.host }, allowedOrigins)) return;
    return reply.status(403).send({ message: serverMessages.foreignOrigin });
  });
}
