/**
 * deploy/nginx.conf run for real in front of test processes: the same file with the upstream
 * addresses and the listening port replaced, nothing else, so a test of it tests the recipe.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
export const NGINX_CONF = path.resolve('deploy/nginx.conf');

/** `nginx -t` of a configuration file: its output, and whether it passed. */
export function checkNginxConfig(file: string): { ok: boolean; output: string } {
  const run = spawnSync(NGINX!, ['-t', '-c', file, '-g', `pid ${os.tmpdir()}/dish-nginx-check.pid;`], {
    encoding: 'utf8',
  });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** nginx with deploy/nginx.conf in front of `webUrls` (the two upstream lines of the file). */
export async function startNginx(webUrls: string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dish-nginx-'));
  const port = await freePort();
  let conf = await readFile(NGINX_CONF, 'utf8');
  const [first, second] = webUrls.map((u) => new URL(u).host);
  conf = conf
    .replaceAll('127.0.0.1:3000', first!)
    .replaceAll('127.0.0.1:3001', second ?? first!)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  const file = path.join(dir, 'nginx.conf');
  await writeFile(file, conf);
  const child = spawn(
    NGINX!,
    ['-p', dir, '-c', file, '-g', `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (c: Buffer) => (errors += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error(`nginx did not answer: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        // Fast shutdown: open sockets are cut, as a load balancer being replaced would cut them.
        child.kill('SIGTERM');
        await gone;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
