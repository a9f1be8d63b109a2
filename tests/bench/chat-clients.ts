/**
 * The chat bench's people: socket.io clients, each its own session, authenticated by the bench's
 * project key and spread over the servers' URLs in turn.
 */
import { io as connect } from 'socket.io-client';
import type { AnswerMessage } from '../../src/shared/chat/protocol';
import type { ChatClient } from '../support/chat';
import { BENCH_KEY } from './chat-servers';

export const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** `count` connected clients, opened 50 at a time so that the handshakes do not time out. */
export async function connectClients(urls: string[], count: number, tag: string): Promise<ChatClient[]> {
  const sockets: ChatClient[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, (_, j) => {
      const i = start + j;
      const socket: ChatClient = connect(urls[i % urls.length], {
        path: '/socket.io',
        query: { session_id: `bench-${tag}-${i}` },
        auth: { apiKey: BENCH_KEY },
        transports: ['websocket'],
        reconnection: false,
      });
      return new Promise<ChatClient>((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Asks one question; resolves with its latency and whether it was answered without an error. */
export async function ask(socket: ChatClient, query: string): Promise<{ ms: number; ok: boolean }> {
  const t0 = performance.now();
  const answer = await new Promise<AnswerMessage | null>((resolve) => {
    // A lost answer counts as an error instead of stalling the run.
    const timer = setTimeout(() => resolve(null), 180_000);
    socket.once('answer-text', (message) => {
      clearTimeout(timer);
      resolve(message);
    });
    socket.emit('question-text', {
      event: 'question-text',
      content: { query, sourceMode: 'web', project: 'dish', sessionId: '' },
    });
  });
  return { ms: performance.now() - t0, ok: !!answer && !answer.content.response.error };
}

export interface Tally {
  latencies: number[];
  errors: number;
}

/**
 * Every client asks its next question as soon as the previous one is answered, until it has asked
 * `perClient` or `stop()` says so.
 */
export async function askAll(
  sockets: ChatClient[],
  questions: string[],
  { perClient = Infinity, stop = () => false }: { perClient?: number; stop?: () => boolean },
  tally: Tally = { latencies: [], errors: 0 },
): Promise<Tally> {
  // Client i asks questions i·k, i·k + 1, …: with a count per client, each question once in turn.
  const k = Number.isFinite(perClient) ? perClient : 7;
  await Promise.all(
    sockets.map(async (socket, i) => {
      for (let n = 0; n < perClient && !stop(); n++) {
        const { ms, ok } = await ask(socket, questions[(i * k + n) % questions.length]!);
        tally.latencies.push(ms);
        if (!ok) tally.errors++;
      }
    }),
  );
  return tally;
}

/** "p50 / p95 / p99" of the latencies, in ms or s. */
export function latencySummary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const show = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);
  return `p50 ${show(percentile(sorted, 0.5))}, p95 ${show(percentile(sorted, 0.95))}, p99 ${show(percentile(sorted, 0.99))}`;
}
