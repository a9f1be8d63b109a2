import { MPEGDecoder } from 'mpg123-decoder';
import { downmix, joinBytes, Mp3Writer } from '../../shared/audio/mp3-encoding';
import { Slicer, yieldToEventLoop } from '../threads/cooperative';
import { AUDIO_SLACK_MS, MAX_AUDIO_BYTES, MAX_AUDIO_MS, VoiceError, voiceMessages } from './errors';
import { outlineMp3 } from './mp3-frames';
import { resample } from './resample';

export interface DecodedAudio {
  channelData: Float32Array[];
  sampleRate: number;
}

export interface AudioLimits {
  maxBytes: number;
  /** Longest accepted audio, slack included. */
  maxMs: number;
}

export const DEFAULT_LIMITS: AudioLimits = {
  maxBytes: MAX_AUDIO_BYTES,
  maxMs: MAX_AUDIO_MS + AUDIO_SLACK_MS,
};

/** The sample rate speech recognition (Whisper) works at. */
export const ASR_SAMPLE_RATE = 16_000;

/** Bytes handed to the decoder at a time; each slice decodes in a few milliseconds. */
const DECODE_SLICE = 16 * 1024;

/**
 * Decodes MP3 with mpg123 compiled to WebAssembly (no system binaries). Anything else is refused
 * with a sentence before the decoder sees it (the decoder would otherwise turn a WAV or Ogg file
 * into noise), as are files over the size or duration limits.
 */
export async function decodeMp3(
  bytes: Uint8Array,
  limits: AudioLimits = DEFAULT_LIMITS,
): Promise<DecodedAudio> {
  if (bytes.length > limits.maxBytes) throw new VoiceError(voiceMessages.tooLarge, `${bytes.length} bytes`);
  const outline = outlineMp3(bytes, limits.maxMs);
  if (!outline) throw new VoiceError(voiceMessages.notMp3, describeStart(bytes));
  if (outline.durationMs > limits.maxMs)
    throw new VoiceError(voiceMessages.tooLong, `over ${limits.maxMs} ms of audio`);

  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const slicer = new Slicer();
    const parts: Float32Array[][] = [];
    let sampleRate = 0;
    let total = 0;
    for (let offset = outline.audioOffset; offset < bytes.length; offset += DECODE_SLICE) {
      const result = decoder.decode(bytes.subarray(offset, offset + DECODE_SLICE));
      if (result.samplesDecoded > 0) {
        parts.push(result.channelData.map((c) => c.slice(0, result.samplesDecoded)));
        sampleRate = result.sampleRate;
        total += result.samplesDecoded;
      }
      await slicer.maybeYield();
    }
    if (total === 0 || !sampleRate) throw new VoiceError(voiceMessages.notMp3, 'no samples decoded');
    if ((total / sampleRate) * 1000 > limits.maxMs)
      throw new VoiceError(voiceMessages.tooLong, `${Math.round((total / sampleRate) * 1000)} ms decoded`);
    const channels = Math.min(...parts.map((p) => p.length));
    const channelData = Array.from({ length: channels }, (_, c) => {
      const out = new Float32Array(total);
      let at = 0;
      for (const part of parts) {
        out.set(part[c]!, at);
        at += part[c]!.length;
      }
      return out;
    });
    return { channelData, sampleRate };
  } finally {
    decoder.free();
  }
}

/** The channels averaged to mono, resampled to 16 kHz (windowed sinc): what Whisper is fed. */
export async function toMono16k(decoded: DecodedAudio): Promise<Float32Array> {
  const mono = downmix(decoded.channelData);
  await yieldToEventLoop();
  return resample(mono, decoded.sampleRate, ASR_SAMPLE_RATE);
}

/** Frame RMS (about -36 dBFS) a frame must reach to count as sound rather than room noise or hiss. */
export const SOUND_RMS = 0.015;
/** How much sound a recording needs before it is worth transcribing. */
const MIN_SOUND_MS = 200;
const FRAME_MS = 20;

/** True when fewer than 200 ms of the recording rise above SOUND_RMS. */
export function isSilent(samples: Float32Array, sampleRate: number): boolean {
  const frame = Math.max(1, Math.round((sampleRate * FRAME_MS) / 1000));
  let loud = 0;
  for (let start = 0; start + frame <= samples.length; start += frame) {
    let sum = 0;
    for (let i = start; i < start + frame; i++) sum += samples[i]! * samples[i]!;
    if (Math.sqrt(sum / frame) >= SOUND_RMS) loud++;
  }
  return loud * FRAME_MS < MIN_SOUND_MS;
}

/** A recording ready for speech recognition. */
export interface PreparedRecording {
  /** The MP3 as it arrived (sent as is to a transcription endpoint). */
  mp3: Uint8Array;
  /** Mono 16 kHz samples in [-1, 1] (fed to Whisper). */
  samples: Float32Array;
  sampleRate: typeof ASR_SAMPLE_RATE;
  durationMs: number;
}

/** Decodes, checks and converts a recording; a VoiceError says what is wrong with it. */
export async function prepareRecording(
  bytes: Uint8Array,
  limits: AudioLimits = DEFAULT_LIMITS,
): Promise<PreparedRecording> {
  if (bytes.length === 0) throw new VoiceError(voiceMessages.noRecording);
  const decoded = await decodeMp3(bytes, limits);
  await yieldToEventLoop();
  const samples = await toMono16k(decoded);
  if (isSilent(samples, ASR_SAMPLE_RATE)) throw new VoiceError(voiceMessages.silence);
  return {
    mp3: bytes,
    samples,
    sampleRate: ASR_SAMPLE_RATE,
    durationMs: Math.round((samples.length / ASR_SAMPLE_RATE) * 1000),
  };
}

/** Mono 16-bit PCM to MP3 (SPEC §9 settings, shared with the browser), giving the event loop turns. */
export async function encodeMp3(pcm: Int16Array, sampleRate: number, kbps: number): Promise<Uint8Array> {
  const writer = new Mp3Writer(sampleRate, kbps);
  const slicer = new Slicer();
  const step = 1152 * 4;
  for (let i = 0; i < pcm.length; i += step) {
    writer.writeInt16(pcm.subarray(i, i + step));
    await slicer.maybeYield();
  }
  return joinBytes(writer.finish());
}

/** What the refused bytes look like, for the log. */
function describeStart(bytes: Uint8Array): string {
  const ascii = String.fromCharCode(...bytes.subarray(0, 4));
  if (ascii === 'RIFF') return 'a RIFF (WAV) file';
  if (ascii === 'OggS') return 'an Ogg file';
  if (ascii === 'fLaC') return 'a FLAC file';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return 'a WebM/Matroska file';
  return `starts with ${Array.from(bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join(' ')}`;
}
