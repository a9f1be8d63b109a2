import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { sessionUserAtom } from '../../state/auth';
import {
  chatMessagesAtom,
  initialQuestionAtom,
  socketStatusAtom,
  waitingAtom,
  type InitialQuestion,
} from '../../state/chat';
import { store } from '../../state/store';
import { usePageTitle } from '../../ui/usePageTitle';
import { connectChat, sendQuestion } from './chatSocketBridge';
import { ConnectionStatus } from './ConnectionStatus';
import { InputBar, type InputBarHandle } from './InputBar';
import { MessageList } from './MessageList';
import { NOT_SENT } from './messages';

/** SPEC §2 /chatpage: the conversation and the question box. Loaded only when opened. */
export function ChatPage() {
  usePageTitle('Chat');
  const sessionId = useAtomValue(sessionUserAtom)?.sessionId;
  const messages = useAtomValue(chatMessagesAtom);
  const waiting = useAtomValue(waitingAtom);
  const status = useAtomValue(socketStatusAtom);
  const initial = useAtomValue(initialQuestionAtom);
  const input = useRef<InputBarHandle>(null);

  // SPEC §4: the socket connects when the chat opens.
  useEffect(() => {
    if (sessionId) connectChat(sessionId);
  }, [sessionId]);

  const send = async (question: InitialQuestion) => {
    if (await sendQuestion(question)) return;
    toast.error(NOT_SENT);
    // Give the words back, so nothing typed is lost.
    if (question.text) input.current?.prefill(question.text);
  };

  // SPEC §4: the question carried over from the dashboard goes once connected, then is cleared.
  // Read from the store, not this render: the effect may run twice for one render.
  useEffect(() => {
    const pending = store.get(initialQuestionAtom);
    if (status !== 'connected' || !pending) return;
    store.set(initialQuestionAtom, null);
    void send(pending);
  });

  return (
    <div className="chat-page">
      <div className="chat-heading">
        <h1>Chat</h1>
        <ConnectionStatus status={status} />
      </div>
      {messages.length === 0 ? (
        <p className="chat-empty">
          {initial ? 'Sending your question…' : 'Ask a question to start the conversation.'}
        </p>
      ) : null}
      <MessageList messages={messages} />
      <div className="chat-input">
        <InputBar
          ref={input}
          waiting={waiting}
          onSend={(text) => void send({ text, audio: null })}
          onRecorded={(audio) => void send({ text: '', audio })}
        />
      </div>
    </div>
  );
}
