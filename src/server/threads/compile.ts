/**
 * A worker thread of a server that runs from its TypeScript sources gets its entry as JavaScript,
 * bundled by esbuild once per process, rather than registering tsx in its own isolate. tsx in a
 * worker cost about 30 MB and half a second at each start, and the PDF reader's worker, which
 * loads pdf.js through it, held 377 MB instead of 52 MB (docs/performance.md, "bombs.bench").
 *
 * Packages stay outside the bundle, imported by name: the bundle is written under the project's
 * node_modules/.cache, from where Node finds them (and `createRequire(import.meta.url)` finds
 * theirs) as it would from the sources.
 *
 * Each version of the code leaves a folder there (about 70 KB). A process marks its folder in use
 * (its mtime) when it bundles and at each thread start, and the first bundle of a process removes
 * the folders nobody has used for a week: a running process of another version keeps its own.
 */
import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CACHE = fileURLToPath(new URL('../../../node_modules/.cache/dish-threads/', import.meta.url));

/** A bundle's folder (its content hash), or the temporary one it was written in (writeFolder). */
const BUNDLE_FOLDER = /^[0-9a-f]{16}(\.[0-9a-f-]{36})?$/;
const BUNDLE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const bundles = new Map<string, Promise<URL | null>>();
/** Started by the process's first bundle: old folders are looked for once per process. */
let pruning: Promise<void> | undefined;

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
  } else {
    // A long-running process starting threads keeps its folder fresh, so no other version prunes it.
    void bundle.then((url) => url && markInUse(path.dirname(fileURLToPath(url))));
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
  // Marked before pruning: a folder found from an earlier run of this version may be a week old.
  await markInUse(dir);
  pruning ??= pruneBundles(CACHE, Date.now(), BUNDLE_MAX_AGE_MS);
  return pathToFileURL(entry);
}

/**
 * Removes the bundle folders (and temporary folders left by a crash) under `cache` that were
 * last used more than `maxAgeMs` before `now`. Never fails: a folder it cannot read or remove
 * stays for the next process to try, and the bundle is no less usable.
 */
export async function pruneBundles(cache: string, now: number, maxAgeMs: number): Promise<void> {
  const names = await readdir(cache).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => BUNDLE_FOLDER.test(name))
      .map(async (name) => {
        const folder = path.join(cache, name);
        try {
          if (now - (await stat(folder)).mtimeMs > maxAgeMs)
            await rm(folder, { recursive: true, force: true });
        } catch {
          // Removed meanwhile by another process, or not ours to remove.
        }
      }),
  );
}

/** The folder's mtime is when a process last used it (the files' own times are left alone). */
async function markInUse(dir: string): Promise<void> {
  const now = new Date();
  await utimes(dir, now, now).catch(() => undefined);
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
