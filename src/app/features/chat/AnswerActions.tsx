import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackApi } from '../../api/feedback';
import { ApiError } from '../../api/client';
import { ttsUrl } from '../../config';
import { translate } from '../../i18n/i18n';
import type { ChatMessage } from '../../state/chat';
import {
  answerActionText as text,
  FEEDBACK_COMMENT_MAX,
  type QuestionFeedback,
} from '../../../shared/chat/feedback';
import './answer-actions.css';

/** Says something politely in the chat's status line. */
export type Announce = (message: string) => void;

const failure = (error: unknown) =>
  translate(
    error instanceof ApiError && !error.offline && error.status !== 500 ? error.message : text.failed,
  );

/**
 * Under each answer (issue 14 item 3): Copy, Listen (the answer spoken on demand) and "Was this
 * helpful?" with an optional comment. Plain buttons, so Tab, Enter and Space do everything; the
 * verdict's state is `aria-pressed`, and what happened is said in the chat's status line.
 */
export function AnswerActions({ message, announce }: { message: ChatMessage; announce: Announce }) {
  const { questionId } = message;
  const asked = Boolean(questionId) && !message.failed;
  return (
    <div className="answer-actions">
      <div className="answer-action-row">
        <CopyButton answer={message.text} announce={announce} />
        {asked && !message.isAudio && questionId ? (
          <ListenButton questionId={questionId} announce={announce} />
        ) : null}
      </div>
      {asked && questionId ? (
        <Feedback questionId={questionId} initial={message.feedback ?? null} announce={announce} />
      ) : null}
    </div>
  );
}

function CopyButton({ answer, announce }: { answer: string; announce: Announce }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      // The markdown: plain text that keeps the sources' addresses.
      await navigator.clipboard.writeText(answer);
      announce(t(text.copied));
    } catch {
      announce(t(text.copyRefused));
    }
  };
  return (
    <button type="button" className="answer-action" aria-label={t(text.copy)} onClick={() => void copy()}>
      {t('Copy')}
    </button>
  );
}

function ListenButton({ questionId, announce }: { questionId: string; announce: Announce }) {
  const { t } = useTranslation();
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const player = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    if (audioUrl) void player.current?.play().catch(() => undefined);
  }, [audioUrl]);

  const listen = async () => {
    if (busy) return;
    if (audioUrl && player.current) {
      player.current.currentTime = 0;
      void player.current.play().catch(() => undefined);
      announce(t(text.playing));
      return;
    }
    setBusy(true);
    announce(t(text.preparing));
    try {
      setAudioUrl(ttsUrl(await feedbackApi.listen(questionId)));
      announce(t(text.playing));
    } catch (error) {
      announce(failure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="answer-action"
        aria-label={t(text.listen)}
        aria-disabled={busy || undefined}
        onClick={() => void listen()}
      >
        {t(text.listenShort)}
      </button>
      {audioUrl ? (
        // The answer's words are shown just above the player.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio
          ref={player}
          className="answer-audio"
          controls
          preload="auto"
          src={audioUrl}
          aria-label={t('Spoken answer')}
        />
      ) : null}
    </>
  );
}

function Feedback({
  questionId,
  initial,
  announce,
}: {
  questionId: string;
  initial: QuestionFeedback | null;
  announce: Announce;
}) {
  const [helpful, setHelpful] = useState<boolean | null>(initial?.helpful ?? null);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const { t } = useTranslation();

  const send = async (verdict: boolean, words: string, said: string) => {
    if (busy) return;
    setBusy(true);
    try {
      const saved = await feedbackApi.send(questionId, { helpful: verdict, comment: words });
      setHelpful(saved.helpful);
      setComment(saved.comment);
      announce(said);
    } catch (error) {
      announce(failure(error));
    } finally {
      setBusy(false);
    }
  };

  const verdict = (value: boolean, label: string, shown: string) => (
    <button
      type="button"
      className="answer-action answer-verdict"
      aria-pressed={helpful === value}
      aria-label={label}
      aria-disabled={busy || undefined}
      onClick={() => void send(value, comment, t(text.thanks))}
    >
      {shown}
    </button>
  );

  return (
    <div className="answer-feedback">
      <div role="group" aria-labelledby={`${id}-question`} className="answer-action-row">
        <span id={`${id}-question`} className="answer-feedback-question">
          {t(text.helpfulQuestion)}
        </span>
        {verdict(true, t(text.yesLabel), t(text.yes))}
        {verdict(false, t(text.noLabel), t(text.no))}
      </div>
      {helpful !== null ? (
        <form
          className="inline-form answer-comment"
          onSubmit={(event) => {
            event.preventDefault();
            void send(helpful, comment, t(text.commentSaved));
          }}
        >
          <label htmlFor={`${id}-comment`}>{t(text.comment)}</label>
          <textarea
            id={`${id}-comment`}
            rows={2}
            maxLength={FEEDBACK_COMMENT_MAX}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
          <button type="submit" className="answer-action" aria-disabled={busy || undefined}>
            {t(text.sendComment)}
          </button>
        </form>
      ) : null}
    </div>
  );
}
