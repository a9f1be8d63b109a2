/**
 * Memory and responsiveness while a server reads files built to take it down:
 * `npx tsx tests/bench/bombs.bench.ts`. A server process of its own, as `npm run serve` starts it
 * with the default settings (PARSE_MEMORY_MB 256, the real MiniLM of ../shared/models,
 * MALLOC_ARENA_MAX=2 as docs/knowledge-base.md advises), on its first start and again after a
 * restart on the same data: the five bombs of tests/support/bombs.ts uploaded and forced, and a
 * million-row bulk XLSX uploaded at the same time. Prints the idle RSS, the peak RSS while reading (sampled every 25 ms),
 * and /api/health's p95 and slowest answer meanwhile. Asserts nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addSource, form, SUPER } from '../support/admin';
import { bombs, watchServer } from '../support/bombs';
import { Client } from '../support/http';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { repeated, xlsx } from '../support/zip';

const MB = 1024 * 1024;
const ENV = { INGEST_INTERVAL: '0', MALLOC_ARENA_MAX: '2' };

async function statuses(admin: Client, source: string): Promise<string[]> {
  const all: string[] = [];
  for (const $ne of ['completed', 'pending'] as const) {
    const res = await admin.post('/admin/get_pending_data', {
      queryingApp: 'dish',
      query: { source, status: { $ne } },
      queryOptions: { limit: 100, skip: 0 },
    });
    all.push(...(res.body.data as { status: string }[]).map((i) => i.status));
  }
  return all;
}

/**
 * The template's header (every column bulk.ts requires, or the file is refused at its header)
 * and a million valid web rows, so the reader reads to its row limit and refuses the file there.
 */
function millionRowXlsx(source: string): Uint8Array<ArrayBuffer> {
  const cells = (...indexes: number[]) => indexes.map((i) => `<c t="s"><v>${i}</v></c>`).join('');
  return xlsx(
    Buffer.concat([
      Buffer.from(`<row>${cells(0, 1, 2, 3, 4)}</row>`),
      repeated(`<row>${cells(5, 6, 7, 8, 9)}</row>`, 1_000_000),
    ]),
    [
      'data_type',
      'source',
      'project',
      'location',
      'url',
      'web',
      source,
      'dish',
      'USA',
      'https://example.org/',
    ],
  );
}

async function readBombs(server: ServerProcess, label: string): Promise<void> {
  const admin = new Client(server.url);
  await admin.post('/auth/login', { emailOrPhone: SUPER.email, password: SUPER.password });
  const source = await addSource(admin, `Bombs ${label}`);
  const bulk = millionRowXlsx(source);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idle = server.rss();
  const watch = watchServer(server);
  const fields = { queryingApp: 'dish', data_type: 'doc', source, project: 'dish', location: 'USA' };
  await admin.post('/admin/add_data', form(fields, Object.values(bombs)));
  await admin.post('/admin/force_ingest_data', { queryingApp: 'dish' });
  // A bulk upload read while the bombs are: the worst case for the memory bound.
  const bulkUpload = admin.post(
    '/admin/bulk_upload_file',
    form({ queryingApp: 'dish' }, [{ name: 'million.xlsx', bytes: bulk }]),
  );
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const now = await statuses(admin, source);
    if (now.length && now.every((s) => s === 'failed' || s === 'completed')) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const bulkAnswer = await bulkUpload;
  const { maxRss, p95Latency, maxLatency, samples } = await watch.stop();
  console.log(
    `${label}: idle RSS ${(idle / MB).toFixed(0)} MB, peak while reading ${(maxRss / MB).toFixed(0)} MB; ` +
      `/api/health p95 ${p95Latency.toFixed(0)} ms, slowest ${maxLatency.toFixed(0)} ms (${samples} samples); ` +
      `bulk upload ${bulkAnswer.status}: ${String(bulkAnswer.body.message)}`,
  );
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dish-bombs-bench-'));
try {
  let server = await startServerProcess(dataDir, ENV);
  await readBombs(server, 'first start');
  await server.stop();
  server = await startServerProcess(dataDir, ENV);
  await readBombs(server, 'after a restart');
  await server.stop();
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
