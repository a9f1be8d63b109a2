/**
 * SPEC §4 Microphone: idle, recording on press, stopped on release or when the 30 s timer fires;
 * the recorded webm then goes to the encoder worker and comes back as an audio/mp3 Blob.
 *
 * Two ways to record, so that everyone can: hold the button (mouse, touch, Space or Enter held)
 * and release to send, or press it briefly (a screen reader's activation, a switch, a tap) to
 * start and press it again to send. Escape cancels.
 *
 * The encoder's bridge (Comlink) and its worker load on the first recording, not with the page.
 */
import { MAX_AUDIO_DURATION_MS } from '../../../shared/constants';
import { warmSpeechModel } from '../../state/voice';

export type RecorderPhase = 'idle' | 'asking' | 'starting' | 'recording' | 'encoding';

export interface RecorderState {
  phase: RecorderPhase;
  /** Recording continues after release until the next press. */
  latched: boolean;
  /** When recording began (performance.now()), while recording. */
  startedAt: number | null;
  /** The last thing worth announcing. */
  notice: string;
}

export const RECORDING_TYPE = 'audio/webm';
/** A press shorter than this starts a recording that the next press ends. */
export const TAP_MS = 400;

export const notices = {
  ready:
    'Microphone ready. Hold the microphone button while you speak, or press it to start and again to send.',
  holding: 'Recording. Release the button to send.',
  latched: 'Recording. Press the microphone button again to send.',
  sending: 'Recording stopped. Sending your question.',
  timeUp: `Recording stopped at ${MAX_AUDIO_DURATION_MS / 1000} seconds. Sending your question.`,
  // English, the keys of src/app/i18n/hi.ts: shown through t().
  cancelled: 'Recording cancelled.',
} as const;

/** SPEC §8: logged, never shown. */
export const MICROPHONE_ERROR = 'Error accessing microphone';

type PermissionAnswer = PermissionState | 'unknown';

/** Where the Permissions API cannot say, a grant seen on this page counts. */
let grantedOnThisPage = false;

async function microphonePermission(): Promise<PermissionAnswer> {
  try {
    const status = await navigator.permissions.query({ name: 'microphone' });
    return status.state;
  } catch {
    return grantedOnThisPage ? 'granted' : 'unknown';
  }
}

const loadEncoder = () => import('./encoder');

const stopTracks = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

export class VoiceRecorder {
  private state: RecorderState = { phase: 'idle', latched: false, startedAt: null, notice: '' };
  private readonly listeners = new Set<() => void>();
  private pressedAt = 0;
  private released = false;
  private stream: MediaStream | null = null;
  private recorder: MediaRecorder | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private discard = false;

  private onRecorded: (mp3: Blob) => void = () => undefined;

  getState = (): RecorderState => this.state;

