import { Slicer } from '../threads/cooperative';

/** Zero crossings of the low-pass kernel on each side: steep enough for speech, cheap enough for 30 s. */
const ZERO_CROSSINGS = 16;
/** The low-pass edge as a share of the lower Nyquist frequency, leaving room for the transition band. */
const CUTOFF = 0.95;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Band-limited resampling with a Blackman-windowed sinc, as a polyphase filter: the rates of MP3
 * (8 to 48 kHz) and 16 kHz are in small integer ratios (44.1 kHz → 16 kHz is 160/441), so each of
 * the few fractional positions gets its own precomputed kernel, normalized to unit gain.
 */
export async function resample(input: Float32Array, fromRate: number, toRate: number): Promise<Float32Array> {
  if (!Number.isInteger(fromRate) || !Number.isInteger(toRate) || fromRate <= 0 || toRate <= 0)
    throw new RangeError(`cannot resample from ${fromRate} Hz to ${toRate} Hz`);
  if (fromRate === toRate) return input.slice();
  const divisor = gcd(fromRate, toRate);
  const up = toRate / divisor;
  const down = fromRate / divisor;
  // Cut-off in cycles per input sample, below both Nyquist frequencies.
  const cutoff = (CUTOFF * Math.min(fromRate, toRate)) / fromRate / 2;
  const half = Math.ceil(ZERO_CROSSINGS / (2 * cutoff));
  const taps = 2 * half;
  const kernels = new Float32Array(up * taps);
  for (let phase = 0; phase < up; phase++) {
    const fraction = phase / up;
    let sum = 0;
    for (let j = 0; j < taps; j++) {
      // Input sample floor(t) - half + 1 + j sits at this distance from the output position t.
      const x = j - half + 1 - fraction;
      const w = window(x / (half + 1));
      const v = x === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x);
      kernels[phase * taps + j] = v * w;
      sum += v * w;
    }
    for (let j = 0; j < taps; j++) kernels[phase * taps + j]! /= sum;
  }

  const length = Math.floor((input.length * up) / down);
  const output = new Float32Array(length);
  const slicer = new Slicer();
  const last = input.length - 1;
  for (let n = 0; n < length; n++) {
    const position = n * down;
    const base = Math.floor(position / up);
    const phase = position - base * up;
    const offset = phase * taps;
    const start = base - half + 1;
    let acc = 0;
    if (start >= 0 && start + taps - 1 <= last) {
      for (let j = 0; j < taps; j++) acc += input[start + j]! * kernels[offset + j]!;
    } else {
      // At the edges the signal is taken as silence beyond its ends.
      for (let j = 0; j < taps; j++) {
        const i = start + j;
        if (i >= 0 && i <= last) acc += input[i]! * kernels[offset + j]!;
      }
    }
    output[n] = acc;
    if ((n & 4095) === 0) await slicer.maybeYield();
  }
  return output;
}

/** Blackman window over [-1, 1]. */
function window(x: number): number {
  if (x <= -1 || x >= 1) return 0;
  return 0.42 + 0.5 * Math.cos(Math.PI * x) + 0.08 * Math.cos(2 * Math.PI * x);
}
