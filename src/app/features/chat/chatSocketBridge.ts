/**
 * The page's side of the chat socket. It owns the connection's lifecycle: it starts the
 * SharedWorker that holds the one socket for all tabs (or, where SharedWorker is missing, the same
 * core in the page), subscribes to its envelopes and writes them into the jotai store.
 */
import * as Comlink from 'comlink';
import {
  isBlankStatsQuery,
  questionEventFor,
  type AnswerMessage,
  type QuestionContent,
  type QuestionMessage,
} from '../../../shared/chat/protocol';
import type { ConversationView } from '../../../shared/chat/conversations';
import { MP3_TYPE, QUERYING_APP } from '../../../shared/constants';
import type { ChatSocketApi } from '../../../workers/chat-socket/chat-socket.shared-worker';
import {
  createChatSocketCore,
  type AskResult,
  type ChatEnvelope,
  type ChatListener,
  type ChatSocketFactory,
} from '../../../workers/chat-socket/chat-socket.core';
import { ttsUrl } from '../../config';
import { sessionUserAtom } from '../../state/auth';
import {
  chatMessages,
  chatMessagesAtom,
  conversationFromCacheAtom,
  conversationIdAtom,
  heldQuestionAtom,
  initialQuestionAtom,
  socketStatusAtom,
  waitingAtom,
  type ChatMessage,
  type InitialQuestion,
} from '../../state/chat';
import { languageAtom } from '../../state/language';
import { offlineCache } from '../../state/offline-cache';
import { store } from '../../state/store';
import { messagesFromView, viewFromMessages } from './conversationMessages';

/** What the bridge needs of a port: the worker's API through Comlink, or the in-page core's. */
interface ChatBackend {
  connect(sessionId: string): Promise<unknown>;
  ask(message: QuestionMessage): Promise<AskResult>;
  subscribe(listener: ChatListener): Promise<void>;
  show(conversation: ConversationView | null): Promise<void>;
  disconnect(): Promise<void>;
  goodbye(): Promise<void>;
}

let backend: Promise<ChatBackend> | null = null;
/** Set by tests: the next backend is an in-page core whose sockets this factory makes. */
let pageFactory: ChatSocketFactory | null = null;
/** The worker failed to start: the socket lives in the page from then on. */
let workerFailed = false;
let stopWatching: (() => void) | null = null;
let seq = 0;
/** This tab sent a recording whose spoken answer has not come yet: play that answer when it does. */
let voiceAskedHere = false;
/** The conversation shown, without its messages (those are the store's). */
let shown: Omit<ConversationView, 'messages'> | null = null;

const nextId = () => `m${++seq}`;

function startSharedWorker(): ChatBackend {
  const worker = new SharedWorker(
    new URL('../../../workers/chat-socket/chat-socket.shared-worker.ts', import.meta.url),
    { type: 'module', name: 'dish-chat' },
  );
  worker.addEventListener('error', (event) => {
    console.error('The chat worker failed; the chat socket moves into the page.', event);
    restartInPage();
  });
  worker.port.start();
  return Comlink.wrap<ChatSocketApi>(worker.port);
}

async function startInPage(factory: ChatSocketFactory | null): Promise<ChatBackend> {
  const createSocket =
    factory ?? (await import('../../../workers/chat-socket/chat-socket.io')).socketIoFactory(location.origin);
  return createChatSocketCore({ createSocket }).openPort();
}

async function start(): Promise<ChatBackend> {
  const inWorker = !pageFactory && !workerFailed && typeof SharedWorker === 'function';
  const api = inWorker ? startSharedWorker() : await startInPage(pageFactory);
  await subscribe(api);
  return api;
}

/** (Re)subscribes: the core replays the conversation, so the list is rebuilt from it. */
async function subscribe(api: ChatBackend): Promise<void> {
  clearMessages();
  store.set(waitingAtom, false);
  await api.subscribe(Comlink.proxy(applyEnvelope));
}

function ensureBackend(): Promise<ChatBackend> {
  if (!backend) {
    backend = start();
    watchPageAndSession();
  }
  return backend;
}

function restartInPage(): void {
  if (workerFailed) return;
  workerFailed = true;
  backend = null;
  // A question handed to the dead worker gets no answer: let the user ask again.
  store.set(waitingAtom, false);
  const sessionId = store.get(sessionUserAtom)?.sessionId;
  if (sessionId) connectChat(sessionId);
}

