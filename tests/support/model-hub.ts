import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A local server speaking the part of the Hugging Face Hub that Transformers.js downloads from:
 * GET /{owner}/{name}/resolve/{revision}/{file} answers the file (with its length, so progress
 * can be told) or 404, as the Hub does. Each Hub id is served from a local model folder (the
 * real weights in ../shared/models). It can be told to fail, to stand for a Hub that is down,
 * or to hold every request until released, to stand for a slow line.
 */
export async function startModelHub(repos: Record<string, string>) {
  const requests: string[] = [];
  let failing = false;
  let held: Promise<void> | null = null;
  let release = () => {};
  const server = createServer((request, response) => {
    if (held) return void held.then(() => server.emit('request', request, response));
    const url = new URL(request.url ?? '/', 'http://hub');
    requests.push(url.pathname);
    const match = /^\/([^/]+\/[^/]+)\/resolve\/[^/]+\/(.+)$/.exec(url.pathname);
    const folder = match && repos[match[1]!];
    const done = (status: number, text: string) =>
      response.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    if (failing) return done(503, 'The hub is down');
    if (!folder) return done(404, 'Repository not found');
    const file = path.join(folder, decodeURIComponent(match[2]!));
    if (!file.startsWith(folder + path.sep)) return done(404, 'Entry not found');
    void stat(file).then(
      (info) => {
        if (!info.isFile()) return done(404, 'Entry not found');
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': info.size });
        if (request.method === 'HEAD') return response.end();
        createReadStream(file).pipe(response);
      },
      () => done(404, 'Entry not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Paths asked for, in order. */
    requests,
    /** From now on every request fails (503), as when the Hub cannot be reached. */
    fail: () => void (failing = true),
    /** Requests wait from now on, until `release`. */
    hold: () => void (held = new Promise<void>((resolve) => (release = () => ((held = null), resolve())))),
    release: () => release(),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
