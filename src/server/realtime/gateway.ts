import type { Server as HttpServer } from 'node:http';
import { parseCookie } from 'cookie';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { Server, type Socket } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_COOKIE } from '../../shared/constants';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/chat/protocol';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { findSession } from '../access/sessions';
import { keyStillLive, liveKey, recordKeyUse } from '../access/keys';
import { keyAsker, userAsker, userMayEnter, type Asker } from '../access/policy';
import { findUnstorableText } from '../http/stored-text';
import { originAllowed, rawRequestSite } from '../http/origin-guard';
import type { TrustsProxy } from '../proxy-trust';
import { withSecurityHeaders } from '../http/security-headers';
import { serverMessages } from '../../shared/messages';
import { MAX_AUDIO_BYTES } from '../voice/errors';
import { handshakeApiKey, versionRefusal } from './protocol-version';

export interface SocketData extends Asker {
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

/** A voice question's recording as long polling carries it (base64), with the message around it. */
const SIGNED_IN_BUFFER_BYTES = Math.ceil((MAX_AUDIO_BYTES * 4) / 3) + 64 * 1024;
/** Before its handshake is authorized, a connection sends no more than a handshake needs. */
const ANONYMOUS_BUFFER_BYTES = 16 * 1024;

/** What a long-polling connection may post at once (a WebSocket's limit is the server's). */
function limitBuffer(conn: { transport: unknown }, bytes: number): void {
  const transport = conn.transport as { maxHttpBufferSize?: number };
  if (typeof transport.maxHttpBufferSize === 'number') transport.maxHttpBufferSize = bytes;
}

/** setTimeout takes at most 2^31-1 ms (about 24.8 days); a longer session is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What the handshake's Origin check needs of the server's settings (config.ts). */
export interface GatewayOptions {
  /** ALLOWED_ORIGINS: sites besides the server's own whose pages may connect. */
  allowedOrigins: readonly string[];
  /** TRUST_PROXY: the proxies whose X-Forwarded-Proto and X-Forwarded-Host are believed. */
  trustProxy: TrustsProxy | false;
}

/**
 * Socket.IO on the HTTP server's port at /socket.io. A handshake is accepted only from a page of
 * this server's own origin or of ALLOWED_ORIGINS, as the HTTP origin guard decides (a client
 * sending no Origin, a program, is not a browser page and passes); only with a live `token`
 * cookie and the chat session id that belongs to it, or with an authorized project's API key
 * (DECISIONS §3); and only from a client of this protocol version (protocol-version.ts). Its HTTP
 * answers carry the security headers of every other answer (security-headers.ts).
 */
export function createGateway(
  httpServer: HttpServer,
  db: Db,
  log: FastifyBaseLogger,
  { allowedOrigins, trustProxy }: GatewayOptions,
): ChatServer {
  const io: ChatServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // The most a signed-in socket may send at once (a WebSocket's limit from the start); a
    // long-polling connection is held to far less until its handshake is authorized (below).
    maxHttpBufferSize: SIGNED_IN_BUFFER_BYTES,
    // Every handshake, polling or WebSocket, before anything else (a browser's WebSocket is not
    // bound by CORS: without this any site's page could open a socket with the user's cookie).
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      if (!origin || originAllowed(origin, rawRequestSite(req, trustProxy), allowedOrigins))
        return callback(null, true);
      callback(serverMessages.foreignOrigin, false);
    },
  });
  io.engine.use(withSecurityHeaders);
  io.engine.on('connection', (conn: { transport: unknown }) => limitBuffer(conn, ANONYMOUS_BUFFER_BYTES));
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
    limitBuffer(socket.conn, SIGNED_IN_BUFFER_BYTES);
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
  // Kept with the questions asked on it: text the database cannot store is refused here.
  if (findUnstorableText(sessionId) !== null) return null;
  const apiKey = handshakeApiKey(handshake);
  if (apiKey) {
    // Read from the database at every handshake: a key revoked in any process is refused here.
    const key = await liveKey(db, apiKey);
    if (!key) return null;
    // A connection is a use of the key, as an API request is (the Projects tab shows both).
    await recordKeyUse(db, key.id);
    return {
      ...keyAsker(key.project),
      chatSessionId: `${key.project}:${sessionId}`,
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
    ...userAsker(found.user),
    chatSessionId: found.session.chatSessionId,
    sessionRowId: found.session.id,
    expiresAt: found.session.expiresAt.getTime(),
    keyId: null,
  };
}

/**
 * Who the socket's asker is now, or null when it may no longer be answered: its sign-in ended,
 * expired or revoked, its user blocked or deactivated, or its API key no longer the project's.
 * Asked before every answer, so a socket that outlived its sign-in in some process is never
 * served, and admin rights granted or taken since the handshake count at once.
 */
export async function socketAskerNow(db: Db, data: SocketData): Promise<Asker | null> {
  if (data.keyProject !== null)
    return data.keyId !== null && (await keyStillLive(db, data.keyId)) ? keyAsker(data.keyProject) : null;
  if (data.sessionRowId === null) return null;
  const [row] = await db
    .select({ user: users })
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
  return row ? userAsker(row.user) : null;
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
