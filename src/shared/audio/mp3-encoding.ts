/**
 * SPEC §9 MP3 encoding, shared by the browser's encoder worker (recorded questions) and the server
 * (spoken answers): mono, 128 kbps, samples scaled to 16 bits and handed to lamejs in 1152-sample
 * chunks. lamejs's Mp3Encoder itself fixes the rest of §9: quality 3, no VBR tag, no bit reservoir.
 */
import { Mp3Encoder } from 'lamejs';

export const MP3_KBPS = 128;
/** Samples per channel in one MPEG-1 Layer III frame. */
export const MP3_CHUNK_SAMPLES = 1152;

/** The channels averaged into one; a single channel is returned as is. */
export function downmix(channels: readonly Float32Array[]): Float32Array {
  const [first] = channels;
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first;
  const mono = new Float32Array(first.length);
  for (const channel of channels) for (let i = 0; i < mono.length; i++) mono[i]! += channel[i] ?? 0;
  const scale = 1 / channels.length;
  for (let i = 0; i < mono.length; i++) mono[i]! *= scale;
  return mono;
}

/** Samples in [-1, 1] to 16-bit integers, clipped; written into `out` from `at`. */
function scaleInto(samples: Float32Array, out: Int16Array, at: number): void {
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    out[at + i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
}

/**
 * An MP3 built piece by piece: whatever lengths arrive, lamejs is fed whole 1152-sample chunks
 * (the last one may be short), so the decoded stream keeps the recording's length.
 */
export class Mp3Writer {
  private readonly encoder: Mp3Encoder;
  private readonly chunk = new Int16Array(MP3_CHUNK_SAMPLES);
  private filled = 0;
  private readonly parts: Uint8Array<ArrayBuffer>[] = [];
  private finished = false;

  constructor(
    readonly sampleRate: number,
    kbps = MP3_KBPS,
  ) {
    this.encoder = new Mp3Encoder(1, sampleRate, kbps);
  }

  /** Mono samples in [-1, 1]. */
  writeFloat(samples: Float32Array): void {
    let from = 0;
    while (from < samples.length) {
      const take = Math.min(MP3_CHUNK_SAMPLES - this.filled, samples.length - from);
      scaleInto(samples.subarray(from, from + take), this.chunk, this.filled);
      this.advance(take);
      from += take;
    }
  }

  /** Mono 16-bit samples. */
  writeInt16(samples: Int16Array): void {
    let from = 0;
    while (from < samples.length) {
      const take = Math.min(MP3_CHUNK_SAMPLES - this.filled, samples.length - from);
      this.chunk.set(samples.subarray(from, from + take), this.filled);
      this.advance(take);
      from += take;
    }
  }

  /** The MP3's bytes in pieces, ready for a Blob or to be joined. */
  finish(): Uint8Array<ArrayBuffer>[] {
    if (!this.finished) {
      this.finished = true;
      if (this.filled) this.keep(this.encoder.encodeBuffer(this.chunk.subarray(0, this.filled)));
      this.keep(this.encoder.flush());
    }
    return this.parts;
  }

  private advance(taken: number): void {
    if (this.finished) throw new Error('This MP3 is already finished.');
    this.filled += taken;
    if (this.filled < MP3_CHUNK_SAMPLES) return;
    this.keep(this.encoder.encodeBuffer(this.chunk));
    this.filled = 0;
  }

  private keep(bytes: Int8Array | Uint8Array): void {
    // lamejs returns an Int8Array over its own reused buffer (STACK.md): copy the bytes out.
    if (bytes.length) this.parts.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length).slice());
  }
}

/** The pieces joined into one array. */
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
