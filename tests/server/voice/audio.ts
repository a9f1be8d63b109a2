import { readFileSync } from 'node:fs';
import { joinBytes, Mp3Writer } from '../../../src/shared/audio/mp3-encoding';
import { decodeMp3 } from '../../../src/server/voice/codecs';
import { sharedPath } from '../../support/shared';

/** ../shared/audio: JFK's "ask not" sentence, 11.0 s (MODELS.md). */
export const audioFile = (name: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(readFileSync(sharedPath('audio', name)));
export const jfkMp3 = () => audioFile('jfk_mono_128k.mp3');
export const JFK_SECONDS = 11;

/** An MP3 made as the browser's encoder worker makes them (mono, 1152-sample chunks). */
export function lameMp3(samples: Int16Array, sampleRate: number, kbps = 128): Uint8Array<ArrayBuffer> {
  const writer = new Mp3Writer(sampleRate, kbps);
  writer.writeInt16(samples);
  return joinBytes(writer.finish());
}

/** A sine tone as 16-bit samples. */
export function tone(seconds: number, sampleRate: number, hz: number, amplitude = 0.5): Int16Array {
  return Int16Array.from({ length: Math.round(seconds * sampleRate) }, (_, i) =>
    Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * hz * i) / sampleRate)),
  );
}

/** The audio's length in seconds, decoded (no length limit). */
export async function decodedSeconds(mp3: Uint8Array): Promise<{ seconds: number; sampleRate: number }> {
  const decoded = await decodeMp3(mp3, { maxBytes: Infinity, maxMs: Infinity });
  return { seconds: decoded.channelData[0]!.length / decoded.sampleRate, sampleRate: decoded.sampleRate };
}

export function rms(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}
