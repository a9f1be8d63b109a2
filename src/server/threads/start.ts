import { Worker, type WorkerOptions } from 'node:worker_threads';
import { compiledEntry } from './compile';

const BOOTSTRAP = new URL('./bootstrap.mjs', import.meta.url);
// Whichever form runs (TypeScript sources through tsx, or compiled JavaScript), its siblings share it.
const EXTENSION = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/** A thread's Worker options, and `data`: what its module reads as `workerData.data`. */
export type ThreadOptions = Omit<WorkerOptions, 'workerData'> & { data?: unknown };

/**
 * Starts a worker thread running `entry` (a module's URL without its extension, e.g.
 * `new URL('./thread', import.meta.url)`). From TypeScript sources the thread runs the entry
 * bundled to JavaScript (compile.ts), or through tsx when no bundle can be made. The worker
 * starts clean: the parent's flags (a larger heap, inspectors) are not its own. The module's
 * own data is `workerData.data`.
 */
export async function startThread(entry: URL, options: ThreadOptions = {}): Promise<Worker> {
  const { data, ...rest } = options;
  const source = new URL(`${entry.href}${EXTENSION}`);
  const compiled = EXTENSION === '.ts' ? await compiledEntry(source) : source;
  return new Worker(compiled ?? BOOTSTRAP, {
    execArgv: [],
    ...rest,
    workerData: { entry: source.href, data },
  });
}

/** Bundles `entry` ahead of its first thread (at start, not while a file waits), when it needs it. */
export function prepareThread(entry: URL): void {
  if (EXTENSION === '.ts') void compiledEntry(new URL(`${entry.href}${EXTENSION}`));
}
