import { RestartingThread, ThreadClient } from '../threads/rpc';
import type { AsrPipeline, LoadAsr } from './asr';

/** What the speech thread (whisper-thread.ts) serves. */
export interface SpeechThread {
  transcribe(samples: Float32Array, options: Parameters<AsrPipeline>[1]): ReturnType<AsrPipeline>;
}

/** What the speech thread tells besides transcripts: a download's progress. */
export type SpeechEvents = {
  progress: Parameters<NonNullable<Parameters<LoadAsr>[1]['progress']>>[0];
};

const ENTRY = new URL('./whisper-thread', import.meta.url);

/**
 * Whisper in a worker thread of its own (whisper-thread.ts): resolves once the thread has loaded
 * the model, with a pipeline that sends it each recording. A thread that dies (out of memory, a
 * crash in the runtime) fails the recordings it held, and the next recording starts a new one.
 */
export const loadThreadedAsr: LoadAsr = async (model, options) => {
  const { progress, ...settings } = options;
  const thread = new RestartingThread(() =>
    ThreadClient.start<SpeechThread, SpeechEvents>(ENTRY, {
      data: { model, options: settings },
      name: 'the speech thread',
      // Ended between two runs of the model, never in one (rpc.ts): a transcription's runs are short.
      endWaitMs: 30_000,
      ...(progress ? { on: { progress } } : {}),
    }),
  );
  await thread.client();
  const asr: AsrPipeline = (audio, asrOptions) => {
    // A copy moves to the thread: the caller's samples stay usable.
    const samples = audio.slice();
    return thread.call('transcribe', [samples, asrOptions], [samples.buffer]);
  };
  // Ending the thread frees the model with it (the ONNX sessions and the isolate's heap).
  asr.dispose = () => thread.stop();
  return asr;
};
