/**
 * The microphone button and the encoder worker in real Chromium, whose fake microphone "hears"
 * ../shared/audio/jfk.wav (vitest.config.ts): real MediaRecorder webm, real worker, real lamejs.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { voiceApi } from '../../../src/app/api/voice';
import { InputBar } from '../../../src/app/features/chat/InputBar';
import { audioEncoder, decodeOnPage } from '../../../src/app/features/voice/encoder';
import { MICROPHONE_ERROR, notices, TAP_MS } from '../../../src/app/features/voice/voiceRecorder';
import { MAX_AUDIO_DURATION_MS } from '../../../src/shared/constants';
import { summarizeMp3 } from '../../support/mp3';
import { recordWebm } from '../../support/record';
import { resetApp } from '../support/render';

beforeEach(resetApp);
afterEach(() => vi.restoreAllMocks());

const mic = () => page.getByRole('button', { name: 'microphone button' });
const status = () => page.getByRole('status');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function renderBar(waiting = false) {
  const recorded: Blob[] = [];
  const onRecorded = vi.fn((mp3: Blob) => void recorded.push(mp3));
  const screen = await render(<InputBar waiting={waiting} onSend={vi.fn()} onRecorded={onRecorded} />);
  return { recorded, onRecorded, screen };
}

/** Waits for the worker's MP3 and describes it: frame headers, then the browser's own decoding. */
async function nextMp3(recorded: Blob[], timeout = 15_000) {
  await expect.poll(() => recorded.length, { timeout }).toBe(1);
  const mp3 = recorded[0]!;
  const bytes = new Uint8Array(await mp3.arrayBuffer());
  const audio = await new OfflineAudioContext(1, 1, 48_000).decodeAudioData(bytes.slice().buffer);
  const samples = audio.getChannelData(0);
  let sum = 0;
  for (const s of samples) sum += s * s;
  return { mp3, frames: summarizeMp3(bytes), audio, rms: Math.sqrt(sum / samples.length) };
}

async function holdSpace(ms: number) {
  await userEvent.keyboard('{Space>}');
  await expect.element(mic()).toHaveAttribute('aria-pressed', 'true');
  const started = performance.now();
  await sleep(ms);
  await userEvent.keyboard('{/Space}');
  return performance.now() - started;
}

describe('microphone button', () => {
  test('holding Space records: red and pressed, announced, and release hands on a mono 128 kbps MP3 of that length', async () => {
    const { recorded } = await renderBar();
    (mic().element() as HTMLElement).focus();
    await userEvent.keyboard('{Space>}');
    await expect.element(mic()).toHaveAttribute('aria-pressed', 'true');
    await expect.element(mic()).toHaveClass('recording');
    expect(getComputedStyle(mic().element()).backgroundColor).toBe('rgb(179, 38, 30)');
    await expect.element(status()).toHaveTextContent(notices.holding);
    const started = performance.now();
    await sleep(3000);
    await userEvent.keyboard('{/Space}');
    const held = (performance.now() - started) / 1000;
    await expect.element(mic()).toHaveAttribute('aria-pressed', 'false');
    await expect.element(status()).toHaveTextContent(notices.sending);

    const { mp3, frames, audio, rms } = await nextMp3(recorded);
    expect(mp3.type).toBe('audio/mp3');
    expect(frames.bitrates).toEqual([128]);
    expect(frames.channels).toEqual([1]);
    expect(audio.numberOfChannels).toBe(1);
    // The recorder starts a little after the key goes down and its last block is short.
    expect(audio.duration).toBeGreaterThan(held - 0.6);
    expect(audio.duration).toBeLessThan(held + 0.6);
    // JFK's voice, not silence.
    expect(rms).toBeGreaterThan(0.01);
    await expect.element(mic()).not.toHaveClass('recording');
  });

  test('a brief press starts a recording that the next press sends (how screen readers activate)', async () => {
    const { recorded } = await renderBar();
    await mic().click();
    await expect.element(mic()).toHaveAttribute('aria-pressed', 'true');
    await expect.element(status()).toHaveTextContent(notices.latched);
    await sleep(TAP_MS + 1500);
    // Still recording after the press ended.
    await expect.element(mic()).toHaveAttribute('aria-pressed', 'true');
    await mic().click();
    await expect.element(mic()).toHaveAttribute('aria-pressed', 'false');
    const { frames, audio } = await nextMp3(recorded);
    expect(frames.channels).toEqual([1]);
    expect(audio.duration).toBeGreaterThan(1.5);
  });

  test('Enter held records too', async () => {
    const { recorded } = await renderBar();
    (mic().element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter>}');
    await expect.element(mic()).toHaveAttribute('aria-pressed', 'true');
    await sleep(1200);
    await userEvent.keyboard('{/Enter}');
    const { audio } = await nextMp3(recorded);
    expect(audio.duration).toBeGreaterThan(0.8);
  });

  test('starting a recording asks the server to ready its speech model, once', async () => {
    const warm = vi.spyOn(voiceApi, 'warm').mockResolvedValue({ available: true });
    const { recorded } = await renderBar();
    (mic().element() as HTMLElement).focus();
    expect(warm).not.toHaveBeenCalled();
    await holdSpace(600);
    await nextMp3(recorded);
    expect(warm).toHaveBeenCalledTimes(1);
  });

  test('Escape cancels: nothing is handed on and it says so', async () => {
    const { onRecorded } = await renderBar();
    await mic().click();
    await expect.element(mic()).toHaveAttribute('aria-pressed', 'true');
    await sleep(500);
    await userEvent.keyboard('{Escape}');
    await expect.element(mic()).toHaveAttribute('aria-pressed', 'false');
    await expect.element(status()).toHaveTextContent(notices.cancelled);
    await sleep(1000);
    expect(onRecorded).not.toHaveBeenCalled();
  });

  test('disabled while a question is out', async () => {
    await renderBar(true);
    await expect.element(mic()).toBeDisabled();
  });

  test('without permission yet, the first press only asks for it and records nothing', async () => {
    // This Chromium grants the fake microphone up front; make the browser say it has not asked yet.
    vi.spyOn(navigator.permissions, 'query').mockResolvedValue({ state: 'prompt' } as PermissionStatus);
    const getUserMedia = vi.spyOn(navigator.mediaDevices, 'getUserMedia');
    const { onRecorded } = await renderBar();
    await mic().click();
    await expect.element(status()).toHaveTextContent(notices.ready);
    expect(getUserMedia).toHaveBeenCalledOnce();
    // The microphone was opened only to ask and is closed again; no recording started.
    const stream = (await getUserMedia.mock.results[0]!.value) as MediaStream;
    expect(stream.getTracks().every((track) => track.readyState === 'ended')).toBe(true);
    await expect.element(mic()).toHaveAttribute('aria-pressed', 'false');
    await sleep(500);
    expect(onRecorded).not.toHaveBeenCalled();
  });

  test('a refused microphone logs the error and records nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(navigator.mediaDevices, 'getUserMedia').mockRejectedValue(
      new DOMException('Permission denied', 'NotAllowedError'),
    );
    const { onRecorded } = await renderBar();
    await mic().click();
    await expect.poll(() => error.mock.calls.some(([first]) => first === MICROPHONE_ERROR)).toBe(true);
    await expect.element(mic()).toHaveAttribute('aria-pressed', 'false');
    expect(onRecorded).not.toHaveBeenCalled();
  });

  test('where audio/webm cannot be recorded, recording is aborted with a logged error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(MediaRecorder, 'isTypeSupported').mockReturnValue(false);
    const getUserMedia = vi.spyOn(navigator.mediaDevices, 'getUserMedia');
    const { onRecorded } = await renderBar();
    await mic().click();
    await expect.poll(() => error.mock.calls.length).toBe(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/audio\/webm/);
    expect(getUserMedia).not.toHaveBeenCalled();
    await expect.element(mic()).toHaveAttribute('aria-pressed', 'false');
    expect(onRecorded).not.toHaveBeenCalled();
  });

  test('the worker is created once and reused', async () => {
    const { recorded } = await renderBar();
    (mic().element() as HTMLElement).focus();
    const worker = audioEncoder();
    await holdSpace(800);
    await nextMp3(recorded);
    recorded.length = 0;
    // Focus stays on the button between recordings.
    await expect.element(mic()).toHaveFocus();
    await holdSpace(800);
    await nextMp3(recorded);
    expect(audioEncoder()).toBe(worker);
  });
});

