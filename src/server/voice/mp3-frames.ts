/** Layer III bit rates in kbit/s by bit-rate index: MPEG-1, then MPEG-2 and 2.5. */
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
/** Sample rates by sample-rate index: MPEG-1, MPEG-2, MPEG-2.5. */
const SAMPLE_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as const;

export interface FrameHeader {
  sampleRate: number;
  kbps: number;
  /** 1 for single-channel frames, 2 for stereo, joint and dual. */
  channels: 1 | 2;
  /** Bytes of the whole frame, header included. */
  length: number;
  /** Samples per channel the frame decodes to. */
  samples: number;
}

/** The MPEG-1/2/2.5 Layer III frame header at `offset`, or null when there is none. */
export function frameHeaderAt(bytes: Uint8Array, offset: number): FrameHeader | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const layer = (b1 >> 1) & 3; // 1: Layer III
  if (version === 1 || layer !== 1) return null;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  // Free-format (0) and the forbidden index (15) are not what any encoder of ours writes.
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const sampleRate = SAMPLE_RATES[version as 0 | 2 | 3][rateIndex]!;
  const mpeg1 = version === 3;
  const kbps = (mpeg1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]!;
  const padding = (b2 >> 1) & 1;
  const samples = mpeg1 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding;
  const channels = bytes[offset + 3]! >> 6 === 3 ? 1 : 2;
  return { sampleRate, kbps, channels, length, samples };
}

/** Bytes taken by an ID3v2 tag at the start (0 when there is none). */
export function id3v2Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size =
    ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

export interface Mp3Outline {
  /** Where the first audio frame starts. */
  audioOffset: number;
  sampleRate: number;
  /** The audio's length from the frame headers, without decoding (the encoder's padding included). */
  durationMs: number;
  frames: number;
}

/**
 * Reads an MP3's frame headers without decoding it: null when the bytes are not MP3 (after an
 * optional ID3v2 tag the data must start with a Layer III frame that is followed by another
 * frame or by the end), else the length. Walking stops past `stopAfterMs`, so a long file costs
 * no more than a short one. Bytes between frames (a damaged stretch, a trailing ID3v1 tag) are
 * skipped to the next header.
 */
export function outlineMp3(bytes: Uint8Array, stopAfterMs = Infinity): Mp3Outline | null {
  const audioOffset = id3v2Length(bytes);
  const first = frameHeaderAt(bytes, audioOffset);
  if (!first) return null;
  const next = audioOffset + first.length;
  if (next < bytes.length - 4 && !frameHeaderAt(bytes, next)) return null;

  let offset = audioOffset;
  let seconds = 0;
  let frames = 0;
  while (offset < bytes.length && seconds * 1000 <= stopAfterMs) {
    const header = frameHeaderAt(bytes, offset);
    if (!header) {
      offset++;
      continue;
    }
    frames++;
    seconds += header.samples / header.sampleRate;
    offset += header.length;
  }
  return { audioOffset, sampleRate: first.sampleRate, durationMs: Math.round(seconds * 1000), frames };
}
