import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../state/chat';
import { AnswerActions, type Announce } from './AnswerActions';
import './chat.css';

/**
 * Markdown (react-markdown, GFM: a third of the chat's code) loads with the first answer shown, not
 * with the page; until it has, the answer shows as its plain text.
 */
const BotMarkdown = lazy(() => import('./BotMarkdown').then((m) => ({ default: m.BotMarkdown })));

/** Tells the list when an answer's markdown is on screen (at once, or once its code has loaded). */
function Rendered({ id, onRendered }: { id: string; onRendered: (id: string) => void }) {
  useEffect(() => onRendered(id), [id, onRendered]);
  return null;
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The user is typing in a text field: leave their focus where it is. */
const typing = () => {
  const active = document.activeElement;
  return active instanceof HTMLInputElement && active.type === 'text' && active.value !== '';
};

/** Makes room below the latest question so that it can scroll to the top of the view. */
function fitSpacer(spacer: HTMLElement, latest: HTMLElement): void {
  spacer.style.height = '0px';
  const spacerTop = spacer.getBoundingClientRect().top;
  const below = spacerTop - latest.getBoundingClientRect().top;
  // What follows the spacer on the page (the question box).
  const after = (spacer.parentElement?.getBoundingClientRect().bottom ?? spacerTop) - spacerTop;
  const offset =
    (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0) +
    (parseFloat(getComputedStyle(latest).scrollMarginTop) || 0);
  spacer.style.height = `${Math.max(0, window.innerHeight - offset - below - after)}px`;
}

/** The messages that stay (a progress note comes and goes), by id. */
const keptIds = (messages: ChatMessage[]) =>
  messages.filter((m) => m.type !== 'articulation').map((m) => m.id);

/**
 * The answer that just arrived, if the list grew by it alone: the messages shown before are still
 * there in order, and one answer follows them. A conversation loaded, reopened or replayed
 * replaces the list (new ids) or brings a question with its answer at least, and is not read out
 * as if it had just been said.
 */
function newAnswer(before: string[], messages: ChatMessage[]): ChatMessage | null {
  const now = keptIds(messages);
  if (now.length !== before.length + 1) return null;
  if (before.some((id, i) => now[i] !== id)) return null;
  const last = messages.filter((m) => m.type !== 'articulation').at(-1);
  return last?.type === 'bot' ? last : null;
}

/**
 * SPEC §2 Chat view: the conversation, announced politely. After each change the latest user
 * message scrolls to the top (smoothly, unless the user prefers reduced motion) and takes focus.
 * With `announce` (the chat page's status line), each answer has its actions under it.
 *
 * What is announced is the new answer's words only. A live region reads out everything added to
 * it, so with the list itself live (role="log") a screen reader read "Copy answer, Listen to the
 * answer, Was this helpful?…" after every answer, and ARIA has no way to leave part of an
 * addition out (aria-relevant and aria-atomic do not; aria-hidden would hide the buttons from
 * everyone). So the list keeps its role and name, to be found and read at will, but is not live
 * (aria-live="off" overrides the role's implicit "polite" in Chromium, Firefox and WebKit), and a
 * separate, visually hidden polite status line receives the text of each new answer as it comes:
 * a pattern NVDA, JAWS, VoiceOver and TalkBack all announce, since the status line is in the page
 * before its text changes.
 */
export function MessageList({ messages, announce }: { messages: ChatMessage[]; announce?: Announce }) {
  const list = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  const shownBefore = useRef<string[]>(keptIds(messages));
  const [spoken, setSpoken] = useState('');
  /** A new answer still shown as plain text, to be said once its markdown is on screen. */
  const waiting = useRef<string | null>(null);
  const { t } = useTranslation();

  /** Says an answer's words as rendered (the markdown's text, "DISH answered:" first), never the buttons under them. */
  const speak = useCallback((id: string) => {
    const bubble = list.current?.querySelector(`[data-message-id="${CSS.escape(id)}"]`);
    if (bubble?.querySelector('.md-pending')) {
      waiting.current = id;
      return;
    }
    waiting.current = null;
    const words = bubble?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    // The same words twice (asked again) are still said: a no-break space makes them new text.
    if (words) setSpoken((last) => (last === words ? `${words}\u00a0` : words));
  }, []);
  const rendered = useCallback(
    (id: string) => {
      if (waiting.current === id) speak(id);
    },
    [speak],
  );

  useEffect(() => {
    const answer = newAnswer(shownBefore.current, messages);
    shownBefore.current = keptIds(messages);
    waiting.current = null;
    if (answer) speak(answer.id);
  }, [messages, speak]);

  useEffect(() => {
    const users = list.current?.querySelectorAll<HTMLElement>('.message-user');
    const latest = users?.[users.length - 1];
    if (!latest) return;
    if (spacer.current) fitSpacer(spacer.current, latest);
    latest.scrollIntoView({ behavior: reducedMotion() ? 'instant' : 'smooth', block: 'start' });
    if (!typing()) latest.focus({ preventScroll: true });
  }, [messages]);

  return (
    <>
      <div ref={list} className="message-list" role="log" aria-live="off" aria-label={t('Conversation')}>
        {messages.map((message) => (
          <Message key={message.id} message={message} announce={announce} onRendered={rendered} />
        ))}
      </div>
      <p className="visually-hidden answer-announcer" role="status" aria-live="polite">
        {spoken}
      </p>
      <div ref={spacer} className="message-spacer" aria-hidden="true" />
    </>
  );
}

function Message({
  message,
  announce,
  onRendered,
}: {
  message: ChatMessage;
  announce: Announce | undefined;
  onRendered: (id: string) => void;
}) {
  const { t } = useTranslation();
  switch (message.type) {
    case 'articulation':
      return (
        <p className="message-articulation">
          <span className="articulation-dots" aria-hidden="true" />
          {t(message.text)}
        </p>
      );
    case 'user':
      return (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- SPEC: user messages are focusable
        <div className="message message-user" tabIndex={0}>
          <span className="visually-hidden">{t('You asked: ')}</span>
          {message.isAudio ? <AudioMessage message={message} label={t('Your recorded question')} /> : null}
          {message.text ? <p className="message-text">{message.text}</p> : null}
        </div>
      );
    case 'bot': {
      const bubble = (
        <div className="message message-bot" data-message-id={message.id}>
          <span className="visually-hidden">{t('DISH answered: ')}</span>
          {message.text ? (
            // An error is a sentence of the server's: shown in the interface's language when known.
            <Suspense
              fallback={<p className="md-pending">{message.failed ? t(message.text) : message.text}</p>}
            >
              <BotMarkdown id={message.id} text={message.failed ? t(message.text) : message.text} />
              <Rendered id={message.id} onRendered={onRendered} />
            </Suspense>
          ) : null}
          {message.isAudio ? <AudioMessage message={message} label={t('Spoken answer')} /> : null}
        </div>
      );
      if (!announce || !message.text) return bubble;
      return (
        <div className="bot-turn">
          {bubble}
          <AnswerActions message={message} announce={announce} />
        </div>
      );
    }
  }
}

/** SPEC §4: audio with an address plays; audio without one says so. */
function AudioMessage({ message, label }: { message: ChatMessage; label: string }) {
  const { t } = useTranslation();
  if (!message.audioURI) return <p className="message-audio-error">{t('Audio message Error')}</p>;
  return (
    // The answer's words are shown beside the player, and a recording is the user's own voice.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <audio
      className="message-audio"
      controls
      preload={message.autoplay ? 'auto' : 'none'}
      autoPlay={message.autoplay}
      src={message.audioURI}
      aria-label={label}
    />
  );
}
