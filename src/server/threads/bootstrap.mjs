// The entry of a worker thread when its TypeScript could not be bundled (start.ts, compile.ts): a
// worker thread starts without the parent's loaders, so it registers tsx before loading the
// worker's own module. Compiled JavaScript is loaded as it is.
import { workerData } from 'node:worker_threads';

const { entry } = workerData;
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(entry);
