import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  connectChat,
  resetChatSocketBridge,
  sendQuestion,
} from '../../../src/app/features/chat/chatSocketBridge';
import { socketStatusAtom, type SocketStatus } from '../../../src/app/state/chat';
import { store } from '../../../src/app/state/store';
import { makeUser, resetApp, signIn } from '../support/render';

beforeEach(async () => {
  await resetApp();
  // No factory: the bridge starts the real SharedWorker, as in the app.
  await resetChatSocketBridge();
});

afterEach(() => resetChatSocketBridge());

test('the SharedWorker starts, makes the socket and reports through Comlink', async () => {
  expect(typeof SharedWorker).toBe('function');
  const seen: SocketStatus[] = [];
  const stop = store.sub(socketStatusAtom, () => seen.push(store.get(socketStatusAtom)));
  try {
    signIn(makeUser({ sessionId: 'worker-smoke' }));
    connectChat('worker-smoke');
    // No chat server answers here: the worker's socket is connecting (or already retrying).
    await expect.poll(() => seen, { timeout: 15_000 }).toContain('connecting');
    // A question while not connected is retried once, then reported as not sent.
    await expect(sendQuestion({ text: 'Is anyone there?', audio: null })).resolves.toBe(false);
  } finally {
    stop();
  }
});
