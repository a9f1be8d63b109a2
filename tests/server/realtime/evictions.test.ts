import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../src/server/db/schema';
import { SIGNED_OUT_MESSAGE } from '../../../src/server/realtime/chat-handlers';
import { SUPER_ENV, signInSuper } from '../../support/admin';
import { askOnce, openChatSocket, signedInChatUser, type ChatClient } from '../../support/chat';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(SUPER_ENV);
});
afterAll(() => t.stop());

/** Resolves with the reason the socket was closed, or 'still connected' after `ms`. */
function closedWithin(socket: ChatClient, ms = 3000): Promise<string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still connected'), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

const userIdOf = async (sessionId: string) =>
  (
    await t.server.database.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.chatSessionId, sessionId))
  )[0]!.userId;

describe('chat sockets end with their sign-in', () => {
  it('closes the socket of the session that signs out, and only that one', async () => {
    const user = await signedInChatUser(t);
    const other = await signedInChatUser(t);
    const socket = await openChatSocket(t, user);
    const otherSocket = await openChatSocket(t, other);
    const closed = closedWithin(socket);
    expect((await user.client.post('/auth/logout')).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(await closedWithin(otherSocket, 300)).toBe('still connected');
    otherSocket.close();
  });

  it('closes every socket of a user an admin blocks', async () => {
    const user = await signedInChatUser(t);
    const first = await openChatSocket(t, user);
    const second = await openChatSocket(t, user);
    const closed = Promise.all([closedWithin(first), closedWithin(second)]);
    const root = await signInSuper(t);
    const block = await root.post('/admin/block_user', {
      queryingApp: 'dish',
      userId: await userIdOf(user.sessionId),
      block: true,
    });
    expect(block.status).toBe(200);
    expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('closes the socket when its sign-in expires', async () => {
    const user = await signedInChatUser(t);
    await t.server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 800) })
      .where(eq(sessions.chatSessionId, user.sessionId));
    const socket = await openChatSocket(t, user);
    expect(await closedWithin(socket)).toBe('io server disconnect');
  });

  it('answers no question once the sign-in is revoked where no eviction reached (another process)', async () => {
    const user = await signedInChatUser(t);
    const socket = await openChatSocket(t, user);
    await t.server.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.chatSessionId, user.sessionId));
    const closed = closedWithin(socket);
    const answer = await askOnce(socket, 'What helps with low vision?');
    expect(answer.content.response).toMatchObject({ answer: '', error: SIGNED_OUT_MESSAGE });
    expect(await closed).toBe('io server disconnect');
  });

  it('answers no question of a user deactivated meanwhile', async () => {
    const user = await signedInChatUser(t);
    const socket = await openChatSocket(t, user);
    await t.server.database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, await userIdOf(user.sessionId)));
    const closed = closedWithin(socket);
    const answer = await askOnce(socket, 'What helps with low vision?');
    expect(answer.content.response.error).toBe(SIGNED_OUT_MESSAGE);
    expect(await closed).toBe('io server disconnect');
  });
});
