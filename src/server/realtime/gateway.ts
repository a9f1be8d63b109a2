import type { Server as HttpServer } from 'node:http';
import { parseCookie } from 'cookie';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { Server, type Socket } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_COOKIE } from '../../shared/constants';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/chat/protocol';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { findSession } from '../auth/sessions';
import { keyStillLive, liveKey, recordKeyUse } from '../projects/keys';
import { userMayEnter } from '../projects/policy';
import { handshakeApiKey, versionRefusal } from './protocol-version';

export interface SocketData {
  /** The signed-in user; null for an authorized project's API key. */
  userId: string | null;
  chatSessionId: string;
  /** The project an API key belongs to; its questions are answered from that project only. */
  keyProject: string | null;
  /** The sign-in (sessions row) behind a user's socket, re-checked before each answer. */
  sessionRowId: string | null;
  /** When that sign-in ends: the socket is closed then, not when the client next asks. */
  expiresAt: number | null;
  /** The API key the socket came with (its id), re-checked before each answer. */
  keyId: string | null;
}

export type ChatServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type ChatSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Every socket of one chat session joins this room, so answers reach all of its tabs and processes. */
export const sessionRoom = (chatSessionId: string) => `session:${chatSessionId}`;
/** Every socket of one user joins this room, so blocking them closes all their sockets everywhere. */
export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket opened with one API key joins this room, so revoking the key closes them everywhere. */
export const keyRoom = (keyId: string) => `key:${keyId}`;

/** setTimeout takes at most 2^31-1 ms (about 24.8 days); a longer session is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Socket.IO on the HTTP server's port at /socket.io. A handshake is accepted only with a live
 * `token` cookie and the chat session id that belongs to it, or with an authorized project's
 * API key (DECISIONS §3), and only from a client of this protocol version (protocol-version.ts).
 */
export function createGateway(httpServer: HttpServer, db: Db, log: FastifyBaseLogger): ChatServer {
  const io: ChatServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // A 30-second MP3 at 128 kbps is under 0.5 MB; 8 MB leaves room without inviting abuse.
    maxHttpBufferSize: 8 * 1024 * 1024,
  });
  io.use((socket, next) => {
    // Before any database work: an outdated tab is told to reload whoever it is.
    const outdated = versionRefusal(socket.handshake);
    if (outdated) return next(outdated);
    authorize(db, socket.handshake).then(
      (data) => {
        if (!data) return next(new Error('unauthorized'));
        socket.data = data;
        next();
      },
      (error: unknown) => {
        log.error({ err: error }, 'socket handshake failed');
        next(new Error('unavailable'));
      },
    );
  });
  io.on('connection', (socket) => {
    const { chatSessionId, userId, keyId } = socket.data;
    const rooms = [sessionRoom(chatSessionId)];
    if (userId) rooms.push(userRoom(userId));
    if (keyId) rooms.push(keyRoom(keyId));
    void socket.join(rooms);
    closeAtExpiry(socket);
  });
  return io;
}

/** Closes the socket when its sign-in runs out, in steps short enough for setTimeout. */
function closeAtExpiry(socket: ChatSocket): void {
  const { expiresAt } = socket.data;
  if (expiresAt === null) return;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const left = expiresAt - Date.now();
    if (left <= 0) {
      socket.disconnect(true);
      return;
    }
    timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  arm();
  socket.once('disconnect', () => clearTimeout(timer));
}

/** The socket's user and chat session, or null when the handshake must be refused. */
async function authorize(db: Db, handshake: Socket['handshake']): Promise<SocketData | null> {
  const sessionId = handshake.query.session_id;
  if (typeof sessionId !== 'string' || !sessionId || sessionId.length > 100) return null;
  const apiKey = handshakeApiKey(handshake);
  if (apiKey) {
    // Read from the database at every handshake: a key revoked in any process is refused here.
    const key = await liveKey(db, apiKey);
    if (!key) return null;
    // A connection is a use of the key, as an API request is (the Projects tab shows both).
    await recordKeyUse(db, key.id);
    return {
      userId: null,
      chatSessionId: `${key.project}:${sessionId}`,
      keyProject: key.project,
      sessionRowId: null,
      expiresAt: null,
      keyId: key.id,
    };
  }
  const token = parseCookie(handshake.headers.cookie ?? '')[AUTH_COOKIE];
  const found = token ? await findSession(db, token) : null;
  // A blocked or deactivated user is refused here as on HTTP (current-user.ts), by the same rule.
  if (!found || !userMayEnter(found.user)) return null;
  if (found.session.chatSessionId !== sessionId) return null;
  return {
    userId: found.user.id,
    chatSessionId: found.session.chatSessionId,
    keyProject: null,
    sessionRowId: found.session.id,
    expiresAt: found.session.expiresAt.getTime(),
    keyId: null,
  };
}

/**
 * Whether the socket may still be answered: its sign-in not ended, expired or revoked and its
 * user neither blocked nor deactivated; or its API key still the project's. Asked before every
 * answer, so a socket that outlived its sign-in in some process is never served.
 */
export async function socketStillAuthorized(db: Db, data: SocketData): Promise<boolean> {
  if (data.keyProject !== null) return data.keyId !== null && keyStillLive(db, data.keyId);
  if (data.sessionRowId === null) return false;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, data.sessionRowId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.isBlocked, false),
        eq(users.isActive, true),
      ),
    );
  return Boolean(row);
}

/**
 * Closes every connection as a transport closes, after what was sent on it has gone out (the
 * last answers of a stopping process): clients then reconnect by themselves, to another process
 * behind a load balancer. `io.close()` alone discards what is still buffered.
 */
export async function closeConnections(io: ChatServer, timeoutMs: number): Promise<void> {
  const clients = new Set([...io.sockets.sockets.values()].map((socket) => socket.conn));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(
      [...clients].map(
        (client) =>
          new Promise<void>((resolve) => {
            client.once('close', () => resolve());
            client.close();
          }),
      ),
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]);
  clearTimeout(timer);
}
