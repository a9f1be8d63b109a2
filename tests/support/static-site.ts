import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

/**
 * A real web site on 127.0.0.1: files from `root`, plus in-memory `extra` paths. Answers ETag
 * and Last-Modified, and 304 to conditional requests, like a real server. Records every path
 * requested and whether it was conditional.
 */
export async function serveSite(root: string, extra: Record<string, string> = {}) {
  const requests: { path: string; conditional: boolean }[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const conditional = Boolean(req.headers['if-none-match'] || req.headers['if-modified-since']);
      requests.push({ path: url.pathname, conditional });
      const inline = extra[url.pathname];
      if (inline !== undefined) {
        res.writeHead(200, { 'content-type': TYPES[path.extname(url.pathname)] ?? 'text/plain' }).end(inline);
        return;
      }
      const file = path.join(
        root,
        path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''),
      );
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const etag = `"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`;
      const lastModified = info.mtime.toUTCString();
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { etag, 'last-modified': lastModified }).end();
        return;
      }
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
        etag,
        'last-modified': lastModified,
      });
      createReadStream(file).pipe(res);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
