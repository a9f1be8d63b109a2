/**
 * Chat figures: `npx tsx tests/bench/chat.bench.ts` (DATABASE_URL for PostgreSQL; BENCH_CHUNKS).
 * A real server over a knowledge base of 20,000+ chunks; 1, 50 and 200 socket clients (each its
 * own session, authenticated by a project API key) ask FAQ questions. Prints answer latency
 * p50/p95/p99 and questions answered per second; asserts nothing.
 */
import { io as connect, type Socket } from 'socket.io-client';
import type {
  AnswerMessage,
  ClientToServerEvents,
  ServerToClientEvents,
} from '../../src/shared/chat/protocol';
import { sha256 } from '../../src/server/auth/secrets';
import { projectKeys } from '../../src/server/db/schema';
import { startTestServer } from '../support/server';
import { copyIndex, searchBenchDocuments } from './corpus';
import { loadFaqPairs } from './faq';

const TARGET_CHUNKS = Number(process.env.BENCH_CHUNKS ?? 20_000);
const QUESTIONS_PER_CLIENT = Number(process.env.BENCH_QUESTIONS ?? 3);
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

// One key asks for every client: its own limit is not what is measured.
const t = await startTestServer({ INGEST_INTERVAL: '0', API_KEY_REQUESTS_PER_MINUTE: '100000' });
const { db } = t.server.database;
try {
  await db
    .insert(projectKeys)
    .values({ project: 'dish', name: 'Bench', prefix: 'bench-', hash: sha256('bench-key') });
  const documents = await searchBenchDocuments();
  const chunks = await copyIndex(db, t.server.index, documents, TARGET_CHUNKS);
  const questions = (await loadFaqPairs()).map((p) => p.question);
  console.log(
    `knowledge base: ${chunks} chunks on ${t.server.database.kind}; ${QUESTIONS_PER_CLIENT} questions per client`,
  );

  for (const clients of (process.env.BENCH_CLIENTS ?? '1,50,200').split(',').map(Number)) {
    const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = await Promise.all(
      Array.from({ length: clients }, (_, i) => {
        const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(t.url, {
          path: '/socket.io',
          query: { session_id: `bench-${clients}-${i}` },
          auth: { apiKey: 'bench-key' },
          transports: ['websocket'],
          reconnection: false,
        });
        return new Promise<typeof socket>((resolve, reject) => {
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        });
      }),
    );
    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    await Promise.all(
      sockets.map(async (socket, i) => {
        for (let n = 0; n < QUESTIONS_PER_CLIENT; n++) {
          const query = questions[(i * QUESTIONS_PER_CLIENT + n) % questions.length]!;
          const t0 = performance.now();
          const answer = await new Promise<AnswerMessage | null>((resolve) => {
            // A lost answer counts as an error instead of stalling the run.
            const timer = setTimeout(() => resolve(null), 120_000);
            socket.once('answer-text', (message) => {
              clearTimeout(timer);
              resolve(message);
            });
            socket.emit('question-text', {
              event: 'question-text',
              content: { query, sourceMode: 'web', project: 'dish', sessionId: '' },
            });
          });
          latencies.push(performance.now() - t0);
          if (!answer || answer.content.response.error) errors++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      `${String(clients).padStart(3)} clients: ${latencies.length} answers in ${seconds.toFixed(1)} s = ${(latencies.length / seconds).toFixed(1)} q/s; ` +
        `latency p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${percentile(latencies, 0.95).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms; errors ${errors}`,
    );
    for (const s of sockets) s.close();
  }
} finally {
  await t.stop();
}
