/**
 * What each sentence-embedding model costs on this machine: `npx tsx tests/bench/models.bench.ts`
 * (BENCH_MODELS=a,b; `a+b` is a with b as its second model, EMBEDDING_SECOND_MODEL; by default
 * the server's default pair and each model alone, from MODELS_DIR). Prints, per model or pair:
 *
 * - memory: the tokenizer alone (its tables in JavaScript) and the whole model, each in a
 *   process of its own (RSS and V8 heap added);
 * - one question's embedding, p50 and p95 over the evaluation set's 100 questions, one at a time
 *   through the embedding thread as the server asks (after a warm-up);
 * - indexing the 190-page Rehabilitation Act PDF through a real server (PGlite): pages a second,
 *   passages a second, and when its sentences' search rows, made in the background, are done;
 * - the server's CPU per answer (all its threads: the database's and the model's too) over the
 *   100 questions against that index, once its sentences are searched;
 * - the idle RSS of a server started as `npm run serve` does, with the model and Whisper not
 *   loaded (it loads on the first voice question), once started and after ten questions.
 *
 * Asserts nothing; the figures are kept in docs/performance.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/raw';
import { searchAndCompose } from '../../src/server/answering/ask';
import { modelPrefixes } from '../../src/server/knowledge/index/model-prefixes';
import { loadThreadedEmbedder } from '../../src/server/knowledge/index/embedder-threaded';
import { compactVocabulary } from '../../src/server/models/compact-vocabulary';
import { transformers } from '../../src/server/models/transformers';
import { addSource, form, signInSuper } from '../support/admin';
import { askOnce, openChatSocket, signedInChatUser } from '../support/chat';
import { startServerProcess } from '../support/server-process';
import { material, sharedPath } from '../support/shared';
import { percentile } from './answers-scoring';
import { startBenchServer } from './bench-server';

const MB = 1024 * 1024;

/** `a+b`: model a, with b as its second; `a`: a alone. As the server's settings name them. */
const settingsOf = (entry: string) => {
  const [first, second] = entry.split('+') as [string, string | undefined];
  return { EMBEDDING_MODEL: first, EMBEDDING_SECOND_MODEL: second ?? 'none' };
};

/** The entry's model (and second) in their thread, as the server loads them. */
const loadModels = (entry: string) => {
  const { EMBEDDING_MODEL: model, EMBEDDING_SECOND_MODEL: second } = settingsOf(entry);
  const options = (name: string) => ({
    modelsDir,
    allowRemote: false,
    model: name,
    prefixes: modelPrefixes(name),
  });
  return loadThreadedEmbedder(
    options(model),
    model,
    { info: () => undefined },
    undefined,
    second === 'none' ? undefined : { options: options(second), id: second },
  );
};
const modelsDir = path.resolve(process.env.MODELS_DIR ?? sharedPath('models'));

const questions = (await readFile(sharedPath('material/eval/questions.jsonl'), 'utf8'))
  .split('\n')
  .filter(Boolean)
  .map((line) => (JSON.parse(line) as { question: string }).question);

// A child run of this file measures one model's memory in a process of its own.
if (process.argv[2] === '--memory') {
  console.log(JSON.stringify(await memoryOf(process.argv[3]!)));
  process.exit(0);
}

const models = (
  process.env.BENCH_MODELS ?? 'multilingual-e5-small+all-MiniLM-L6-v2,multilingual-e5-small,all-MiniLM-L6-v2'
).split(',');
const rows: Record<string, Record<string, string>> = {};
for (const model of models) {
  console.log(`\n# ${model}`);
  rows[model] = {
    ...memory(model),
    ...(await questionTimes(model)),
    ...(await indexing(model)),
    ...(await idleServer(model)),
  };
  for (const [figure, value] of Object.entries(rows[model])) console.log(`${figure}: ${value}`);
}
console.log(`\n| figure | ${models.join(' | ')} |\n| --- | ${models.map(() => '---').join(' | ')} |`);
for (const figure of Object.keys(rows[models[0]!]!))
  console.log(`| ${figure} | ${models.map((m) => rows[m]![figure]).join(' | ')} |`);

/** The tokenizer alone, then the whole model, in this (fresh) process: what each adds. */
async function memoryOf(model: string) {
  const before = process.memoryUsage();
  const { AutoTokenizer } = await transformers({ modelsDir, allowRemote: false });
  // The import's garbage collected first, so that the heap's growth is the tokenizer's alone.
  global.gc?.();
  const afterImport = process.memoryUsage();
  const tokenizer = await AutoTokenizer.from_pretrained(settingsOf(model).EMBEDDING_MODEL);
  global.gc?.();
  const afterTokenizer = process.memoryUsage();
  // As the embedding thread holds it (models/compact-vocabulary.ts), for a Unigram vocabulary.
  const compacted = compactVocabulary(tokenizer);
  global.gc?.();
  const afterCompacting = process.memoryUsage();
  const embedder = await loadModels(model);
  await embedder.embed(questions.slice(0, 16), { as: 'query' });
  await embedder.second?.embed(questions.slice(0, 16), { as: 'query' });
  const afterModel = process.memoryUsage();
  await embedder.dispose?.();
  return {
    library: (afterImport.rss - before.rss) / MB,
    tokenizerRss: (afterTokenizer.rss - afterImport.rss) / MB,
    tokenizerHeap: (afterTokenizer.heapUsed - afterImport.heapUsed) / MB,
    compactedHeap: compacted ? (afterCompacting.heapUsed - afterImport.heapUsed) / MB : null,
    modelRss: (afterModel.rss - afterTokenizer.rss) / MB,
    vocabulary: tokenizer.get_vocab().size,
  };
}

