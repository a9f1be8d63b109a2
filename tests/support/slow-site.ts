import { createServer, type Server } from 'node:http';

/** A site of a home page linking to `pages` pages, each answered after `delayMs`. */
export async function slowSite(pages: number, delayMs: number) {
  const server: Server = createServer((req, res) => {
    const links = Array.from({ length: pages }, (_, i) => `<li><a href="/page-${i}.html">Page ${i}</a></li>`);
    const body =
      req.url === '/'
        ? `<html><head><title>Home</title></head><body><main><h1>Home</h1><p>A home page about assistive keyboards and switches for people who cannot use a mouse.</p><ul>${links.join('')}</ul></main></body></html>`
        : `<html><head><title>${req.url}</title></head><body><main><h1>${req.url}</h1><p>A page about screen readers, braille displays and the people who use them every day.</p></main></body></html>`;
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(body), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
