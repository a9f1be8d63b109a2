/**
 * Issue 14: the chat page shows the user's kept conversation, starts a new one, lists, reopens
 * and deletes earlier ones (keyboard only, axe clean), and offline opens this device's copy
 * read-only, holding a typed question until the user sends it back online.
 */
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { conversationText } from '../../../src/app/features/chat/messages';
import { checkCurrentUser, sessionUserAtom } from '../../../src/app/state/auth';
import { onlineAtom } from '../../../src/app/state/connectivity';
import { offlineCache } from '../../../src/app/state/offline-cache';
import { store } from '../../../src/app/state/store';
import type { ConversationView } from '../../../src/shared/chat/conversations';
import { announced, chatPageTests, conversationLog, questionBox } from '../support/chat-page';
import {
  expectNoAxeViolations,
  jsonResponse,
  makeUser,
  overrideFetch,
  renderApp,
  resetFocus,
  signIn,
  tabTo,
} from '../support/render';
import { answerOf } from './fakeSocket';

const { madeSocket, connectedSocket, openChatShowing } = chatPageTests({ clearStorage: true });

const AT = '2026-11-20T10:00:00.000Z';
function conversation(id: string, title: string, pairs: [string, string][] = []): ConversationView {
  return {
    id,
    title,
    createdAt: AT,
    updatedAt: AT,
    messages: pairs.flatMap(([q, a], i) => [
      { id: 2 * i + 1, type: 'user' as const, text: q, isAudio: false, audioPath: null, links: [], at: AT },
      { id: 2 * i + 2, type: 'bot' as const, text: a, isAudio: false, audioPath: null, links: [], at: AT },
    ]),
  };
}

const CURRENT = conversation('11111111-1111-4111-8111-111111111111', 'What is a screen reader?', [
  ['What is a screen reader?', 'Software that reads the screen aloud.'],
]);
const EARLIER = conversation('22222222-2222-4222-8222-222222222222', 'Sign language courses', [
  ['Sign language courses', 'The **ISL** dictionary lists free courses.'],
]);
const FRESH = conversation('33333333-3333-4333-8333-333333333333', '');

/** The server's conversations: current, earlier, and a fresh one on POST. */
function serveConversations(current: ConversationView | null = CURRENT) {
  let list = [CURRENT, EARLIER];
  return overrideFetch((path, init) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/conversations/current') return jsonResponse({ conversation: current });
    if (path === '/api/conversations' && method === 'GET')
      return jsonResponse({
        conversations: list.map(({ messages: _m, ...summary }) => summary),
        currentId: list[0]?.id ?? null,
      });
    if (path === '/api/conversations' && method === 'POST') return jsonResponse(FRESH);
    if (path === `/api/conversations/${EARLIER.id}/open`) return jsonResponse(EARLIER);
    if (path.startsWith('/api/conversations/') && method === 'DELETE') {
      list = list.filter((c) => !path.endsWith(c.id));
      return jsonResponse({ ok: true });
    }
    return undefined;
  });
}

describe('kept conversations', () => {
  test('the chat opens on the current conversation and adds to it; axe finds nothing', async () => {
    signIn(makeUser());
    serveConversations();
    const { container } = await openChatShowing('Software that reads the screen aloud.');
    const socket = await connectedSocket();
    await questionBox().fill('And a braille display?');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => socket.sent.length).toBe(1);
    expect(socket.sent[0]?.message.content.conversationId).toBe(CURRENT.id);
    socket.answer({
      ...answerOf('answer-text', { answer: 'A tactile display.' }),
      content: {
        ...answerOf('answer-text', { answer: 'A tactile display.' }).content,
        conversationId: CURRENT.id,
      },
    });
    await expect.element(conversationLog()).toHaveTextContent('A tactile display.');
    // The copy kept for offline use follows the conversation.
    expect(offlineCache.conversation('u-1')?.messages.map((m) => m.text)).toEqual([
      'What is a screen reader?',
      'Software that reads the screen aloud.',
      'And a braille display?',
      'A tactile display.',
    ]);
    await expectNoAxeViolations(container);
  });

  test('New conversation empties the chat, says so and puts focus in the question box', async () => {
    signIn(makeUser());
    const { calls } = serveConversations();
    await openChatShowing('Software that reads the screen aloud.');
    await page.getByRole('button', { name: 'New conversation' }).click();
    await expect.element(announced(conversationText.started)).toBeInTheDocument();
    await expect.element(conversationLog()).not.toHaveTextContent('Software that reads');
    await expect.element(questionBox()).toHaveFocus();
    expect(calls.some((c) => c.path === '/api/conversations' && c.method === 'POST')).toBe(true);
  });

  test('keyboard only: list the conversations, reopen an earlier one, delete one; axe finds nothing', async () => {
    signIn(makeUser());
    const { calls } = serveConversations();
    const { container } = await openChatShowing('Software that reads the screen aloud.');
    resetFocus();
    const toggle = page.getByRole('button', { name: 'Earlier conversations' });
    await tabTo(toggle, 30);
    await userEvent.keyboard('{Enter}');
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    const earlier = page.getByRole('button', { name: /^Sign language courses/ });
    await expect.element(earlier).toBeVisible();
    await expect
      .element(page.getByRole('button', { name: /^What is a screen reader\?/ }))
      .toHaveAttribute('aria-current', 'true');
    await expectNoAxeViolations(container);

    await tabTo(earlier);
    await userEvent.keyboard('{Enter}');
    await expect.element(conversationLog()).toHaveTextContent('The ISL dictionary lists free courses.');
    await expect.element(announced('Conversation opened: Sign language courses')).toBeInTheDocument();
    expect(calls.some((c) => c.path === `/api/conversations/${EARLIER.id}/open`)).toBe(true);

    const remove = page.getByRole('button', { name: 'Delete conversation: What is a screen reader?' });
    await tabTo(remove);
    await userEvent.keyboard(' ');
    await expect.element(announced(conversationText.removed)).toBeInTheDocument();
    await expect.element(remove).not.toBeInTheDocument();
    await expect.element(page.getByRole('heading', { name: 'Your conversations' })).toHaveFocus();
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith(CURRENT.id))).toBe(true);
  });
});

