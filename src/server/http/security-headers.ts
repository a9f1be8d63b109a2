import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Where the browser may load from (issue 12 item 10), fitted to what the app does: its own
 * scripts, styles and workers (the MP3 encoder worker, the chat SharedWorker, the service worker),
 * the chat socket on its own host, YouTube thumbnails in answers, recorded questions played as
 * blob: URLs, and spoken answers from /tts or, in records from the messaging app, other https:
 * addresses. Nothing may frame the app, and no plugin or inline script runs.
 */
function directives(): Record<string, (string | ((req: IncomingMessage) => string))[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // sonner (the toasts) adds its stylesheet as a <style> element at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://img.youtube.com', 'https://i.ytimg.com'],
    'media-src': ["'self'", 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // Vite builds the encoder as a file of its own; in development it may come as a blob.
    'worker-src': ["'self'", 'blob:'],
    // 'self' covers ws: and wss: of the same host in current browsers; older Safari needs it named.
    'connect-src': ["'self'", socketOrigin],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The socket's own origin (ws: or wss:, as the page), from the Host the browser used. */
function socketOrigin(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  // A forged Host only changes the answer its sender gets; still, nothing but a host goes in.
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return "'self'";
  const secure =
    (req.socket as { encrypted?: boolean }).encrypted === true ||
    req.headers['x-forwarded-proto'] === 'https';
  return `${secure ? 'wss' : 'ws'}://${host}`;
}

/**
 * The microphone (voice questions) for this origin only, nothing else. Only features Chromium knows:
 * it warns in the console of every page about one it does not (`bluetooth`, which Lighthouse reported).
 */
export const PERMISSIONS_POLICY =
  'microphone=(self), camera=(), geolocation=(), payment=(), usb=(), serial=(), display-capture=()';

/**
 * The security headers of every answer, set by Helmet with the policy above: the app's pages, the
 * API, /files and /tts (Fastify, registerSecurityHeaders) and Socket.IO's own HTTP answers at
 * /socket.io, which Fastify never sees (createGateway), as connect middleware (the form Engine.IO's
 * `engine.use` takes). They go on the Node response itself, so an answer a route writes by hand (a
 * hijacked stream) has them too, and a header a route sets on its reply (the stricter policy of
 * /files) still wins.
 */
const helmetHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: directives() },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
});

export function withSecurityHeaders(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  // Helmet does not set it.
  res.setHeader('permissions-policy', PERMISSIONS_POLICY);
  // Helmet's own headers cannot fail: it calls back at once, without an error.
  helmetHeaders(req, res, () => next());
}

/**
 * The security headers on every Fastify answer. Spoken answers may be played by the other
 * querying apps' pages, so /tts alone may be loaded cross-origin.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    withSecurityHeaders(request.raw, reply.raw, () => {
      if (request.url.startsWith('/tts/')) reply.header('cross-origin-resource-policy', 'cross-origin');
      done();
    });
  });
}
