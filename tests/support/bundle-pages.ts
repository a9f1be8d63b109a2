/**
 * What each page of the built app loads, compressed (issue 34 item 2): shared by the budget test
 * (tests/unit/app/bundle-budget.test.ts) and the bench (tests/bench/bundle.bench.ts).
 *
 * A page's JavaScript is what its first paint needs: the HTML's scripts (inline ones included) and
 * module preloads, with every chunk they import statically, plus the page's own route chunk and
 * its static imports, read from Vite's manifest. What a page loads later, on use, is listed apart
 * (markdown with the first answer, the encoder with the first recording), as are the workers it
 * starts (they run off the main thread). Sizes are brotli (quality 11, as the build's `.br`
 * copies the server sends) and gzip (level 9) for comparison.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Kilobytes (1,024 bytes) of compressed JavaScript each page may load before its first paint. */
export const BUDGETS_KB = {
  landing: 60,
  login: 150,
  register: 150,
  notfound: 150,
  dashboard: 150,
  chat: 150,
  admin: 250,
} as const;
export type PageName = keyof typeof BUDGETS_KB;

/** Each SPA page's route modules (besides the app's entry), as the manifest names them. */
const ROUTE_MODULES: Record<Exclude<PageName, 'landing'>, string[]> = {
  login: ['src/app/features/auth/LoginPage.tsx'],
  register: ['src/app/features/auth/RegisterPage.tsx'],
  // The 404 page is in the entry: any unknown path shows it without a chunk of its own.
  notfound: [],
  dashboard: ['src/app/features/dashboard/DashboardPage.tsx'],
  chat: ['src/app/features/chat/ChatPage.tsx'],
  admin: ['src/app/features/admin/AdminLayout.tsx', 'src/app/features/admin/AdminDashboardPage.tsx'],
};

/** Loaded on use, not with a page: the name and the module the manifest knows it by. */
const ON_USE: { name: string; module: string; page: PageName }[] = [
  { name: 'markdown (first answer shown)', module: 'src/app/features/chat/BotMarkdown.tsx', page: 'chat' },
  {
    name: 'voice encoder bridge (first recording)',
    module: 'src/app/features/voice/encoder.ts',
    page: 'chat',
  },
];

export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface PageFigure extends Size {
  page: PageName;
  /** The files counted (inline scripts as `inline script #n`). */
  files: string[];
  budgetKb: number;
}

export interface LaterFigure extends Size {
  name: string;
  files: string[];
}

export interface BundleFigures {
  pages: PageFigure[];
  /** What loads on use, and the workers: beyond each page's own files. */
  later: LaterFigure[];
}

export function compressed(bytes: Buffer): Size {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The prerendered landing page, when the build made one (vite.config.ts). */
export const LANDING_HTML = 'landing.html';

export async function bundleFigures(dir: string): Promise<BundleFigures> {
  const manifest = JSON.parse(await readFile(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

  /** A module's chunk; one also imported statically somewhere is a shared chunk named after it. */
  const find = (key: string): ManifestChunk | undefined => {
    const shared = `_${path.basename(key, path.extname(key))}-`;
    return (
      manifest[key] ??
      byFile.get(key) ??
      Object.entries(manifest).find(([k]) => k.startsWith(shared) && k.endsWith('.js'))?.[1]
    );
  };

  /** A chunk's file and every file it imports statically, by manifest key or file name. */
  const closure = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      const chunk = find(key);
      if (!chunk) throw new Error(`${key} is not in the build's manifest`);
      if (into.has(chunk.file)) continue;
      into.add(chunk.file);
      closure(chunk.imports ?? [], into);
    }
    return into;
  };

  const sizeOf = async (
    files: Iterable<string>,
    inline: string[] = [],
  ): Promise<Size & { files: string[] }> => {
    const parts = await Promise.all([...files].map((f) => readFile(path.join(dir, f))));
    // Each file is sent (and compressed) on its own.
    const sizes = [...parts, ...inline.map((s) => Buffer.from(s))].map(compressed);
    const sum = (k: keyof Size) => sizes.reduce((total, s) => total + s[k], 0);
    const names = [...files, ...inline.map((_, i) => `inline script #${i + 1}`)];
    return { raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli'), files: names };
  };

  /** Route modules the entry imports statically have no chunk of their own: they are counted with it. */
  const split = (modules: string[]) => modules.filter((m) => find(m));

  const entry = closure(['index.html']);
  const pages: PageFigure[] = [];
  const landingHtml = path.join(dir, LANDING_HTML);
  if (existsSync(landingHtml)) {
    const { files, inline } = scriptsOf(await readFile(landingHtml, 'utf8'));
    pages.push({ page: 'landing', budgetKb: BUDGETS_KB.landing, ...(await sizeOf(closure(files), inline)) });
  } else {
    const files = closure(split(['src/app/features/landing/LandingPage.tsx']), new Set(entry));
    pages.push({ page: 'landing', budgetKb: BUDGETS_KB.landing, ...(await sizeOf(files)) });
  }
  for (const [page, modules] of Object.entries(ROUTE_MODULES) as [Exclude<PageName, 'landing'>, string[]][]) {
    const files = closure(split(modules), new Set(entry));
    pages.push({ page, budgetKb: BUDGETS_KB[page], ...(await sizeOf(files)) });
  }

  const later: LaterFigure[] = [];
  for (const { name, module, page } of ON_USE) {
    const counted = new Set(pages.find((p) => p.page === page)?.files);
    // Not a chunk of its own: loaded with a page, not on use (none of its own files).
    const files = [...closure(split([module]))].filter((f) => !counted.has(f));
    later.push({ name, ...(await sizeOf(files)) });
  }
  const workers = [...new Set(Object.values(manifest).flatMap((c) => c.assets ?? []))].filter((f) =>
    f.endsWith('.js'),
  );
  for (const worker of workers.sort())
    later.push({ name: `worker ${path.basename(worker)}`, ...(await sizeOf([worker])) });
  return { pages, later };
}

/** The source modules bundled into `files`, from their source maps (paths as the maps give them). */
export async function sourcesOf(dir: string, files: string[]): Promise<string[]> {
  const maps = files.filter((f) => existsSync(path.join(dir, `${f}.map`)));
  const sources = await Promise.all(
    maps.map(async (f) => {
      const map = JSON.parse(await readFile(path.join(dir, `${f}.map`), 'utf8')) as { sources: string[] };
      return map.sources;
    }),
  );
  return sources.flat();
}

/** The external scripts and module preloads of a page (as built paths), and its inline scripts. */
function scriptsOf(html: string): { files: string[]; inline: string[] } {
  const files = [
    ...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
  ].map((m) => m[1] ?? '');
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .filter((s) => s.trim());
  return { files, inline };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The figures as a table, for the bench and for a failing test's message. */
export function formatFigures({ pages, later }: BundleFigures): string {
  const row = (name: string, s: Size, extra = '') =>
    `${name.padEnd(44)} ${kb(s.raw).padStart(7)} kB  gzip ${kb(s.gzip).padStart(6)} kB  brotli ${kb(s.brotli).padStart(6)} kB${extra}`;
  return [
    'JavaScript before first paint, per page (budget on brotli):',
    ...pages.map((p) =>
      row(p.page, p, `  budget ${p.budgetKb} kB${p.brotli > p.budgetKb * 1024 ? '  OVER' : ''}`),
    ),
    'Loaded on use, or off the main thread:',
    ...later.map((l) => row(l.name, l)),
  ].join('\n');
}