function memory(model: string): Record<string, string> {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', import.meta.filename, '--memory', model],
    { encoding: 'utf8' },
  );
  const m = JSON.parse(out.trim().split('\n').at(-1)!) as Awaited<ReturnType<typeof memoryOf>>;
  return {
    'Transformers.js and ONNX Runtime imported (RSS)': `${m.library.toFixed(0)} MB`,
    'tokenizer alone: RSS / V8 heap': `${m.tokenizerRss.toFixed(0)} / ${m.tokenizerHeap.toFixed(0)} MB (${m.vocabulary.toLocaleString('en')} pieces)`,
    'its vocabulary compacted: V8 heap':
      m.compactedHeap === null ? 'kept as loaded' : `${m.compactedHeap.toFixed(0)} MB`,
    'model loaded in its thread and used (RSS)': `${m.modelRss.toFixed(0)} MB`,
  };
}

/** One question at a time through the embedding thread, as the server embeds a question. */
async function questionTimes(model: string): Promise<Record<string, string>> {
  const embedder = await loadModels(model);
  // As retrieval asks: both models' vectors of the question at once.
  const embed = (q: string) =>
    Promise.all(
      [embedder, embedder.second ?? null].flatMap((e) =>
        e ? [e.embed([q], { as: 'query', urgent: true })] : [],
      ),
    );
  try {
    for (const q of questions.slice(0, 10)) await embed(q);
    const times: number[] = [];
    for (const q of questions) {
      const started = performance.now();
      await embed(q);
      times.push(performance.now() - started);
    }
    return {
      'one question embedded, p50 / p95': `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms`,
    };
  } finally {
    await embedder.dispose?.();
  }
}

/** The Rehabilitation Act uploaded to a real server and indexed; then the questions asked of it. */
async function indexing(model: string): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dish-models-'));
  const t = await startBenchServer(
    dataDir,
    settingsOf(model).EMBEDDING_MODEL,
    settingsOf(model).EMBEDDING_SECOND_MODEL,
  );
  const { server } = t;
  try {
    const admin = await signInSuper(t);
    const source = await addSource(admin, 'Law');
    const file = 'documents/pdf/rehabilitation-act-of-1973-amended-by-wioa.pdf';
    await admin.post(
      '/admin/add_data',
      form({ queryingApp: 'dish', data_type: 'pdf', source, project: 'dish', location: 'United States' }, [
        { name: path.basename(file), bytes: material(file) },
      ]),
    );
    const started = performance.now();
    while ((await server.worker.runNow()) > 0) {
      /* until the queue is empty */
    }
    const seconds = (performance.now() - started) / 1000;
    // Its sentences' search rows are made in the background after it is indexed; answers are
    // measured once they are, as a knowledge base is answered from most of the time.
    await server.index.sentencesSearched();
    const searched = (performance.now() - started) / 1000;
    const [row] = await queryRows<{ passages: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS passages FROM chunks`,
    );
    // The answers' own work, without sockets: every thread of this process (the database's and
    // the model's included) while the questions are searched and answered one at a time.
    const deps = { db: server.database.db, index: server.index };
    await searchAndCompose(deps, 'dish', questions[0]!, 'en', null);
    const cpu = process.cpuUsage();
    for (const q of questions) await searchAndCompose(deps, 'dish', q, '', null);
    const used = process.cpuUsage(cpu);
    return {
      'the Rehabilitation Act (190 pages) indexed': `${seconds.toFixed(0)} s: ${(190 / seconds).toFixed(2)} pages/s, ${((row?.passages ?? 0) / seconds).toFixed(1)} passages/s; its sentences searched after ${searched.toFixed(0)} s`,
      'CPU per answer (searching and composing, all threads)': `${((used.user + used.system) / 1000 / questions.length).toFixed(1)} ms`,
    };
  } finally {
    await t.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A server as `npm run serve` starts it: its RSS once idle, and after ten typed questions. */
async function idleServer(model: string): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dish-idle-'));
  const server = await startServerProcess(dataDir, {
    ...settingsOf(model),
    MODELS_DIR: modelsDir,
    MALLOC_ARENA_MAX: '2',
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const idle = server.rss() / MB;
    const t = { url: server.url };
    const socket = await openChatSocket(t, await signedInChatUser(t));
    for (const q of questions.slice(0, 10)) await askOnce(socket, q);
    socket.close();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    return {
      'server idle RSS, Whisper not loaded: started / after ten questions': `${idle.toFixed(0)} / ${(server.rss() / MB).toFixed(0)} MB`,
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