function onPageHide(): void {
  void backend?.then((api) => api.goodbye());
}

function onPageShow(event: PageTransitionEvent): void {
  // Back from the back/forward cache: the worker forgot this tab's listeners on pagehide.
  if (event.persisted) void backend?.then(subscribe);
}

function watchPageAndSession(): void {
  if (stopWatching) return;
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  const unsub = store.sub(sessionUserAtom, () => {
    if (!store.get(sessionUserAtom)) signedOut();
  });
  stopWatching = () => {
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
    unsub();
    stopWatching = null;
  };
}

/** Signing out closes the socket and forgets the conversation. */
function signedOut(): void {
  void backend?.then((api) => api.disconnect());
  clearChatState();
}

function clearChatState(): void {
  clearMessages();
  shown = null;
  store.set(conversationIdAtom, null);
  store.set(conversationFromCacheAtom, false);
  store.set(heldQuestionAtom, null);
  store.set(waitingAtom, false);
  store.set(initialQuestionAtom, null);
  store.set(socketStatusAtom, 'offline');
}

function botMessage(message: AnswerMessage): ChatMessage {
  const { response } = message.content;
  const voice = message.event === 'answer-voice' && !response.error;
  const bot: ChatMessage = {
    id: nextId(),
    type: 'bot',
    text: response.error ?? response.answer,
    isAudio: voice,
    links: response.links ?? [],
  };
  if (message.content.questionId) bot.questionId = message.content.questionId;
  if (response.error) bot.failed = true;
  if (voice && response.audioPath) {
    bot.audioPath = response.audioPath;
    bot.audioURI = ttsUrl(response.audioPath);
    // Whoever asked aloud hears the answer; other tabs of the session only show it.
    bot.autoplay = voiceAskedHere;
  }
  if (message.event === 'answer-voice') voiceAskedHere = false;
  return bot;
}

/** A recorded question shows what was heard once the answer brings the transcript. */
function withTranscript(list: ChatMessage[], message: AnswerMessage): ChatMessage[] {
  const transcript = message.content.response.text;
  if (message.event !== 'answer-voice' || !transcript) return list;
  const at = list.findLastIndex((m) => m.type === 'user');
  const asked = list[at];
  if (!asked?.isAudio || asked.text) return list;
  return list.with(at, { ...asked, text: transcript });
}

function userMessage(message: QuestionMessage): ChatMessage {
  const { audioBuffer, query } = message.content;
  const isAudio = message.event === 'question-voice';
  const user: ChatMessage = { id: nextId(), type: 'user', text: query, isAudio };
  if (isAudio && audioBuffer) {
    user.audioBlob = new Blob([audioBuffer as BlobPart], { type: MP3_TYPE });
    user.audioURI = URL.createObjectURL(user.audioBlob);
  }
  return user;
}

/** Empties the list, releasing the recordings' object URLs. */
function clearMessages(): void {
  for (const message of store.get(chatMessagesAtom)) {
    if (message.audioBlob && message.audioURI) URL.revokeObjectURL(message.audioURI);
  }
  store.set(chatMessagesAtom, chatMessages.clear());
}

const update = (change: (list: ChatMessage[]) => ChatMessage[]) =>
  store.set(chatMessagesAtom, change(store.get(chatMessagesAtom)));

/** Writes one envelope from the socket into the store (SPEC §4 Chat). */
function applyEnvelope(envelope: ChatEnvelope): void {
  switch (envelope.type) {
    case 'status':
      store.set(socketStatusAtom, envelope.status);
      // An answer cannot arrive on a dropped connection: let the user ask again.
      if (envelope.status !== 'connected' && envelope.status !== 'connecting') store.set(waitingAtom, false);
      break;
    case 'asked':
      update((list) => chatMessages.add(list, userMessage(envelope.message)));
      store.set(waitingAtom, true);
      break;
    case 'answer':
      // answer-text, answer-stats and answer-voice all end the wait, as does an error.
      store.set(waitingAtom, false);
      update((list) =>
        chatMessages.add(
          withTranscript(chatMessages.removeArticulation(list), envelope.message),
          botMessage(envelope.message),
        ),
      );
      answeredIn(envelope.message.content.conversationId ?? null);
      break;
    case 'conversation':
      clearMessages();
      shown = envelope.conversation && summaryOf(envelope.conversation);
      store.set(chatMessagesAtom, messagesFromView(envelope.conversation));
      store.set(conversationIdAtom, envelope.conversation?.id ?? null);
      keepOfflineCopy();
      break;
    case 'articulating': {
      const text = envelope.message.content.text;
      update((list) =>
        text
          ? chatMessages.addArticulation(list, { id: nextId(), type: 'articulation', text, isAudio: false })
          : chatMessages.removeArticulation(list),
      );
      break;
    }
  }
}

