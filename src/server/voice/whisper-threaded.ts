import type { Worker } from 'node:worker_threads';
import { startThread } from '../threads/start';
import type { AsrPipeline, LoadAsr } from './stt-whisper';

/** What the server thread asks the speech thread. */
export interface SpeechRequest {
  id: number;
  samples: Float32Array;
  options: Parameters<AsrPipeline>[1];
}

/** What the speech thread answers: its model's state, a download's progress, a transcript or an error. */
export type SpeechReply =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'progress'; event: Parameters<NonNullable<Parameters<LoadAsr>[1]['progress']>>[0] }
  | { type: 'result'; id: number; result: Awaited<ReturnType<AsrPipeline>> }
  | { type: 'error'; id: number; message: string };

const ENTRY = new URL('./whisper-thread', import.meta.url);

/**
 * Whisper in a worker thread of its own (whisper-thread.ts): resolves once the thread has loaded
 * the model, with a pipeline that sends it each recording. A thread that dies (out of memory, a
 * crash in the runtime) fails the recordings it held, and the next recording starts a new one.
 */
export const loadThreadedAsr: LoadAsr = (model, options) => {
  const { progress, ...settings } = options;
  let nextId = 0;
  const waiting = new Map<
    number,
    { resolve: (r: Awaited<ReturnType<AsrPipeline>>) => void; reject: (e: Error) => void }
  >();

  const spawn = async () => {
    const worker = await startThread(ENTRY, { data: { model, options: settings } });
    return new Promise<Worker>((resolve, reject) => {
      let ready = false;
      worker.on('message', (reply: SpeechReply) => {
        switch (reply.type) {
          case 'ready':
            ready = true;
            // Idle, the thread does not keep the process alive; with recordings in it, it does.
            worker.unref();
            return resolve(worker);
          case 'failed':
            return reject(new Error(reply.message));
          case 'progress':
            return progress?.(reply.event);
          case 'result':
          case 'error': {
            const request = waiting.get(reply.id);
            waiting.delete(reply.id);
            if (waiting.size === 0) worker.unref();
            if (reply.type === 'result') request?.resolve(reply.result);
            else request?.reject(new Error(reply.message));
          }
        }
      });
      worker.on('error', (error) => {
        if (!ready) reject(error);
      });
      worker.once('exit', (code) => {
        if (!ready) reject(new Error(`the speech thread stopped while loading (exit ${code})`));
        current = null;
        for (const request of waiting.values())
          request.reject(new Error(`the speech thread stopped (exit ${code})`));
        waiting.clear();
      });
    });
  };

  let current: Promise<Worker> | null = spawn();
  return current.then((): AsrPipeline => {
    const asr: AsrPipeline = async (audio, asrOptions) => {
      const worker = await (current ??= spawn());
      const id = nextId++;
      // A copy moves to the thread: the caller's samples stay usable.
      const samples = audio.slice();
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, samples, options: asrOptions } satisfies SpeechRequest, [samples.buffer]);
      });
    };
    // Ending the thread frees the model with it (the ONNX sessions and the isolate's heap).
    asr.dispose = async () => {
      const worker = await current?.catch(() => null);
      await worker?.terminate();
    };
    return asr;
  });
};