describe('the question carried from the dashboard', () => {
  test('goes once the kept conversation is shown, so that it is not hidden by it', async () => {
    signIn(makeUser());
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    overrideFetch((path) =>
      path === '/api/conversations/current'
        ? held.then(() => jsonResponse({ conversation: CURRENT }))
        : undefined,
    );
    await renderApp('/dashboard');
    await questionBox().fill('Is there a talking calculator?');
    await userEvent.keyboard('{Enter}');
    const socket = await connectedSocket();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(socket.sent).toEqual([]);
    release();
    await expect.poll(() => socket.sent.length).toBe(1);
    expect(socket.sent[0]?.message.content.conversationId).toBe(CURRENT.id);
    await expect.element(conversationLog()).toHaveTextContent('Software that reads the screen aloud.');
    await expect.element(conversationLog()).toHaveTextContent('Is there a talking calculator?');
  });
});

describe('offline, still signed in', () => {
  // No call reaches the server (the header's and the microphone's included).
  const offlineFetch = () => overrideFetch(() => Promise.reject(new TypeError('Failed to fetch')));

  test('a reload offline opens the last known user on the cached conversation, read-only; axe finds nothing', async () => {
    offlineCache.saveUser(makeUser());
    offlineCache.saveConversation('u-1', CURRENT);
    store.set(sessionUserAtom, null);
    offlineFetch();
    store.set(onlineAtom, false);
    // A page load: the current-user check of the previous test's reset is more than a second ago.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { container } = await renderApp('/chatpage');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
    await expect.element(conversationLog()).toHaveTextContent('Software that reads the screen aloud.');
    await expect.element(page.getByText(conversationText.readOnly)).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'New conversation' })).toBeDisabled();
    await expect.element(page.getByRole('button', { name: 'Earlier conversations' })).toBeDisabled();
    await expect.element(page.getByRole('textbox', { name: 'Email Or Phone' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  test('with nobody known, offline still goes to the login form', async () => {
    offlineFetch();
    store.set(sessionUserAtom, null);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await checkCurrentUser()).toBeNull();
  });

  test('a question typed offline waits in the box and is sent once the user confirms, back online', async () => {
    signIn(makeUser());
    offlineCache.saveConversation('u-1', CURRENT);
    const { calls } = overrideFetch((path) => {
      if (!store.get(onlineAtom)) return Promise.reject(new TypeError('Failed to fetch'));
      return path === '/api/conversations/current' ? jsonResponse({ conversation: CURRENT }) : undefined;
    });
    store.set(onlineAtom, false);
    await openChatShowing('Software that reads the screen aloud.');
    const socket = await madeSocket();

    await questionBox().fill('Is there a talking calculator?');
    await userEvent.keyboard('{Enter}');
    await expect.element(announced(conversationText.held)).toBeInTheDocument();
    await expect.element(questionBox()).toHaveValue('Is there a talking calculator?');
    expect(socket.sent).toEqual([]);

    store.set(onlineAtom, true);
    socket.open();
    await expect.element(announced(conversationText.offer)).toBeInTheDocument();
    await expect.poll(() => calls.filter((c) => c.path === '/api/conversations/current').length).toBe(2);
    expect(socket.sent).toEqual([]);
    await page.getByRole('button', { name: conversationText.sendHeld }).click();
    await expect
      .poll(() => socket.sent.map((s) => s.message.content.query))
      .toEqual(['Is there a talking calculator?']);
    await expect.element(questionBox()).toHaveValue('');
    await expect.element(announced(conversationText.offer)).not.toBeInTheDocument();
  });
});