describe('encoder worker', () => {
  test('where the worker cannot decode, the page decodes and transfers the samples for encoding', async () => {
    const recorded: Blob[] = [];
    const webm = await recordWebm(1500);

    const pcm = await decodeOnPage(webm);
    const buffers = pcm.channels.map((c) => c.buffer);
    const { transfer } = await import('comlink');
    const mp3 = await audioEncoder().encodePcm(transfer(pcm, buffers));
    // Transferred, not copied: the page's arrays are detached.
    expect(buffers.every((b) => b.byteLength === 0)).toBe(true);
    recorded.push(mp3);
    const { frames, audio } = await nextMp3(recorded);
    expect(frames.bitrates).toEqual([128]);
    expect(frames.channels).toEqual([1]);
    expect(audio.duration).toBeGreaterThan(1);
    expect(audio.duration).toBeLessThan(2.2);
  });

  test('a file that is not a recording is refused with an error', async () => {
    await expect(
      audioEncoder().encodeRecording(new Blob(['not audio'], { type: 'audio/webm' })),
    ).rejects.toThrow(/could not be read|no audio/);
  });
});

describe('30 seconds', () => {
  test(
    'stops by itself at the maximum duration, and the page decodes none of it: the worker does',
    async () => {
      const { recorded } = await renderBar();
      // How long the page's thread is held is the voice bench's figure (docs/performance.md); this
      // checks what keeps it short: the recording leaves the page as a Blob, undecoded.
      const decodeOnThePage = vi.spyOn(BaseAudioContext.prototype, 'decodeAudioData');
      await mic().click();
      await expect.element(mic()).toHaveAttribute('aria-pressed', 'true');
      await expect
        .element(mic(), { timeout: MAX_AUDIO_DURATION_MS + 5000 })
        .toHaveAttribute('aria-pressed', 'false');
      await expect.element(status()).toHaveTextContent(notices.timeUp);
      await expect.poll(() => recorded.length, { timeout: 20_000 }).toBe(1);
      expect(decodeOnThePage).not.toHaveBeenCalled();
      decodeOnThePage.mockRestore();
      const { audio, frames } = await nextMp3(recorded);
      expect(frames.channels).toEqual([1]);
      expect(audio.duration).toBeGreaterThan(MAX_AUDIO_DURATION_MS / 1000 - 0.5);
      expect(audio.duration).toBeLessThan(MAX_AUDIO_DURATION_MS / 1000 + 0.5);
    },
    MAX_AUDIO_DURATION_MS + 40_000,
  );
});
