/**
 * The speech worker thread: holds the Whisper pipeline and transcribes one recording at a time,
 * so that the seconds of feature extraction and decoding never stall the server's event loop
 * (they held it for up to 750 ms per recording on the main thread). See whisper-threaded.ts.
 */
import { workerData } from 'node:worker_threads';
import { emitter, expose } from '../threads/serve';
import type { LoadAsr, WhisperModel } from './asr';
import { loadTransformersAsr } from './whisper-transformers';
import type { SpeechEvents, SpeechThread } from './whisper-threaded';

const { model, options } = (workerData as { data: { model: WhisperModel; options: Parameters<LoadAsr>[1] } })
  .data;
const emit = emitter<SpeechEvents>();

expose(
  loadTransformersAsr(model, { ...options, progress: (event) => emit('progress', event) }).then(
    (asr): SpeechThread => ({ transcribe: (samples, asrOptions) => asr(samples, asrOptions) }),
  ),
);
