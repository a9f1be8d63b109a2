/**
 * The audio encoder worker (DECISIONS §1, SPEC §4 Microphone): turns a recording into the mono
 * 128 kbps MP3 the server takes, off the page's thread so that the page never stutters while it
 * works. The page creates it once and reaches it through Comlink.
 */
import * as Comlink from 'comlink';
import { downmix, Mp3Writer } from '../../shared/audio/mp3-encoding';
import { MP3_TYPE } from '../../shared/constants';
import { canDecodeHere, decodeRecording } from './webm-decoder';

/** Decoded audio handed over by a page that had to decode it itself. */
export interface PcmRecording {
  sampleRate: number;
  channels: Float32Array[];
}

const api = {
  /** Whether recordings can be decoded in here (WebCodecs AudioDecoder). */
  canDecode(): boolean {
    return canDecodeHere();
  },

  /**
   * The recording as an audio/mp3 Blob, decoded and encoded block by block; null when this
   * worker cannot decode it (the page then decodes and calls encodePcm).
   */
  async encodeRecording(recording: Blob): Promise<Blob | null> {
    const decoded = await decodeRecording(recording);
    if (!decoded) return null;
    let writer: Mp3Writer | null = null;
    for await (const block of decoded) {
      writer ??= new Mp3Writer(block.sampleRate);
      writer.writeFloat(downmix(block.channels));
    }
    if (!writer) throw new Error('The recording holds no audio samples.');
    return new Blob(writer.finish(), { type: MP3_TYPE });
  },

  /** Samples the page decoded (transferred, not copied) as an audio/mp3 Blob. */
  encodePcm(pcm: PcmRecording): Blob {
    const writer = new Mp3Writer(pcm.sampleRate);
    writer.writeFloat(downmix(pcm.channels));
    return new Blob(writer.finish(), { type: MP3_TYPE });
  },
};

export type EncoderApi = typeof api;

Comlink.expose(api);
