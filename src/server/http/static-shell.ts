import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { serverMessages } from '../../shared/messages';

/** Paths the server itself answers: never the app shell for them. */
export const API_PREFIXES = [
  '/auth/',
  '/admin/',
  '/project_auth/',
  '/socket.io',
  '/tts/',
  '/api/',
  '/files/',
];

const NO_CACHE = new Set(['sw.js', 'manifest.webmanifest', 'registerSW.js']);
const SHELL = 'index.html';
/** The build's compressed copies (vite.config.ts), cached as the file they are copies of. */
const COPY = /\.(?:br|gz)$/;

/** A page address the build may have drawn as static HTML (`/login`: `login.html`). */
const PAGE_ADDRESS = /^\/[\w-]+$/;

/**
 * The static pages the build wrote beside the shell (scripts/prerender-pages.ts), by file name:
 * each is the shell with a copy of its page painted while the app loads.
 */
function staticPages(staticDir: string): Set<string> {
  const html = readdirSync(staticDir).filter((name) => name.endsWith('.html') && name !== SHELL);
  return new Set(html);
}

/**
 * Serves the built app from STATIC_DIR: `/` is landing.html when there is one. A page's address
 * gets the static page the build made for it (`/login`: login.html), any other deep link
 * index.html (the SPA fallback); a missing /assets/* file is a 404, not HTML, or a stale tab would
 * run HTML as a script.
 * A browser that accepts brotli or gzip gets the copy the build made beside each file (`.br`,
 * `.gz`), the shell included, with `Vary: Accept-Encoding`; others get the file itself. Hashed
 * assets are cached for a year, the shell and the service worker revalidated each time.
 */
export async function registerStaticShell(app: FastifyInstance, staticDir: string): Promise<boolean> {
  const hasApp = existsSync(path.join(staticDir, SHELL));
  const pages = hasApp ? staticPages(staticDir) : new Set<string>();
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      // `/` is the landing page as static HTML when the build made it (no app code: issue 34
      // item 2), else the app, which shows the landing too.
      index: ['landing.html', SHELL],
      preCompressed: true,
      setHeaders(res, filePath) {
        const name = path.basename(filePath).replace(COPY, '');
        if (name.endsWith('.html') || NO_CACHE.has(name) || name.startsWith('workbox-')) {
          res.header('cache-control', 'no-cache');
        } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage =
      hasApp &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((p) => url.startsWith(p)) &&
      !url.startsWith('/assets/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return reply.status(404).send({ message: serverMessages.notFound });
    const own = PAGE_ADDRESS.test(url) ? `${url.slice(1)}.html` : null;
    return reply.header('cache-control', 'no-cache').sendFile(own && pages.has(own) ? own : SHELL);
  });
  return hasApp;
}
