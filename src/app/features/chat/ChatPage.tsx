import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionUserAtom, userUnconfirmedAtom } from '../../state/auth';
import {
  chatMessagesAtom,
  conversationFromCacheAtom,
  heldQuestionAtom,
  initialQuestionAtom,
  socketStatusAtom,
  waitingAtom,
  type InitialQuestion,
} from '../../state/chat';
import { onlineAtom } from '../../state/connectivity';
import { offlineCache } from '../../state/offline-cache';
import { store } from '../../state/store';
import { translate } from '../../i18n/i18n';
import { notify } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { connectChat, sendQuestion } from './chatSocketBridge';
import { ConnectionStatus } from './ConnectionStatus';
import { ConversationHistory } from './ConversationHistory';
import { loadCurrentConversation, startNewConversation } from './conversations';
import { HeldQuestion } from './HeldQuestion';
import { InputBar, type InputBarHandle } from './InputBar';
import { MessageList } from './MessageList';
import { OutdatedNotice } from './OutdatedNotice';
import { conversationText, NOT_SENT } from './messages';

/** SPEC §2 /chatpage: the conversation and the question box. Loaded only when opened. */
export function ChatPage() {
  usePageTitle('Chat');
  const { t } = useTranslation();
  const user = useAtomValue(sessionUserAtom);
  const sessionId = user?.sessionId;
  const userId = user?.id;
  const messages = useAtomValue(chatMessagesAtom);
  const waiting = useAtomValue(waitingAtom);
  const status = useAtomValue(socketStatusAtom);
  const initial = useAtomValue(initialQuestionAtom);
  const online = useAtomValue(onlineAtom);
  const unconfirmed = useAtomValue(userUnconfirmedAtom);
  const fromCache = useAtomValue(conversationFromCacheAtom);
  const input = useRef<InputBarHandle>(null);
  const held = useAtomValue(heldQuestionAtom);
  const setHeld = (text: string | null) => {
    store.set(heldQuestionAtom, text);
    if (userId) offlineCache.saveHeld(userId, text);
  };
  const [announcement, setAnnouncement] = useState('');
  // The same sentence twice (copied again) is still said: a no-break space makes it new text.
  const say = (text: string) => setAnnouncement((last) => (last === text ? `${text}\u00a0` : text));
  // The kept conversation is shown (or could not be had): a question sent before would be hidden by it.
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  // Offline, or still the last known user, or this device's copy: nothing can change on the server.
  const readOnly = !online || unconfirmed || fromCache;

  // SPEC §4: the socket connects when the chat opens.
  useEffect(() => {
    if (sessionId) connectChat(sessionId);
  }, [sessionId]);

  // Issue 14: the current conversation, and the server's again once the copy shown can be replaced.
  useEffect(() => {
    if (!userId) return;
    void loadCurrentConversation(userId).finally(() => setLoadedFor(userId));
    // A question typed offline before a reload is waiting still.
    const kept = offlineCache.held(userId);
    if (kept !== null && store.get(heldQuestionAtom) === null) {
      store.set(heldQuestionAtom, kept);
      input.current?.restore(kept);
    }
  }, [userId]);
  useEffect(() => {
    if (userId && online && !unconfirmed && store.get(conversationFromCacheAtom))
      void loadCurrentConversation(userId);
  }, [userId, online, unconfirmed]);

  /** A typed question while nothing can be sent waits in the box (issue 14 item 2). */
  const hold = (text: string): false => {
    setHeld(text);
    return false;
  };

  const send = async (question: InitialQuestion) => {
    setHeld(null);
    if (await sendQuestion(question)) return;
    notify('error', translate(NOT_SENT));
    // Give the words back, so nothing typed is lost.
    if (question.text) input.current?.prefill(question.text);
  };

  // SPEC §4: the question carried over from the dashboard goes once connected, then is cleared.
  // Read from the store, not this render: the effect may run twice for one render.
  useEffect(() => {
    const pending = store.get(initialQuestionAtom);
    if (!pending) return;
    if (readOnly && !pending.audio) {
      store.set(initialQuestionAtom, null);
      hold(pending.text);
      input.current?.prefill(pending.text);
      return;
    }
    if (status !== 'connected' || loadedFor !== userId) return;
    store.set(initialQuestionAtom, null);
    void send(pending);
  });

  const startNew = async () => {
    try {
      await startNewConversation();
      setAnnouncement(t(conversationText.started));
      input.current?.focus();
    } catch {
      setAnnouncement(t(conversationText.failed));
    }
  };

  const canOffer = held !== null && !readOnly && status === 'connected' && !waiting;

  return (
    <div className="chat-page">
      <div className="chat-heading">
        <h1>{t('Chat')}</h1>
        <ConnectionStatus status={status} />
      </div>
      {status === 'outdated' ? <OutdatedNotice /> : null}
      <div className="chat-toolbar">
        <button
          type="button"
          className="button button-secondary"
          disabled={readOnly || waiting}
          onClick={() => void startNew()}
        >
          {t(conversationText.newConversation)}
        </button>
        <ConversationHistory disabled={readOnly || waiting} />
        <p role="status" className="visually-hidden">
          {announcement}
        </p>
      </div>
      {readOnly ? <p className="chat-read-only">{t(conversationText.readOnly)}</p> : null}
      {messages.length === 0 ? (
        <p className="chat-empty">
          {t(initial ? 'Sending your question…' : 'Ask a question to start the conversation.')}
        </p>
      ) : null}
      <MessageList messages={messages} announce={say} />
      <div className="chat-input">
        <HeldQuestion
          held={held}
          offer={canOffer}
          onSend={() => {
            const text = held ?? '';
            input.current?.prefill('');
            void send({ text, audio: null });
          }}
          onKeep={() => setHeld(null)}
        />
        <InputBar
          ref={input}
          waiting={waiting}
          recordingDisabled={readOnly}
          onSend={(text) => {
            // Offline the question stays in the box, waiting (issue 14 item 2).
            if (readOnly) return hold(text);
            void send({ text, audio: null });
          }}
          onRecorded={(audio) => void send({ text: '', audio })}
        />
      </div>
    </div>
  );
}
