/**
 * The speech worker thread: holds the Whisper pipeline and transcribes one recording at a time,
 * so that the seconds of feature extraction and decoding never stall the server's event loop
 * (they held it for up to 750 ms per recording on the main thread). See whisper-threaded.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { AsrPipeline, LoadAsr, WhisperModel } from './stt-whisper';
import { loadTransformersAsr } from './whisper-transformers';
import type { SpeechReply, SpeechRequest } from './whisper-threaded';

const port = parentPort;
if (!port) throw new Error('whisper-thread.ts runs only as a worker thread (see whisper-threaded.ts).');

const { model, options } = (workerData as { data: { model: WhisperModel; options: Parameters<LoadAsr>[1] } })
  .data;
const send = (reply: SpeechReply) => port.postMessage(reply);

let asr: AsrPipeline;
try {
  asr = await loadTransformersAsr(model, {
    ...options,
    progress: (event) => send({ type: 'progress', event }),
  });
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'failed', message: (error as Error).message });
  process.exit(1);
}

port.on('message', ({ id, samples, options: asrOptions }: SpeechRequest) => {
  asr(samples, asrOptions).then(
    (result) => send({ type: 'result', id, result }),
    (error: unknown) => send({ type: 'error', id, message: (error as Error).message }),
  );
});
