import { describe, expect, it } from 'vitest';
import {
  decodeMp3,
  encodeMp3,
  isSilent,
  prepareRecording,
  toMono16k,
} from '../../../src/server/voice/codecs';
import { MAX_AUDIO_BYTES, VoiceError, voiceMessages } from '../../../src/server/voice/errors';
import { id3v2Length, outlineMp3 } from '../../../src/server/voice/mp3-frames';
import { resample } from '../../../src/server/voice/resample';
import { audioFile, decodedSeconds, JFK_SECONDS, jfkMp3, lameMp3, rms, tone } from './audio';

/** The VoiceError a promise rejects with (fails the test when it resolves). */
async function refusal(promise: Promise<unknown>): Promise<VoiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VoiceError);
  return error as VoiceError;
}

describe('decoding the recording (mpg123 in WebAssembly)', () => {
  it('decodes the real 11 s MP3 and turns it into 16 kHz mono Float32 of the right length', async () => {
    const decoded = await decodeMp3(jfkMp3());
    expect(decoded.sampleRate).toBe(44_100);
    expect(decoded.channelData.length).toBeGreaterThanOrEqual(1);
    expect(decoded.channelData[0]!.length / 44_100).toBeCloseTo(JFK_SECONDS, 1);

    const samples = await toMono16k(decoded);
    expect(samples).toBeInstanceOf(Float32Array);
    expect(samples.length).toBeGreaterThan(176_000 * 0.99);
    expect(samples.length).toBeLessThan(176_000 * 1.01);
    // Speech, in range, not silence.
    expect(samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0)).toBeLessThanOrEqual(1);
    expect(rms(samples)).toBeGreaterThan(0.03);
    expect(isSilent(samples, 16_000)).toBe(false);
  });

  it('reads the length from the frame headers, after the ID3 tag, without decoding', () => {
    const bytes = jfkMp3();
    expect(id3v2Length(bytes)).toBeGreaterThan(10);
    const outline = outlineMp3(bytes)!;
    expect(outline.sampleRate).toBe(44_100);
    expect(outline.durationMs / 1000).toBeCloseTo(JFK_SECONDS, 0);
  });

  it.each([
    ['the WAV recording', 'jfk.wav'],
    ['the Ogg/Opus recording', 'jfk_mono_24k.opus.ogg'],
  ])('refuses %s with a sentence, before the decoder turns it into noise', async (_, file) => {
    const error = await refusal(decodeMp3(audioFile(file)));
    expect(error.message).toBe(voiceMessages.notMp3);
    expect(error.message).toBe(
      'The recording could not be read because it is not MP3 audio. Please record your question again.',
    );
  });

  it('refuses bytes that are not audio at all, and an empty recording', async () => {
    expect((await refusal(decodeMp3(new TextEncoder().encode('<html>not audio</html>')))).message).toBe(
      voiceMessages.notMp3,
    );
    expect((await refusal(prepareRecording(new Uint8Array(0)))).message).toBe(voiceMessages.noRecording);
  });

  it('refuses a recording over 30 seconds (with a little slack), judged from its frames', async () => {
    const one = jfkMp3();
    const frames = one.subarray(id3v2Length(one));
    // Three times the 11 s recording: 33 s.
    const long = new Uint8Array([...one, ...frames, ...frames]);
    const error = await refusal(prepareRecording(long));
    expect(error.message).toBe(voiceMessages.tooLong);
    expect(error.message).toBe('The recording is longer than 30 seconds. Please ask a shorter question.');
    // 30.5 s of sound is within the slack.
    const tone30 = lameMp3(tone(30.5, 16_000, 440), 16_000, 32);
    expect((await prepareRecording(tone30)).durationMs).toBeGreaterThan(30_000);
  });

  it('refuses a recording over the size limit before decoding it', async () => {
    const big = new Uint8Array(MAX_AUDIO_BYTES + 1);
    big.set(jfkMp3());
    expect((await refusal(prepareRecording(big))).message).toBe(voiceMessages.tooLarge);
  });

  it('refuses silence (an MP3 of nothing but zeros, and of faint hiss) with the sentence', async () => {
    const zeros = lameMp3(new Int16Array(44_100 * 3), 44_100);
    expect((await decodedSeconds(zeros)).seconds).toBeGreaterThan(2.9);
    const error = await refusal(prepareRecording(zeros));
    expect(error.message).toBe(
      'I could not hear anything in the recording. Please try again, closer to the microphone.',
    );
    const hiss = lameMp3(
      Int16Array.from({ length: 44_100 * 3 }, () => Math.round((Math.random() - 0.5) * 2 * 32767 * 0.005)),
      44_100,
    );
    expect((await refusal(prepareRecording(hiss))).message).toBe(voiceMessages.silence);
  });

  it('prepares a recording: the MP3 as it came, 16 kHz mono samples and the duration', async () => {
    const mp3 = jfkMp3();
    const recording = await prepareRecording(mp3);
    expect(recording.mp3).toBe(mp3);
    expect(recording.sampleRate).toBe(16_000);
    expect(recording.samples).toBeInstanceOf(Float32Array);
    expect(recording.durationMs / 1000).toBeCloseTo(JFK_SECONDS, 1);
  });

  it('averages stereo to mono', async () => {
    const left = new Float32Array(16_000).fill(0.5);
    const right = new Float32Array(16_000).fill(-0.25);
    const mono = await toMono16k({ channelData: [left, right], sampleRate: 16_000 });
    expect(mono.length).toBe(16_000);
    expect(mono[8000]).toBeCloseTo(0.125, 5);
  });
});

describe('windowed-sinc resampling', () => {
  const sine = (rate: number, hz: number, seconds = 1) =>
    Float32Array.from({ length: rate * seconds }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate));

  it.each([44_100, 48_000, 22_050, 32_000, 8_000])(
    'keeps a 1 kHz tone from %i Hz at 16 kHz',
    async (rate) => {
      const out = await resample(sine(rate, 1000), rate, 16_000);
      expect(out.length).toBe(16_000);
      // Away from the edges: the same loudness (0.5/√2) and the same frequency (zero crossings).
      expect(rms(out, 1000, 15_000)).toBeCloseTo(0.5 / Math.SQRT2, 2);
      let crossings = 0;
      for (let i = 1000; i < 15_000; i++) if (out[i - 1]! < 0 && out[i]! >= 0) crossings++;
      expect(crossings).toBeGreaterThanOrEqual(874);
      expect(crossings).toBeLessThanOrEqual(876);
    },
  );

  it('removes what 16 kHz cannot hold instead of folding it back (no aliasing)', async () => {
    const out = await resample(sine(44_100, 11_000), 44_100, 16_000);
    expect(rms(out, 1000, 15_000)).toBeLessThan(0.005);
  });
});

describe('MP3 encoding (lamejs)', () => {
  it('encodes 16-bit mono PCM to an MP3 that decodes to the same length', async () => {
    const mp3 = await encodeMp3(tone(2, 22_050, 300), 22_050, 64);
    expect(outlineMp3(mp3)).not.toBeNull();
    const { seconds, sampleRate } = await decodedSeconds(mp3);
    expect(sampleRate).toBe(22_050);
    expect(seconds).toBeGreaterThan(1.95);
    expect(seconds).toBeLessThan(2.2);
  });
});
