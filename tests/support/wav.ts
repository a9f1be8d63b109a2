import { readFileSync } from 'node:fs';
import { toMono16k } from '../../src/server/voice/codecs';

/** A 16-bit PCM WAV file as the server holds a recording after decoding: mono 16 kHz samples. */
export async function readWav(file: string): Promise<Float32Array> {
  const bytes = readFileSync(file);
  let channels = 1;
  let sampleRate = 16_000;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      channels = bytes.readUInt16LE(at + 10);
      sampleRate = bytes.readUInt32LE(at + 12);
    }
    if (id === 'data') {
      const frames = Math.floor(size / 2 / channels);
      const channelData = Array.from({ length: channels }, (_, c) => {
        const data = new Float32Array(frames);
        for (let i = 0; i < frames; i++) data[i] = bytes.readInt16LE(at + 8 + (i * channels + c) * 2) / 32768;
        return data;
      });
      return toMono16k({ channelData, sampleRate });
    }
    at += 8 + size + (size % 2);
  }
  throw new Error(`${file} has no data chunk`);
}
