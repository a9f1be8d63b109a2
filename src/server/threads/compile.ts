/**
 * A worker thread of a server that runs from its TypeScript sources gets its entry as JavaScript,
 * bundled by esbuild once per process, rather than registering tsx in its own isolate. tsx in a
 * worker cost about 30 MB and half a second at each start, and the PDF reader's worker, which
 * loads pdf.js through it, held 377 MB instead of 52 MB (docs/performance.md, "bombs.bench").
 *
 * Packages stay outside the bundle, imported by name: the bundle is written under the project's
 * node_modules/.cache, from where Node finds them (and `createRequire(import.meta.url)` finds
 * theirs) as it would from the sources.
 */
import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CACHE = fileURLToPath(new URL('../../../node_modules/.cache/dish-threads/', import.meta.url));

const bundles = new Map<string, Promise<URL | null>>();

/**
 * The bundled JavaScript of the TypeScript module at `source`, or null when it cannot be made
 * (no esbuild, a read-only node_modules): the caller then runs the sources through tsx.
 */
export function compiledEntry(source: URL): Promise<URL | null> {
  let bundle = bundles.get(source.href);
  if (!bundle) {
    bundle = bundleOf(source).catch((error: unknown) => {
      process.emitWarning(
        `worker threads run their TypeScript through tsx, which takes more memory: ${(error as Error).message}`,
        { code: 'DISH_THREAD_BUNDLE' },
      );
      return null;
    });
    bundles.set(source.href, bundle);
  }
  return bundle;
}

async function bundleOf(source: URL): Promise<URL> {
  const { build } = await import('esbuild');
  const outdir = path.join(CACHE, 'out');
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(source)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // The parsers a job imports when first asked stay separate chunks, loaded only then (jobs.ts).
    splitting: true,
    outdir,
    write: false,
    logLevel: 'silent',
  });
  const files = outputFiles.map((f) => ({ name: path.relative(outdir, f.path), contents: f.contents }));
  // Named by content: processes (and versions of the code) side by side never share a half-written folder.
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.name).update(f.contents);
  const dir = path.join(CACHE, hash.digest('hex').slice(0, 16));
  const entry = path.join(dir, `${path.basename(fileURLToPath(source), '.ts')}.js`);
  if (!(await exists(entry))) await writeFolder(dir, files);
  return pathToFileURL(entry);
}

/** Writes the files beside `dir` and renames them into place, so a reader sees all or nothing. */
async function writeFolder(dir: string, files: { name: string; contents: Uint8Array }[]): Promise<void> {
  const temporary = `${dir}.${randomUUID()}`;
  await mkdir(temporary, { recursive: true });
  try {
    for (const f of files) {
      await mkdir(path.dirname(path.join(temporary, f.name)), { recursive: true });
      await writeFile(path.join(temporary, f.name), f.contents);
    }
    await rename(temporary, dir).catch((error: NodeJS.ErrnoException) => {
      // Another process put the same bundle there first.
      if (error.code !== 'EEXIST' && error.code !== 'ENOTEMPTY') throw error;
    });
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
