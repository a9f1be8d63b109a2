/**
 * The servers the chat bench talks to: one in this process (the default), or BENCH_WEB_PROCESSES
 * real server processes over one database loaded beforehand. Each can be sampled for its
 * event-loop delay and RSS since the last sample.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ExtractedDocument } from '../../src/server/knowledge/connectors/types';
import { sha256 } from '../../src/server/access/secrets';
import { projectKeys } from '../../src/server/db/schema';
import { createPostgresDatabase, startTestServer, type TestServer } from '../support/server';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { copyIndex, fillIndex, searchBenchDocuments } from './corpus';

export const BENCH_KEY = 'bench-key';

/** Event-loop delay (ms, as monitorEventLoopDelay reports it: the 10 ms sampling interval included) and RSS (bytes). */
export interface Sample {
  p99: number;
  max: number;
  rss: number;
}

export interface BenchServers {
  urls: string[];
  description: string;
  chunks: number;
  /** The spawned server processes (none when the server runs in this process). */
  pids: number[];
  /** One sample per server process, each covering the time since its previous sample. */
  sample(): Promise<Sample[]>;
  /** Indexes documents already read, as ingestion does after its sandbox thread read them (in-process server only). */
  ingest?: (documents: ExtractedDocument[]) => Promise<number>;
  stop(): Promise<void>;
}

// One key asks for every client: its own limit is not what is measured.
const SERVER_ENV = { INGEST_INTERVAL: '0', API_KEY_REQUESTS_PER_MINUTE: '100000' };

/** The bench's knowledge base and key, in the database of `t`. */
async function load(t: TestServer, targetChunks: number): Promise<number> {
  const { db } = t.server.database;
  await db
    .insert(projectKeys)
    .values({ project: 'dish', name: 'Bench', prefix: 'bench-', hash: sha256(BENCH_KEY) });
  return copyIndex(db, t.server.index, await searchBenchDocuments(), targetChunks);
}

/** The server in this process: its event loop is the bench's, shared with the clients. */
export async function startInProcess(targetChunks: number): Promise<BenchServers> {
  const t = await startTestServer(SERVER_ENV);
  const chunks = await load(t, targetChunks);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  return {
    urls: [t.url],
    description: `one server in the bench's process on ${t.server.database.kind}`,
    chunks,
    pids: [],
    sample() {
      const sample = {
        p99: delay.percentile(99) / 1e6,
        max: delay.max / 1e6,
        rss: process.memoryUsage.rss(),
      };
      delay.reset();
      return Promise.resolve([sample]);
    },
    ingest: (documents) => fillIndex(t.server.database.db, t.server.index, documents, 1, 'again'),
    async stop() {
      delay.disable();
      await t.stop();
    },
  };
}

/**
 * `count` server processes. With DATABASE_URL: a database of their own, ROLE=web each (REDIS_URL
 * needed for more than one). Without: one process (ROLE=all) on PGlite in a directory loaded first.
 */
export async function startProcesses(count: number, targetChunks: number): Promise<BenchServers> {
  const postgres = process.env.DATABASE_URL;
  const redis = process.env.REDIS_URL;
  if (!postgres && count > 1) throw new Error('several web processes need DATABASE_URL and REDIS_URL');
  if (count > 1 && !redis) throw new Error('several web processes need REDIS_URL');
  const database = postgres ? await createPostgresDatabase(postgres) : undefined;
  const dirs: string[] = [];
  const dir = async () => {
    dirs.push(await mkdtemp(path.join(os.tmpdir(), 'dish-bench-')));
    return dirs.at(-1)!;
  };
  const pgliteDir = database ? undefined : await dir();
  // The corpus is loaded once, by a server in this process that is stopped before the others start.
  const loader = await startTestServer({
    ...SERVER_ENV,
    ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: pgliteDir! }),
  });
  const chunks = await load(loader, targetChunks).finally(() => loader.stop());

  const processes: ServerProcess[] = [];
  const files: string[] = [];
  const probe = path.resolve('tests/bench/loop-probe.ts');
  try {
    for (let i = 0; i < count; i++) {
      const dataDir = pgliteDir ?? (await dir());
      files.push(path.join(dataDir, 'loop.json'));
      const env = {
        ...SERVER_ENV,
        BENCH_LOOP_FILE: files[i]!,
        ...(database
          ? { ROLE: 'web', DATABASE_URL: database.url, ...(redis ? { REDIS_URL: redis } : {}) }
          : {}),
      };
      processes.push(await startServerProcess(dataDir, env, [probe]));
    }
  } catch (error) {
    await Promise.all(processes.map((p) => p.stop()));
    throw error;
  }
  const kind = database ? `PostgreSQL${redis ? ' and Redis' : ''}` : 'PGlite';
  return {
    urls: processes.map((p) => p.url),
    description: `${count} server process${count > 1 ? 'es' : ''} (${database ? 'ROLE=web' : 'ROLE=all'}) on ${kind}`,
    chunks,
    pids: processes.map((p) => p.pid),
    sample: () => Promise.all(processes.map((p, i) => probeSample(p, files[i]!))),
    async stop() {
      await Promise.all(processes.map((p) => p.stop()));
      await database?.drop();
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    },
  };
}

const seen = new Map<string, number>();

/** Signals the probe of loop-probe.ts and waits for its answer. */
async function probeSample(server: ServerProcess, file: string): Promise<Sample> {
  const before = seen.get(file) ?? 0;
  process.kill(server.pid, 'SIGUSR2');
  for (;;) {
    if (existsSync(file)) {
      const sample = JSON.parse(readFileSync(file, 'utf8')) as Sample & { seq: number };
      if (sample.seq > before) {
        seen.set(file, sample.seq);
        return sample;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
