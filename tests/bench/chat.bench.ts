/**
 * Chat figures: `npx tsx tests/bench/chat.bench.ts`. A real server over a knowledge base of
 * 20,000+ chunks (BENCH_CHUNKS); BENCH_CLIENTS socket clients (1,50,200 by default; 1000 works),
 * each its own session authenticated by a project API key, ask BENCH_QUESTIONS FAQ questions each.
 * Prints per client count the answers per second, latency p50/p95/p99, errors, and the servers'
 * event-loop delay (monitorEventLoopDelay p99 and max) while the round ran, and the CPU time each
 * part used per answer (cpu-time.ts: this process, the server processes, PostgreSQL, Redis).
 * Asserts nothing.
 *
 * - The server runs in this process by default (PGlite, or PostgreSQL with DATABASE_URL): its
 *   event loop is the clients' too.
 * - BENCH_WEB_PROCESSES=n spawns n real server processes instead (n > 1 needs DATABASE_URL and
 *   REDIS_URL; one process without DATABASE_URL is on PGlite), the corpus loaded once beforehand,
 *   the clients spread over them; each is sampled through tests/bench/loop-probe.ts.
 * - BENCH_SOAK_MINUTES=m: instead of rounds, the first BENCH_CLIENTS count asks continuously for
 *   m minutes; the servers' RSS and event-loop delay are sampled every 5 s.
 * - BENCH_INGEST=1 (server in this process): the same, for as long as the server indexes the
 *   bench's documents again (SearchIndex.indexItem, embedding included, as the ingestion worker
 *   does after parsing them in its sandbox thread).
 */
import { askAll, connectClients, latencySummary, type Tally } from './chat-clients';
import { startInProcess, startProcesses, type BenchServers, type Sample } from './chat-servers';
import { searchBenchDocuments } from './corpus';
import { cpuTimes, perAnswer } from './cpu-time';
import { loadFaqPairs } from './faq';

const TARGET_CHUNKS = Number(process.env.BENCH_CHUNKS ?? 20_000);
const QUESTIONS_PER_CLIENT = Number(process.env.BENCH_QUESTIONS ?? 3);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,50,200').split(',').map(Number);
const PROCESSES = Number(process.env.BENCH_WEB_PROCESSES ?? 0);
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 0);
const INGEST = process.env.BENCH_INGEST === '1';

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const loop = (samples: Sample[]) =>
  samples.map((s) => `p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(0)} ms`).join(' | ');

const servers: BenchServers = PROCESSES
  ? await startProcesses(PROCESSES, TARGET_CHUNKS)
  : await startInProcess(TARGET_CHUNKS);
try {
  const questions = (await loadFaqPairs()).map((p) => p.question);
  console.log(`${servers.description}; knowledge base: ${servers.chunks} chunks`);
  // One question per server first, not counted: a spawned process loads its model on first use.
  const warmUp = await connectClients(servers.urls, servers.urls.length, 'warm-up');
  await askAll(warmUp, questions, { perClient: 1 });
  for (const s of warmUp) s.close();
  if (SOAK_MINUTES)
    await soak(
      `for ${SOAK_MINUTES} min`,
      CLIENTS[0]!,
      questions,
      () => new Promise((r) => setTimeout(r, SOAK_MINUTES * 60_000)),
    );
  else if (INGEST) {
    if (!servers.ingest) throw new Error('BENCH_INGEST needs the server in this process');
    // Read here, before the clients ask: the server reads files in a sandbox thread, not on its loop.
    const documents = await searchBenchDocuments();
    const ingest = servers.ingest;
    await soak('while the bench documents are indexed again', CLIENTS[0]!, questions, () =>
      ingest(documents),
    );
  } else {
    console.log(`${QUESTIONS_PER_CLIENT} questions per client; event loop per server process`);
    for (const clients of CLIENTS) {
      const sockets = await connectClients(servers.urls, clients, String(clients));
      await servers.sample();
      const cpuBefore = cpuTimes(servers.pids);
      const started = performance.now();
      const tally = await askAll(sockets, questions, { perClient: QUESTIONS_PER_CLIENT });
      const seconds = (performance.now() - started) / 1000;
      const cpuAfter = cpuTimes(servers.pids);
      const during = await servers.sample();
      const n = tally.latencies.length;
      console.log(
        `${String(clients).padStart(4)} clients: ${n} answers in ${seconds.toFixed(1)} s = ${(n / seconds).toFixed(1)} /s; ` +
          `${latencySummary(tally.latencies)}; errors ${tally.errors}; event loop ${loop(during)}\n` +
          `      CPU per answer: ${perAnswer(cpuBefore, cpuAfter, n)}`,
      );
      for (const s of sockets) s.close();
    }
  }
} finally {
  await servers.stop();
}

/** `clients` ask continuously until `work` is done; RSS and event-loop delay every 5 s. */
async function soak(
  label: string,
  clients: number,
  questions: string[],
  work: () => Promise<unknown>,
): Promise<void> {
  const sockets = await connectClients(servers.urls, clients, 'soak');
  const samples: Sample[][] = [await servers.sample()];
  console.log(
    `soak: ${clients} clients asking continuously ${label}; RSS at start ${mb(samples[0]![0]!.rss)}`,
  );
  const started = performance.now();
  const tally: Tally = { latencies: [], errors: 0 };
  let done = false;
  const asking = askAll(sockets, questions, { stop: () => done }, tally);
  const timer = setInterval(() => {
    void servers.sample().then((s) => {
      samples.push(s);
      if (samples.length % 12 === 1)
        console.log(
          `  ${((performance.now() - started) / 60_000).toFixed(1)} min: ${tally.latencies.length} answers, ` +
            `RSS ${s.map((p) => mb(p.rss)).join(' | ')}; event loop (last 5 s) ${loop(s)}`,
        );
    });
  }, 5_000);
  await work().finally(() => (done = true));
  await asking;
  clearInterval(timer);
  samples.push(await servers.sample());
  const seconds = (performance.now() - started) / 1000;
  for (const s of sockets) s.close();

  for (let p = 0; p < samples[0]!.length; p++) {
    const rss = samples.map((s) => s[p]!.rss);
    const p99s = samples
      .slice(1)
      .map((s) => s[p]!.p99)
      .sort((a, b) => a - b);
    const maxes = samples.slice(1).map((s) => s[p]!.max);
    console.log(
      `server ${p + 1}: RSS start ${mb(rss[0]!)}, middle ${mb(rss[Math.floor(rss.length / 2)]!)}, ` +
        `end ${mb(rss.at(-1)!)}, highest ${mb(Math.max(...rss))}; event-loop p99 per 5 s: ` +
        `median ${p99s[Math.floor(p99s.length / 2)]!.toFixed(1)} ms, worst ${p99s.at(-1)!.toFixed(1)} ms; ` +
        `max ${Math.max(...maxes).toFixed(0)} ms`,
    );
  }
  const n = tally.latencies.length;
  console.log(
    `soak: ${n} answers in ${seconds.toFixed(0)} s = ${(n / seconds).toFixed(1)} /s; ${latencySummary(tally.latencies)}; errors ${tally.errors}`,
  );
}
