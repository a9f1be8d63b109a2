import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { VOICE_UNAVAILABLE_MESSAGE } from '../../../shared/chat/voice';
import { MAX_AUDIO_DURATION_MS } from '../../../shared/constants';
import { loadVoiceStatus, voiceAvailableAtom } from '../../state/voice';
import { VoiceRecorder } from './voiceRecorder';

interface MicrophoneButtonProps {
  /** The recording, as an audio/mp3 Blob. */
  onRecorded: (mp3: Blob) => void;
  /** SPEC §5 Chat: disabled while a question is out. */
  disabled: boolean;
}

/** A click this soon after a handled press or release is that press's own click, not another. */
const CLICK_AFTER_PRESS_MS = 1000;
const isPressKey = (key: string) => key === ' ' || key === 'Enter';

/**
 * SPEC §2/§4 microphone button: press and hold to record, release to send; red while recording,
 * aria-pressed, and every change announced. A brief press (how screen readers and switches
 * activate a button) starts a recording that the next press sends. On a server that cannot hear
 * questions it is disabled, and the status line says so (politely) and that typing works.
 */
export function MicrophoneButton({ onRecorded, disabled }: MicrophoneButtonProps) {
  const [recorder] = useState(() => new VoiceRecorder());
  useEffect(() => {
    recorder.handTo(onRecorded);
  });
  useEffect(() => () => recorder.dispose(), [recorder]);
  // The same state when drawn at build time (src/app/static-pages): a recorder that has not started.
  const state = useSyncExternalStore(recorder.subscribe, recorder.getState, recorder.getState);
  const lastPress = useRef(-Infinity);
  const id = useId();
  const unavailable = useAtomValue(voiceAvailableAtom) === false;
  const { t } = useTranslation();
  useEffect(() => void loadVoiceStatus(), []);

  const recording = state.phase === 'recording';
  const busy = state.phase === 'asking' || state.phase === 'starting' || state.phase === 'encoding';

  const press = () => {
    lastPress.current = performance.now();
    recorder.press();
  };
  const release = () => {
    lastPress.current = performance.now();
    recorder.release();
  };

  return (
    <>
      <button
        type="button"
        className={`icon-button input-bar-mic${recording ? ' recording' : ''}`}
        aria-label={t('microphone button')}
        aria-pressed={recording}
        aria-describedby={`${id}-hint`}
        // A recording under way can always be ended, even if a question went out meanwhile. While
        // the recording is converted the button stays enabled (presses are ignored), so that it
        // keeps the keyboard focus.
        disabled={(disabled || unavailable) && !recording}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          // Keep the press (no text selection, no touch scrolling) and its release on the button.
          event.preventDefault();
          event.currentTarget.focus();
          event.currentTarget.setPointerCapture(event.pointerId);
          press();
        }}
        onPointerUp={release}
        onPointerCancel={release}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && (recording || busy)) {
            event.preventDefault();
            recorder.cancel();
            return;
          }
          if (!isPressKey(event.key)) return;
          event.preventDefault();
          if (!event.repeat) press();
        }}
        onKeyUp={(event) => {
          if (!isPressKey(event.key)) return;
          event.preventDefault();
          release();
        }}
        onClick={() => {
          // An activation with no press before it (a screen reader's or a switch's click).
          if (performance.now() - lastPress.current < CLICK_AFTER_PRESS_MS) return;
          press();
          recorder.release();
        }}
        onContextMenu={(event) => event.preventDefault()}
        onBlur={() => {
          // Focus left mid-hold (a Space held while tabbing away): the key-up will not come here.
          if (recording && !state.latched) release();
        }}
      >
        <MicrophoneIcon />
      </button>
      <span id={`${id}-hint`} className="visually-hidden">
        {t(
          'Hold to record a question of up to {{seconds}} seconds and release to send, or press once to start and again to send. Escape cancels.',
          { seconds: MAX_AUDIO_DURATION_MS / 1000 },
        )}
      </span>
      <p className="input-bar-status" role="status">
        {unavailable && !recording ? t(VOICE_UNAVAILABLE_MESSAGE) : state.notice && t(state.notice)}
        {recording && state.startedAt !== null ? <Elapsed since={state.startedAt} /> : null}
      </p>
    </>
  );
}

/** Seconds recorded so far, for the eye only: a screen reader is not told every second. */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(tick);
  }, []);
  const seconds = Math.min(MAX_AUDIO_DURATION_MS / 1000, Math.floor((now - since) / 1000));
  return (
    <span className="input-bar-elapsed" aria-hidden="true">
      {` 0:${String(seconds).padStart(2, '0')} of 0:${MAX_AUDIO_DURATION_MS / 1000}`}
    </span>
  );
}

function MicrophoneIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
      <path
        fill="currentColor"
        d="M12 15a3 3 0 0 0 3-3V6a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V22h2v-3.08A7 7 0 0 0 19 12h-2z"
      />
    </svg>
  );
}