const summaryOf = ({ id, title, createdAt, updatedAt }: ConversationView) => ({
  id,
  title,
  createdAt,
  updatedAt,
});

/** The answer says which conversation keeps it (the first question of a fresh chat makes one). */
function answeredIn(conversationId: string | null): void {
  if (!conversationId) return;
  if (shown?.id !== conversationId) {
    const now = new Date().toISOString();
    shown = { id: conversationId, title: '', createdAt: now, updatedAt: now };
  }
  store.set(conversationIdAtom, conversationId);
  keepOfflineCopy();
}

/** Keeps the conversation shown in this browser, for a reload offline (issue 14 item 2). */
function keepOfflineCopy(): void {
  const userId = store.get(sessionUserAtom)?.id;
  if (!userId || store.get(conversationFromCacheAtom)) return;
  offlineCache.saveConversation(userId, shown && viewFromMessages(shown, store.get(chatMessagesAtom)));
}

/**
 * Every tab shows this conversation from now on (loaded, started anew, reopened; null: none yet).
 * `fromCache`: it is this browser's offline copy, shown read-only.
 */
export async function showConversation(view: ConversationView | null, fromCache = false): Promise<void> {
  store.set(conversationFromCacheAtom, fromCache);
  const api = await ensureBackend();
  await api.show(view);
}

/** Opens the chat socket for the signed-in user's chat session (SPEC §4: when the chat opens). */
export function connectChat(sessionId: string): void {
  if (!sessionId) return;
  ensureBackend()
    .then((api) => api.connect(sessionId))
    .catch((error: unknown) => console.error('The chat socket could not start:', error));
}

/**
 * Sends a typed question or a recording. Resolves false when nothing was sent: a blank question,
 * exactly '/stats ', or no connection even after the one retry.
 */
export async function sendQuestion(question: InitialQuestion): Promise<boolean> {
  const { text, audio } = question;
  if (!audio && (!text.trim() || isBlankStatsQuery(text))) return false;
  const content: QuestionContent = {
    query: text,
    sourceMode: 'web',
    project: QUERYING_APP,
    sessionId: '',
    // The answer's language when the question's words do not decide it (issue 14 item 7).
    language: store.get(languageAtom),
  };
  // The conversation the question belongs to; none yet: the server's current one (or a new one).
  const conversationId = store.get(conversationIdAtom);
  if (conversationId) content.conversationId = conversationId;
  let transfer: Transferable[] = [];
  if (audio) {
    const bytes = await audio.arrayBuffer();
    content.audioBuffer = bytes;
    transfer = [bytes];
  }
  const message: QuestionMessage = { event: audio ? 'question-voice' : questionEventFor(text), content };
  store.set(waitingAtom, true);
  try {
    const api = await ensureBackend();
    const { sent } = await api.ask(Comlink.transfer(message, transfer));
    if (!sent) store.set(waitingAtom, false);
    else if (audio) voiceAskedHere = true;
    return sent;
  } catch (error) {
    console.error('The question could not be sent:', error);
    store.set(waitingAtom, false);
    return false;
  }
}

/**
 * Tests: closes the current backend's socket and forgets it, and clears the chat state. With a
 * `factory`, the next backend is an in-page core whose sockets that factory makes.
 */
export async function resetChatSocketBridge(factory: ChatSocketFactory | null = null): Promise<void> {
  const old = backend;
  backend = null;
  workerFailed = false;
  pageFactory = factory;
  stopWatching?.();
  voiceAskedHere = false;
  if (old) {
    const api = await old.catch(() => null);
    await api?.goodbye();
    await api?.disconnect();
  }
  clearChatState();
}
