import { OggOpusDecoder } from 'ogg-opus-decoder';
import { ASR_SAMPLE_RATE, encodeMp3, isSilent, toMono16k, type PreparedRecording } from '../../voice/codecs';
import { Slicer, yieldToEventLoop } from '../../threads/cooperative';
import { VoiceError, voiceMessages } from '../../voice/errors';
import type { VoiceService } from '../../voice/service';
import { MAX_MEDIA_BYTES } from './graph-client';

/** WhatsApp voice notes run longer than the chat's 30 s recordings; two minutes are heard whole. */
export const MAX_NOTE_MS = 120_000;
/** Bytes handed to the decoder at a time, so each await gives the event loop a turn. */
const DECODE_SLICE = 4 * 1024;

/** The sentences a WhatsApp sender gets when their audio cannot be heard (the chat's speak of MP3). */
export const noteMessages = {
  unreadable: 'I could not play that voice note. Please record it again, or type your question.',
  tooLong: `That voice note is longer than ${MAX_NOTE_MS / 60_000} minutes. Please send a shorter one.`,
  notAvailable: 'Voice notes cannot be answered right now. Please type your question.',
  unsupported:
    'I can listen to voice notes and to MP3 or Ogg audio files. Please send a voice note, or type your question.',
} as const;

/** Audio DISH can decode: Ogg/Opus (every WhatsApp voice note) and MP3 (the chat's own decoder). */
export function audioKind(mimeType: string | null, bytes: Uint8Array): 'ogg' | 'mp3' | null {
  if (String.fromCharCode(...bytes.subarray(0, 4)) === 'OggS') return 'ogg';
  const type = (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'audio/mpeg' || type === 'audio/mp3') return 'mp3';
  return null;
}

/**
 * An Ogg/Opus file decoded (libopus in WebAssembly, 48 kHz) and prepared as the chat's MP3
 * recordings are: mono, 16 kHz, checked for length and silence. The MP3 that an OpenAI-compatible
 * transcription endpoint is sent is encoded only when this server uses one.
 */
export async function prepareOggOpus(
  bytes: Uint8Array,
  encodeForUpload: boolean,
): Promise<PreparedRecording> {
  if (bytes.length === 0) throw new VoiceError(voiceMessages.noRecording);
  if (bytes.length > MAX_MEDIA_BYTES) throw new VoiceError(noteMessages.tooLong, `${bytes.length} bytes`);
  const decoder = new OggOpusDecoder();
  await decoder.ready;
  const parts: Float32Array[] = [];
  let total = 0;
  try {
    const slicer = new Slicer();
    for (let offset = 0; offset <= bytes.length; offset += DECODE_SLICE) {
      const last = offset + DECODE_SLICE >= bytes.length;
      const slice = bytes.subarray(offset, offset + DECODE_SLICE);
      // Its types say decode() returns the samples; since 1.7 it returns a promise of them.
      const decoded = await Promise.resolve(decoder.decode(slice));
      const flushed = last ? await decoder.flush() : null;
      for (const result of [decoded, flushed]) {
        if (!result || result.samplesDecoded === 0) continue;
        // Voice notes are mono; a stereo audio file is averaged to one channel as it decodes.
        parts.push(...mixDown(result.channelData, result.samplesDecoded));
        total += result.samplesDecoded;
      }
      if ((total / 48_000) * 1000 > MAX_NOTE_MS)
        throw new VoiceError(noteMessages.tooLong, `over ${MAX_NOTE_MS} ms of audio`);
      await slicer.maybeYield();
      if (last) break;
    }
  } catch (error) {
    if (error instanceof VoiceError) throw error;
    throw new VoiceError(noteMessages.unreadable, (error as Error).message);
  } finally {
    decoder.free();
  }
  if (total === 0) throw new VoiceError(noteMessages.unreadable, 'no Opus samples decoded');
  const joined = new Float32Array(total);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  await yieldToEventLoop();
  const samples = await toMono16k({ channelData: [joined], sampleRate: 48_000 });
  if (isSilent(samples, ASR_SAMPLE_RATE)) throw new VoiceError(voiceMessages.silence);
  return {
    mp3: encodeForUpload ? await encodeMp3(toInt16(samples), ASR_SAMPLE_RATE, 32) : new Uint8Array(0),
    samples,
    sampleRate: ASR_SAMPLE_RATE,
    durationMs: Math.round((samples.length / ASR_SAMPLE_RATE) * 1000),
  };
}

/**
 * The voice service with `prepare` reading what WhatsApp sends: Ogg/Opus here, MP3 through the
 * service's own checks. The rest of the answer pipeline (transcription, the spoken answer) is the
 * chat's, unchanged.
 */
export function forVoiceNotes(voice: VoiceService, kind: 'ogg' | 'mp3'): VoiceService {
  if (kind === 'mp3') return voice;
  const encode = voice.recognition === 'openai-compatible';
  return {
    recognition: voice.recognition,
    ttsDir: voice.ttsDir,
    unavailable: () => voice.unavailable(),
    modelStatus: () => voice.modelStatus(),
    warm: () => voice.warm(),
    prepare: (bytes) => prepareOggOpus(bytes, encode),
    transcribe: (recording, language) => voice.transcribe(recording, language),
    speak: (answer, language) => voice.speak(answer, language),
  };
}

/** One channel: the average of all, trimmed to the samples the decoder filled. */
function mixDown(channels: Float32Array[], length: number): Float32Array[] {
  if (channels.length <= 1) return channels.slice(0, 1).map((c) => c.slice(0, length));
  const out = new Float32Array(length);
  for (const channel of channels)
    for (let i = 0; i < length; i++) out[i] = (out[i] ?? 0) + (channel[i] ?? 0) / channels.length;
  return [out];
}

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.max(-1, Math.min(1, samples[i]!)) * 0x7fff;
  return out;
}
