/**
 * A real DISH server in the bench's own process, on PGlite in `dataDir` (or PostgreSQL with
 * DATABASE_URL), with the sentence-embedding model named (else the default) and its second
 * (EMBEDDING_SECOND_MODEL) when named, the shared models and no schedule: what the answers,
 * prompts and models benches measure.
 */
import path from 'node:path';
import { loadConfig } from '../../src/server/config';
import { createServer } from '../../src/server/compose/app';
import { SUPER_ENV } from '../support/admin';
import type { TestServer } from '../support/server';
import { sharedPath } from '../support/shared';

export async function startBenchServer(dataDir: string, model = '', second = ''): Promise<TestServer> {
  const config = loadConfig({
    ...process.env,
    ...SUPER_ENV,
    ...(model ? { EMBEDDING_MODEL: model } : {}),
    ...(second ? { EMBEDDING_SECOND_MODEL: second } : {}),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-app'),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    CRAWL_ALLOW_PRIVATE: 'true',
    INGEST_INTERVAL: '0',
    MODELS_DIR: process.env.MODELS_DIR ?? sharedPath('models'),
    ALLOW_REMOTE_MODELS: process.env.ALLOW_REMOTE_MODELS ?? 'false',
  });
  const server = await createServer(config);
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { url, server, config, stop: () => server.close() };
}
