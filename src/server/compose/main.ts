import { ConfigError, loadConfig } from '../config';
import { FolderInUse } from '../db/folder-lock';
import { createServer } from './app';
import { createWorkerServer } from './worker-server';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // A worker process works the ingestion queue; its port answers only health and readiness.
  const server = config.ROLE === 'worker' ? await createWorkerServer(config) : await createServer(config);
  const address = await server.app.listen({ port: config.PORT, host: config.HOST });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  server.app.log.info(`DISH is running at ${shown}`);
  console.log(`DISH is running at ${shown}`);

  const shutdown = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    // Longer than the wait for the answers in flight (15 s), shorter than a supervisor's patience.
    const force = setTimeout(() => process.exit(1), 25_000).unref();
    server.close().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // Said plainly, as a configuration error is: nothing is wrong in the server itself.
  console.error(error instanceof FolderInUse ? error.message : error);
  process.exit(1);
});
