/**
 * The browser half of tests/bench/voice.bench.ts: records from the (fake) microphone, converts
 * with the app's own encoder worker, and watches the main thread for long tasks meanwhile.
 */
import { audioEncoder, decodeOnPage, recordingToMp3 } from '../../../src/app/features/voice/encoder';
import { downmix, Mp3Writer } from '../../../src/shared/audio/mp3-encoding';
import { recordWebm } from '../../support/record';

export interface VoiceBenchWindow {
  voiceBench: { run(seconds: number): Promise<Run> };
}

export interface Run {
  recordedSeconds: number;
  mp3Seconds: number;
  mp3Bytes: number;
  /** Recording stop to MP3 in hand: decode + encode in the worker. */
  convertMs: number;
  /** Encoding alone in the worker (samples already decoded). */
  workerEncodeMs: number;
  /** The same encoding on the main thread, for comparison: the page is frozen meanwhile. */
  mainThreadEncodeMs: number;
  /** Long tasks (ms) while recording and converting with the worker. */
  longTasks: number[];
  /** Long tasks (ms) during the main-thread encoding. */
  mainThreadLongTasks: number[];
}

function watchLongTasks() {
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(Math.round(entry.duration));
  });
  observer.observe({ type: 'longtask' });
  return {
    stop: async () => {
      // Long-task entries are delivered after the task: give them a moment to arrive.
      await new Promise((resolve) => setTimeout(resolve, 200));
      observer.disconnect();
      return tasks;
    },
  };
}

async function run(seconds: number): Promise<Run> {
  await audioEncoder().canDecode(); // the worker is up, as it is once the user starts speaking
  const watch = watchLongTasks();
  const started = performance.now();
  const webm = await recordWebm(seconds * 1000);
  const recordedSeconds = (performance.now() - started) / 1000;
  const converting = performance.now();
  const mp3 = await recordingToMp3(webm);
  const convertMs = performance.now() - converting;
  const longTasks = await watch.stop();

  const pcm = await decodeOnPage(webm);
  const mono = downmix(pcm.channels);
  const encoding = performance.now();
  await audioEncoder().encodePcm({ sampleRate: pcm.sampleRate, channels: [mono.slice()] });
  const workerEncodeMs = performance.now() - encoding;

  const mainWatch = watchLongTasks();
  const onMain = performance.now();
  const writer = new Mp3Writer(pcm.sampleRate);
  writer.writeFloat(mono);
  writer.finish();
  const mainThreadEncodeMs = performance.now() - onMain;
  const mainThreadLongTasks = await mainWatch.stop();

  const decoded = await new OfflineAudioContext(1, 1, 48_000).decodeAudioData(await mp3.arrayBuffer());
  return {
    recordedSeconds,
    mp3Seconds: decoded.duration,
    mp3Bytes: mp3.size,
    convertMs,
    workerEncodeMs,
    mainThreadEncodeMs,
    longTasks,
    mainThreadLongTasks,
  };
}

(window as unknown as VoiceBenchWindow).voiceBench = { run };
document.title = 'ready';