  /** Where finished recordings go (the button keeps this pointed at its latest prop). */
  handTo(onRecorded: (mp3: Blob) => void): void {
    this.onRecorded = onRecorded;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The button went down (pointer down, Space or Enter down, or an activation). */
  press(): void {
    this.pressedAt = performance.now();
    this.released = false;
    if (this.state.phase === 'recording' && this.state.latched) {
      this.stop(notices.sending);
      return;
    }
    if (this.state.phase !== 'idle') return;
    // Out of idle at once, so that a second press while the browser answers starts nothing more.
    this.discard = false;
    this.set({ phase: 'starting', latched: false, notice: '' });
    void this.begin();
  }

  /** The button came up. */
  release(): void {
    this.released = true;
    if (this.state.phase !== 'recording' || this.state.latched) return;
    if (performance.now() - this.pressedAt < TAP_MS) this.latch();
    else this.stop(notices.sending);
  }

  /** Escape: the recording is dropped, nothing is sent. */
  cancel(): void {
    if (this.state.phase !== 'recording' && this.state.phase !== 'starting') return;
    this.discard = true;
    if (this.state.phase === 'recording') this.stop(notices.cancelled);
    else this.set({ notice: notices.cancelled });
  }

  /** The component went away: stop the microphone, send nothing. */
  dispose(): void {
    this.discard = true;
    this.listeners.clear();
    this.clearTimer();
    if (this.recorder?.state === 'recording') this.recorder.stop();
    if (this.stream) stopTracks(this.stream);
  }

  private set(change: Partial<RecorderState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  private async begin(): Promise<void> {
    // SPEC §5 Chat: without permission, the first press only asks for it.
    if ((await microphonePermission()) !== 'granted') {
      await this.askPermission();
      return;
    }
    if (typeof MediaRecorder !== 'function' || !MediaRecorder.isTypeSupported(RECORDING_TYPE)) {
      console.error(`Recording aborted: this browser cannot record ${RECORDING_TYPE}.`);
      this.reset('');
      return;
    }
    // Warm the worker up while the user speaks; a failed load is met again (and reported) at encoding.
    loadEncoder().then(
      ({ audioEncoder }) => audioEncoder(),
      () => undefined,
    );
    warmSpeechModel(); // and the server's speech model
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
      });
      grantedOnThisPage = true;
      if (this.discard) {
        // Cancelled, or gone, while the microphone was opening.
        stopTracks(this.stream);
        this.stream = null;
        this.reset(this.state.notice);
      } else this.record(this.stream);
    } catch (error) {
      console.error(MICROPHONE_ERROR, error);
      this.reset('');
    }
  }

  private async askPermission(): Promise<void> {
    this.set({ phase: 'asking', notice: '' });
    try {
      stopTracks(await navigator.mediaDevices.getUserMedia({ audio: true }));
      grantedOnThisPage = true;
      this.reset(notices.ready);
    } catch (error) {
      console.error(MICROPHONE_ERROR, error);
      this.reset('');
    }
  }

  private record(stream: MediaStream): void {
    const recorder = new MediaRecorder(stream, { mimeType: RECORDING_TYPE });
    const chunks: Blob[] = [];
    this.recorder = recorder;
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size) chunks.push(event.data);
    });
    recorder.addEventListener('error', (event) => {
      console.error(MICROPHONE_ERROR, event);
      this.discard = true;
      this.stop('');
    });
    recorder.addEventListener('stop', () => {
      stopTracks(stream);
      this.stream = null;
      this.recorder = null;
      if (this.discard || !chunks.length) this.reset(this.state.notice);
      else void this.encode(new Blob(chunks, { type: recorder.mimeType || RECORDING_TYPE }));
    });
    recorder.start();
    this.timer = setTimeout(() => this.stop(notices.timeUp), MAX_AUDIO_DURATION_MS);
    // A press that ended while the microphone was opening was a tap: keep recording until the next.
    const latched = this.released;
    this.set({
      phase: 'recording',
      latched,
      startedAt: performance.now(),
      notice: latched ? notices.latched : notices.holding,
    });
  }

  private latch(): void {
    this.set({ latched: true, notice: notices.latched });
  }

  private stop(notice: string): void {
    this.clearTimer();
    const recorder = this.recorder;
    if (!recorder || recorder.state === 'inactive') return;
    this.set({ phase: 'encoding', startedAt: null, notice });
    recorder.stop();
  }

  private async encode(recording: Blob): Promise<void> {
    try {
      const { recordingToMp3 } = await loadEncoder();
      const mp3 = await recordingToMp3(recording);
      this.reset(this.state.notice);
      // Not when the button went away meanwhile (the page changed).
      if (!this.discard) this.onRecorded(mp3);
    } catch (error) {
      console.error('The recording could not be converted to MP3:', error);
      this.reset('');
    }
  }

  private reset(notice: string): void {
    this.clearTimer();
    this.set({ phase: 'idle', latched: false, startedAt: null, notice });
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
