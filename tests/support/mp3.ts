import { frameHeaderAt, id3v2Length } from '../../src/server/voice/mp3-frames';

/** What an MP3's frame headers say, frame by frame (runs in Node and in the browser). */
export interface Mp3Summary {
  frames: number;
  bitrates: number[];
  channels: number[];
  sampleRate: number;
  /** From the frame headers: the encoder's padding included. */
  seconds: number;
}

export function summarizeMp3(bytes: Uint8Array): Mp3Summary {
  const bitrates = new Set<number>();
  const channels = new Set<number>();
  let offset = id3v2Length(bytes);
  let frames = 0;
  let seconds = 0;
  let sampleRate = 0;
  while (offset < bytes.length) {
    const header = frameHeaderAt(bytes, offset);
    if (!header) throw new Error(`no MP3 frame at byte ${offset} of ${bytes.length}`);
    frames++;
    bitrates.add(header.kbps);
    channels.add(header.channels);
    sampleRate = header.sampleRate;
    seconds += header.samples / header.sampleRate;
    offset += header.length;
  }
  return { frames, bitrates: [...bitrates], channels: [...channels], sampleRate, seconds };
}
