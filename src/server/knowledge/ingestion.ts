/**
 * The ingestion of one server process: its queue worker, and the worker threads that read files
 * for it and for bulk uploads, with the limits and lease the configuration gives.
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { SearchIndex } from './index/search-index';
import { ParseSandbox } from './sandbox/sandbox';
import { IngestionWorker } from './worker';

export interface IngestionDeps {
  db: Db;
  index: SearchIndex;
  log: FastifyBaseLogger;
  /** 'pglite' when this process is the only one using the database. */
  databaseKind: string;
  fetch?: typeof fetch;
}

/** Who holds a lease: the same process restarted (same host, same port) knows its items again. */
export function leaseOwner(config: Pick<Config, 'PORT'>): string {
  return `${os.hostname()}:${config.PORT}`;
}

export function createIngestion(config: Config, deps: IngestionDeps) {
  const sandbox = new ParseSandbox({
    memoryMb: config.PARSE_MEMORY_MB,
    timeoutMs: config.PARSE_TIMEOUT * 1000,
    concurrency: config.PARSE_CONCURRENCY,
  });
  // Copies of files being read; a process that stopped while reading left its copies behind.
  const readingDir = path.join(config.DATA_DIR, 'reading');
  rmSync(readingDir, { recursive: true, force: true });
  const worker = new IngestionWorker(
    {
      db: deps.db,
      index: deps.index,
      log: deps.log,
      allowPrivate: config.CRAWL_ALLOW_PRIVATE,
      sandbox,
      readingDir,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    },
    {
      intervalMs: config.INGEST_INTERVAL * 1000,
      recrawlMs: config.RECRAWL_HOURS * 3_600_000,
      lease: { ms: config.INGEST_LEASE_SECONDS * 1000, owner: leaseOwner(config) },
      soleWorker: deps.databaseKind === 'pglite',
    },
  );
  return {
    worker,
    sandbox,
    /** Waits for the item in hand, then ends the worker threads. */
    async stop() {
      await worker.stop();
      await sandbox.close();
    },
  };
}
