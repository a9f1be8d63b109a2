import { useEffect, useRef } from 'react';
import type { ChatMessage } from '../../state/chat';
import { AnswerActions, type Announce } from './AnswerActions';
import { BotMarkdown } from './BotMarkdown';
import './chat.css';

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

/**
 * SPEC §2 Chat view: the conversation, announced politely. After each change the latest user
 * message scrolls to the top (smoothly, unless the user prefers reduced motion) and takes focus.
 * With `announce` (the chat page's status line), each answer has its actions under it.
 */
export function MessageList({ messages, announce }: { messages: ChatMessage[]; announce?: Announce }) {
  const list = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLDivElement>(null);

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
      <div ref={list} className="message-list" role="log" aria-live="polite" aria-label="Conversation">
        {messages.map((message) => (
          <Message key={message.id} message={message} announce={announce} />
        ))}
      </div>
      <div ref={spacer} className="message-spacer" aria-hidden="true" />
    </>
  );
}

function Message({ message, announce }: { message: ChatMessage; announce: Announce | undefined }) {
  switch (message.type) {
    case 'articulation':
      return (
        <p className="message-articulation">
          <span className="articulation-dots" aria-hidden="true" />
          {message.text}
        </p>
      );
    case 'user':
      return (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- SPEC: user messages are focusable
        <div className="message message-user" tabIndex={0}>
          <span className="visually-hidden">You asked: </span>
          {message.isAudio ? <AudioMessage message={message} label="Your recorded question" /> : null}
          {message.text ? <p className="message-text">{message.text}</p> : null}
        </div>
      );
    case 'bot': {
      const bubble = (
        <div className="message message-bot">
          <span className="visually-hidden">DISH answered: </span>
          {message.text ? <BotMarkdown id={message.id} text={message.text} /> : null}
          {message.isAudio ? <AudioMessage message={message} label="Spoken answer" /> : null}
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
  if (!message.audioURI) return <p className="message-audio-error">Audio message Error</p>;
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
