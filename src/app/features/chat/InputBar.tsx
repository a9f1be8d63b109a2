import { useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { isBlankStatsQuery } from '../../../shared/chat/protocol';
import { STATS_PREFIX } from '../../../shared/constants';
import { MicrophoneButton } from '../voice/MicrophoneButton';

/** Lets the page focus the question box and fill it in (SPEC §2 Chat view). */
export interface InputBarHandle {
  focus(): void;
  prefill(text: string): void;
  /** Puts text back in the box without moving focus (a question kept across a reload). */
  restore(text: string): void;
}

interface InputBarProps {
  /** Called with the question; the field is cleared at once, unless it answers false (kept). */
  onSend: (text: string) => boolean | void;
  /** A recorded question, as an audio/mp3 Blob. */
  onRecorded: (mp3: Blob) => void;
  /** A question is out: sending and recording are disabled (SPEC §5 Chat). */
  waiting: boolean;
  /** Nothing can be recorded now (offline): typing still works. */
  recordingDisabled?: boolean;
  ref?: Ref<InputBarHandle>;
}

/** True when the text may be sent: not blank and not just the stats prefix (SPEC §4 Chat). */
function isSendable(text: string): boolean {
  return text.trim() !== '' && !isBlankStatsQuery(text) && text.trim() !== STATS_PREFIX.trim();
}

/** Alt+S, by key position so that layouts where Alt+S types a character work too. */
const isStatsShortcut = (event: KeyboardEvent) =>
  event.altKey &&
  !event.ctrlKey &&
  !event.metaKey &&
  (event.code === 'KeyS' || event.key.toLowerCase() === 's');

/**
 * The question box of the dashboard and the chat page: text field, send button and microphone
 * button. Enter sends; Alt+S anywhere on the page prefills '/stats '.
 */
export function InputBar({ onSend, onRecorded, waiting, recordingDisabled = false, ref }: InputBarProps) {
  const [text, setText] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  const { t } = useTranslation();

  const prefill = useCallback((value: string) => {
    setText(value);
    const input = field.current;
    if (!input) return;
    input.focus();
    // Put the caret after the prefilled text once React has written it.
    requestAnimationFrame(() => input.setSelectionRange(value.length, value.length));
  }, []);

  useImperativeHandle(ref, () => ({ focus: () => field.current?.focus(), prefill, restore: setText }), [
    prefill,
  ]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isStatsShortcut(event)) return;
      event.preventDefault();
      prefill(STATS_PREFIX);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [prefill]);

  const canSend = !waiting && isSendable(text);

  const send = () => {
    if (!canSend) return;
    if (onSend(text) !== false) setText('');
  };

  return (
    <form
      className="input-bar"
      aria-label={t('Ask a question')}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('Ask your question')}
      </label>
      <input
        id={id}
        ref={field}
        className="field-box input-bar-field"
        type="text"
        name="question"
        autoComplete="off"
        placeholder={t('Ask your question')}
        aria-describedby={`${id}-hint`}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <span id={`${id}-hint`} className="visually-hidden">
        {t('Press Enter to send. Alt+S starts a statistics question.')}
      </span>
      <MicrophoneButton onRecorded={onRecorded} disabled={waiting || recordingDisabled} />
      <button
        type="submit"
        className="icon-button input-bar-send"
        aria-label={t('send message button')}
        disabled={!canSend}
      >
        <SendIcon />
      </button>
    </form>
  );
}

function SendIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
      <path fill="currentColor" d="M2.01 21 23 12 2.01 3 2 10l15 2-15 2z" />
    </svg>
  );
}
