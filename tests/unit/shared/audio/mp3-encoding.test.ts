import { describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../../../src/server/voice/codecs';
import { downmix, joinBytes, MP3_CHUNK_SAMPLES, Mp3Writer } from '../../../../src/shared/audio/mp3-encoding';
import { summarizeMp3 } from '../../../support/mp3';

const RATE = 48_000;

function sine(seconds: number, hz: number, amplitude = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(seconds * RATE) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / RATE),
  );
}

function encode(samples: Float32Array, pieces: number[]): Uint8Array {
  const writer = new Mp3Writer(RATE);
  let at = 0;
  for (const size of pieces) {
    writer.writeFloat(samples.subarray(at, at + size));
    at += size;
  }
  writer.writeFloat(samples.subarray(at));
  return joinBytes(writer.finish());
}

describe('Mp3Writer', () => {
  it('writes mono 128 kbps MPEG-1 frames that decode to the input length', async () => {
    const samples = sine(2.5, 440);
    const mp3 = encode(samples, []);
    const summary = summarizeMp3(mp3);
    expect(summary.bitrates).toEqual([128]);
    expect(summary.channels).toEqual([1]);
    expect(summary.sampleRate).toBe(RATE);
    const decoded = await decodeMp3(mp3, { maxBytes: Infinity, maxMs: Infinity });
    const seconds = decoded.channelData[0]!.length / decoded.sampleRate;
    // The encoder adds at most a couple of frames of delay and padding.
    expect(seconds).toBeGreaterThanOrEqual(2.5);
    expect(seconds).toBeLessThan(2.5 + (3 * MP3_CHUNK_SAMPLES) / RATE);
  });

  it('feeds lamejs whole 1152-sample chunks whatever sizes arrive: the bytes do not depend on them', () => {
    const samples = sine(1, 300);
    const whole = encode(samples, []);
    expect(encode(samples, [1, 1151, 1152, 5000, 7, 3000])).toEqual(whole);
    expect(
      encode(
        samples,
        Array.from({ length: 100 }, () => 333),
      ),
    ).toEqual(whole);
  });

  it('scales to 16 bits and clips what lies outside [-1, 1]', async () => {
    const loud = sine(1, 440, 3);
    const decoded = await decodeMp3(encode(loud, []), { maxBytes: Infinity, maxMs: Infinity });
    const peak = decoded.channelData[0]!.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    expect(peak).toBeGreaterThan(0.9);
    expect(peak).toBeLessThan(1.3);
  });

  it('writes 16-bit samples as they are and refuses more after finishing', () => {
    const writer = new Mp3Writer(RATE);
    writer.writeInt16(new Int16Array(RATE).fill(1000));
    const parts = writer.finish();
    expect(writer.finish()).toBe(parts);
    expect(() => writer.writeInt16(new Int16Array(MP3_CHUNK_SAMPLES))).toThrow(/already finished/);
  });
});

describe('downmix', () => {
  it('averages the channels into one and keeps a single channel as it is', () => {
    const left = Float32Array.from([1, 0.5, -1]);
    const right = Float32Array.from([0, 0.5, 1]);
    expect(Array.from(downmix([left, right]))).toEqual([0.5, 0.5, 0]);
    expect(downmix([left])).toBe(left);
    expect(downmix([])).toHaveLength(0);
  });
});
