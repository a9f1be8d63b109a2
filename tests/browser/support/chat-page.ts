/**
 * The chat page's browser-test set-up, shared by the chat's tests: fake sockets behind the chat
 * bridge, fresh for each test, and the page opened with its socket.
 */
import { afterAll, beforeEach, expect } from 'vitest';
import { page } from 'vitest/browser';
import type { ConversationView } from '../../../src/shared/chat/conversations';
import { resetChatSocketBridge } from '../../../src/app/features/chat/chatSocketBridge';
import { fakeSockets, type FakeSocket } from '../chat/fakeSocket';
import { makeUser, renderApp, resetApp, signIn } from './render';

export type FakeSockets = ReturnType<typeof fakeSockets>;

/** The chat's question box, in English. */
export const questionBox = () => page.getByRole('textbox', { name: 'Ask your question' });
/** The conversation as shown (the answer announcer beside it repeats an answer's words). */
export const conversationLog = () => page.getByRole('log', { name: 'Conversation' });
/** A status line saying `words`. */
export const announced = (words: string) => page.getByRole('status').filter({ hasText: words });
/** The chat's connection state. */
export const connectionStatus = () => page.getByRole('status').filter({ hasText: 'Chat connection' });

export interface ChatTestOptions {
  /** Sign the usual test user in before each test (makeUser()). */
  signedIn?: boolean;
  /** Clear localStorage before each test (this device's offline copies and choices). */
  clearStorage?: boolean;
}

/**
 * Registers, in the calling test file, a reset before each test (the app, then new fake sockets
 * behind the chat bridge's in-page core) and the bridge's own reset after all; returns what the
 * tests open the chat with.
 */
export function chatPageTests({ signedIn = false, clearStorage = false }: ChatTestOptions = {}) {
  let sockets = fakeSockets();

  beforeEach(async () => {
    if (clearStorage) localStorage.clear();
    await resetApp();
    sockets = fakeSockets();
    await resetChatSocketBridge(sockets.factory);
    if (signedIn) signIn(makeUser());
  });
  afterAll(() => resetChatSocketBridge());

  /** The socket the chat page made (it may not have asked it to connect yet). */
  async function madeSocket(): Promise<FakeSocket> {
    await expect.poll(() => sockets.made.length).toBe(1);
    return sockets.last;
  }

  /** The socket the chat page made, once it has asked it to connect. */
  async function openedSocket(): Promise<FakeSocket> {
    const socket = await madeSocket();
    await expect.poll(() => socket.connectCalls).toBe(1);
    return socket;
  }

  /** The socket the chat page made, asked to connect and now connected. */
  async function connectedSocket(): Promise<FakeSocket> {
    const socket = await openedSocket();
    socket.open();
    return socket;
  }

  /** Renders the app at /chatpage and waits until the conversation shows `text`. */
  async function openChatShowing(text: string) {
    const screen = await renderApp('/chatpage');
    await expect.element(conversationLog()).toHaveTextContent(text);
    return screen;
  }

  /** Renders the app at /chatpage and waits for its heading and a connected socket. */
  async function openConnectedChat() {
    const screen = await renderApp('/chatpage');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
    const socket = await connectedSocket();
    await expect.element(connectionStatus()).toHaveTextContent('Connected');
    return { ...screen, socket };
  }

  return {
    /** This test's fake sockets. */
    sockets: () => sockets,
    madeSocket,
    openedSocket,
    connectedSocket,
    openChatShowing,
    openConnectedChat,
  };
}

/** When the kept conversations below were had. */
export const KEPT_AT = '2026-11-20T10:00:00.000Z';
/** The question of the kept conversation's answer (its feedback and Listen calls). */
export const KEPT_QUESTION = '44444444-4444-4444-8444-444444444444';

/** A kept conversation of one question and its answer, with the answer's feedback if any. */
export function answeredConversation(
  feedback: ConversationView['messages'][number]['feedback'] = null,
): ConversationView {
  const message = { isAudio: false, audioPath: null, links: [], at: KEPT_AT };
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'What is a screen reader?',
    createdAt: KEPT_AT,
    updatedAt: KEPT_AT,
    messages: [
      { id: 1, type: 'user', text: 'What is a screen reader?', ...message },
      {
        id: 2,
        type: 'bot',
        text: 'Software that reads the screen **aloud**.',
        ...message,
        questionId: KEPT_QUESTION,
        feedback,
      },
    ],
  };
}
