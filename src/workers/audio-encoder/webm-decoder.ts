/**
 * Decodes a MediaRecorder recording inside a worker: mediabunny demuxes the WebM (or MP4/Ogg,
 * whichever the browser recorded) and WebCodecs' AudioDecoder decodes it. Workers have no
 * AudioContext, so where AudioDecoder is missing the page decodes instead (see the client).
 */
import { AudioSampleSink, BlobSource, Input, MP4, OGG, WEBM } from 'mediabunny';

/** One decoded stretch: the channels as separate planes. */
export interface DecodedBlock {
  sampleRate: number;
  channels: Float32Array[];
}

/** True when this worker can decode recordings itself. */
export const canDecodeHere = (): boolean => typeof AudioDecoder === 'function';

/**
 * The recording's audio, block by block in order; null when it cannot be decoded here (no
 * AudioDecoder, or a codec this browser's decoder refuses). A file that is not a recording at all
 * throws.
 */
export async function decodeRecording(recording: Blob): Promise<AsyncGenerator<DecodedBlock> | null> {
  if (!canDecodeHere()) return null;
  // Only the recorder's containers: keeps the worker about 115 kB gzipped (STACK.md).
  const input = new Input({ formats: [WEBM, MP4, OGG], source: new BlobSource(recording) });
  const track = await input.getPrimaryAudioTrack().catch((error: unknown) => {
    input.dispose();
    throw new Error('The recording could not be read.', { cause: error });
  });
  if (!track) {
    input.dispose();
    throw new Error('The recording has no audio.');
  }
  if (!(await track.canDecode())) {
    input.dispose();
    return null;
  }
  return blocks(input, new AudioSampleSink(track));
}

async function* blocks(input: Input, sink: AudioSampleSink): AsyncGenerator<DecodedBlock> {
  try {
    for await (const sample of sink.samples()) {
      try {
        const channels: Float32Array[] = [];
        for (let plane = 0; plane < sample.numberOfChannels; plane++) {
          const out = new Float32Array(sample.numberOfFrames);
          sample.copyTo(out, { planeIndex: plane, format: 'f32-planar' });
          channels.push(out);
        }
        yield { sampleRate: sample.sampleRate, channels };
      } finally {
        sample.close();
      }
    }
  } finally {
    input.dispose();
  }
}
