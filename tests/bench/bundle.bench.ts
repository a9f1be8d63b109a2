/**
 * Size of what a first visit downloads: `npx vite build && npx tsx tests/bench/bundle.bench.ts`.
 * Prints each page's JavaScript (brotli, gzip; the same figures the budget test checks, from
 * tests/support/bundle-pages.ts), then raw and gzip sizes of every built file; asserts nothing.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleFigures, formatFigures } from '../support/bundle-pages';

const dir = path.resolve(process.argv[2] ?? 'dist/app');
console.log(formatFigures(await bundleFigures(dir)));
console.log('\nEvery file:');
const files = (await readdir(dir, { recursive: true })).filter((f) => /\.(js|css|html|webmanifest)$/.test(f));
let raw = 0;
let gz = 0;
for (const file of files.sort()) {
  const full = path.join(dir, file);
  if (!(await stat(full)).isFile()) continue;
  const bytes = await readFile(full);
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gz += zipped;
  console.log(
    `${file.padEnd(40)} ${(bytes.length / 1024).toFixed(1).padStart(8)} kB  gzip ${(zipped / 1024).toFixed(1).padStart(7)} kB`,
  );
}
console.log(
  `${'total'.padEnd(40)} ${(raw / 1024).toFixed(1).padStart(8)} kB  gzip ${(gz / 1024).toFixed(1).padStart(7)} kB`,
);
