/**
 * The page's side of the audio encoder worker: one worker, created on first use and kept, reached
 * through Comlink. Where the worker cannot decode the recording (no WebCodecs AudioDecoder), the
 * page decodes it and hands the samples over as transferables, so only that step stays here.
 */
import * as Comlink from 'comlink';
import type { EncoderApi, PcmRecording } from '../../../workers/audio-encoder/audio-encoder.worker';

let encoder: Comlink.Remote<EncoderApi> | null = null;

/** Starts the worker ahead of need (the microphone does so when recording starts). */
export function audioEncoder(): Comlink.Remote<EncoderApi> {
  encoder ??= Comlink.wrap<EncoderApi>(
    new Worker(new URL('../../../workers/audio-encoder/audio-encoder.worker.ts', import.meta.url), {
      type: 'module',
      name: 'dish-audio-encoder',
    }),
  );
  return encoder;
}

/** SPEC §4 Microphone: the recorded webm as a mono 128 kbps audio/mp3 Blob. */
export async function recordingToMp3(recording: Blob): Promise<Blob> {
  const worker = audioEncoder();
  const mp3 = await worker.encodeRecording(recording);
  if (mp3) return mp3;
  const pcm = await decodeOnPage(recording);
  return worker.encodePcm(
    Comlink.transfer(
      pcm,
      pcm.channels.map((channel) => channel.buffer),
    ),
  );
}

/** The browser's own decoder; it works off the main thread, only the copy-out happens here. */
export async function decodeOnPage(recording: Blob): Promise<PcmRecording> {
  const context = new OfflineAudioContext({ numberOfChannels: 1, length: 1, sampleRate: 48_000 });
  const audio = await context.decodeAudioData(await recording.arrayBuffer());
  const channels = Array.from({ length: audio.numberOfChannels }, (_, i) => audio.getChannelData(i).slice());
  return { sampleRate: audio.sampleRate, channels };
}
