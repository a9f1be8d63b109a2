/**
 * Voice questions from several people at once: `npx tsx tests/bench/voice-load.bench.ts`
 * (BENCH_PEOPLE, default 5; BENCH_ROUNDS, default 3). A real server (PGlite, the real Whisper
 * and MiniLM of ../shared/models) and that many signed-in users on real sockets, each sending
 * ../shared/audio/jfk_mono_128k.mp3 (11 s of speech) at the same moment, round after round.
 * Prints, from the end of speech (the recording sent) to the spoken answer (answer-voice with its
 * audio), p50, p95 and the slowest; and the server's event-loop delay meanwhile. The knowledge
 * base is empty, so the answer is the short not-found sentence: what is measured is hearing,
 * answering and speaking, not retrieval. Asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AnswerMessage } from '../../src/shared/chat/protocol';
import { SUPER_ENV } from '../support/admin';
import { openChatSocket, signedInChatUser, type ChatClient } from '../support/chat';
import { startTestServer } from '../support/server';
import { sharedPath } from '../support/shared';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const recording = new Uint8Array(readFileSync(sharedPath('audio', 'jfk_mono_128k.mp3')));

function askByVoice(socket: ChatClient): Promise<{ ms: number; answer: AnswerMessage }> {
  const sent = performance.now();
  return new Promise((resolve) => {
    socket.once('answer-voice', (answer) => resolve({ ms: performance.now() - sent, answer }));
    socket.emit('question-voice', {
      event: 'question-voice',
      content: { query: '', sourceMode: 'web', project: 'dish', sessionId: '', audioBuffer: recording },
    });
  });
}

const t = await startTestServer({
  ...SUPER_ENV,
  MODELS_DIR: process.env.MODELS_DIR ?? sharedPath('models'),
  INGEST_INTERVAL: '0',
});
try {
  const sockets = await Promise.all(
    Array.from({ length: PEOPLE }, async () => openChatSocket(t, await signedInChatUser(t))),
  );
  // The first question loads Whisper in its thread: not counted.
  const warm = await askByVoice(sockets[0]!);
  if (warm.answer.content.response.error) throw new Error(warm.answer.content.response.error);
  console.log(`first voice question (loads the model): ${warm.ms.toFixed(0)} ms`);

  const times: number[] = [];
  const failures: string[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  for (let round = 0; round < ROUNDS; round++) {
    const answers = await Promise.all(sockets.map(askByVoice));
    for (const { ms, answer } of answers) {
      const { error, audioPath } = answer.content.response;
      if (error || !audioPath) failures.push(error ?? 'no spoken answer');
      else times.push(ms);
    }
  }
  loop.disable();
  for (const socket of sockets) socket.close();
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? NaN;
  console.log(
    `${PEOPLE} people at once, ${ROUNDS} rounds, 11 s of speech each: end of speech to spoken answer ` +
      `p50 ${at(50).toFixed(0)} ms, p95 ${at(95).toFixed(0)} ms, slowest ${at(100).toFixed(0)} ms` +
      (failures.length ? `; ${failures.length} not answered (${[...new Set(failures)].join('; ')})` : '') +
      `\nevent loop meanwhile: p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms`,
  );
} finally {
  await t.stop();
}
