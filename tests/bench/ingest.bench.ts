/**
 * Ingestion and search figures on this machine: `npx tsx tests/bench/ingest.bench.ts`
 * (with DATABASE_URL for PostgreSQL). The documents are indexed with the real sentence-embedding
 * model (EMBEDDING_MODEL, all-MiniLM-L6-v2 by default, from MODELS_DIR, ../shared/models by
 * default): once, or copies of them until BENCH_CHUNKS passages. Prints items/s and passages/s;
 * asserts nothing. Results are kept in docs/performance.md.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pino from 'pino';
import { retrieve } from '../../src/server/answering/retrieval';
import { openDatabase } from '../../src/server/db/client';
import { ingestedData } from '../../src/server/db/schema';
import { crawlSite } from '../../src/server/knowledge/connectors/web';
import { extractPdfPages } from '../../src/server/knowledge/connectors/pdf';
import { extractWord } from '../../src/server/knowledge/connectors/word';
import { loadEmbedder } from '../../src/server/knowledge/index/embeddings';
import { modelPrefixes } from '../../src/server/knowledge/index/model-prefixes';
import { detectLanguage } from '../../src/server/knowledge/index/language';
import { SearchIndex } from '../../src/server/knowledge/index/search-index';
import { seedQueryingAppProjects } from '../../src/server/projects/seed';
import { material, sharedPath } from '../support/shared';
import { fillIndex } from './corpus';
import { createPostgresDatabase } from '../support/server';

const log = pino({ level: 'warn' });
const TARGET_CHUNKS = Number(process.env.BENCH_CHUNKS ?? 1);
const rate = (n: number, ms: number) => (n / (ms / 1000)).toFixed(1);
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

// 1. PDF extraction -------------------------------------------------------------------------
const pdfBytes = material('documents/pdf/rehabilitation-act-of-1973-amended-by-wioa.pdf');
await extractPdfPages(pdfBytes.slice()); // the first call loads pdf.js
let started = performance.now();
const pdf = await extractPdfPages(pdfBytes.slice());
const pdfMs = performance.now() - started;
console.log(
  `pdf extraction: ${pdf.pageCount} pages in ${pdfMs.toFixed(0)} ms = ${rate(pdf.pageCount, pdfMs)} pages/s`,
);

// 2. Crawling a local site of 276 pages (1 home, 25 sections, 250 articles of real text) ----------
const paragraphs = pdf.pages.filter((p) => p.length > 200);
const site = new Map<string, string>();
const page = (title: string, body: string, links: string[]) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><nav>${links
    .map((l) => `<a href="${l}">${l}</a>`)
    .join(' ')}</nav><main><article><h1>${title}</h1>${body
    .split(/\n\n+/)
    .map((p) => `<p>${p.replace(/</g, '&lt;')}</p>`)
    .join('')}</article></main></body></html>`;
site.set(
  '/index.html',
  page(
    'Home',
    paragraphs[0] ?? '',
    Array.from({ length: 25 }, (_, s) => `/s${s}/index.html`),
  ),
);
for (let s = 0; s < 25; s++) {
  const articles = Array.from({ length: 10 }, (_, a) => `/s${s}/a${a}.html`);
  site.set(`/s${s}/index.html`, page(`Section ${s}`, paragraphs[s + 1] ?? '', articles));
  articles.forEach((href, a) =>
    site.set(
      href,
      page(`Article ${s}.${a}`, paragraphs[(s * 10 + a) % paragraphs.length] ?? '', ['/index.html']),
    ),
  );
}
const server = createServer((req, res) => {
  const body = site.get(new URL(req.url ?? '/', 'http://x').pathname);
  if (!body) res.writeHead(404).end();
  else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };
started = performance.now();
let crawled = 0;
for await (const p of crawlSite({
  startUrl: `http://127.0.0.1:${port}/index.html`,
  depth: 2,
  allowPrivate: true,
})) {
  if (p.status === 'fetched') crawled++;
}
const crawlMs = performance.now() - started;
server.close();
console.log(
  `crawl: ${crawled} pages in ${crawlMs.toFixed(0)} ms = ${rate(crawled, crawlMs)} pages/s (concurrency 4)`,
);

// 3. The real sentence-embedding model, as the server loads it --------------------------------
const model = process.env.EMBEDDING_MODEL ?? 'multilingual-e5-small';
const embedder = await loadEmbedder(
  {
    modelsDir: path.resolve(process.env.MODELS_DIR ?? sharedPath('models')),
    model,
    allowRemote: false,
    prefixes: modelPrefixes(model),
  },
  model,
  log,
);

// 4. The documents indexed (passages, embeddings, rows), then search latency ---------------------
const documents = [
  { title: 'Rehabilitation Act', body: pdf.body },
  ...(await Promise.all(
    [
      'docx/daisy_Authoring_Guidelines_For_using_SaveAsDAISY.docx',
      'docx/gsa_Technology-Accessibility-Playbook-2018-Update.docx',
      'docx/gsa_Transcript_February_2018_Accessibility_Community_Meeting.docx',
      'docx/daisy_Hindi_Sample.docx',
      'doc/daisy_ORP00001_Orpheus_speech_synthesiser_manual.doc',
    ].map((f) => extractWord(material('documents', f))),
  )),
];
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dish-bench-'));
const pg = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : undefined;
const database = await openDatabase({ databaseUrl: pg?.url, dataDir });
try {
  const { db } = database;
  await seedQueryingAppProjects(db);
  const index = await SearchIndex.open(db, embedder, log);
  started = performance.now();
  const chunks = await fillIndex(
    db,
    index,
    documents.map((d) => ({ ...d, language: detectLanguage(d.body) })),
    TARGET_CHUNKS,
  );
  const indexMs = performance.now() - started;
  const [{ items } = { items: 0 }] = await db.select({ items: count() }).from(ingestedData);
  console.log(
    `index (${database.kind}, ${model}, vectors ${index.usesVectors ? 'on' : 'off'}): ${items} items, ${chunks} passages in ${(indexMs / 1000).toFixed(1)} s = ` +
      `${(items / (indexMs / 1000)).toFixed(2)} items/s, ${rate(chunks, indexMs)} passages/s including embedding`,
  );
  const sample = Array.from({ length: 256 }, (_, i) => documents[0]!.body.slice(i * 900, i * 900 + 900));
  started = performance.now();
  await embedder.embed(sample, { as: 'passage' });
  console.log(
    `embedding alone: ${rate(sample.length, performance.now() - started)} texts of 900 characters/s (${model})`,
  );
  const faq = await readFile(
    sharedPath('material/retrieval/accessibility_faq/gsa_section508_accessibility_faq.yaml'),
    'utf8',
  );
  const questions = [...faq.matchAll(/^\s*q:\s*(.+)$/gm)].map((m) => m[1]!.trim());
  for (const q of questions.slice(0, 3)) await retrieve(db, index, q, { projects: ['dish'] }); // warm up
  const times: number[] = [];
  for (let round = 0; round < 4; round++) {
    for (const q of questions) {
      const t0 = performance.now();
      await retrieve(db, index, q, { projects: ['dish'] });
      times.push(performance.now() - t0);
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    `search (${database.kind}, ${chunks} chunks, ${times.length} queries): p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`,
  );
} finally {
  await database.close();
  await pg?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
