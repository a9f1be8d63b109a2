import { Worker, type WorkerOptions } from 'node:worker_threads';

const BOOTSTRAP = new URL('./bootstrap.mjs', import.meta.url);
// Whichever form runs (TypeScript sources through tsx, or compiled JavaScript), its siblings share it.
const EXTENSION = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/**
 * Starts a worker thread running `entry` (a module's URL without its extension, e.g.
 * `new URL('./thread', import.meta.url)`), with tsx registered when the server runs from its
 * TypeScript sources. The worker starts clean: the parent's flags (a larger heap, inspectors)
 * are not its own. `workerData.entry` is the bootstrap's; the module's own data goes in `data`.
 */
export function startThread(
  entry: URL,
  options: Omit<WorkerOptions, 'workerData'> & { data?: unknown } = {},
): Worker {
  const { data, ...rest } = options;
  return new Worker(BOOTSTRAP, {
    execArgv: [],
    ...rest,
    workerData: { entry: `${entry.href}${EXTENSION}`, data },
  });
}
