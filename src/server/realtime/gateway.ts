import type { Server as HttpServer } from 'node:http';
import { parseCookie } from 'cookie';
import { Server, type Socket } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_COOKIE } from '../../shared/constants';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/chat/protocol';
import type { Db } from '../db/client';
import { findSession } from '../auth/sessions';
import { projectOfApiKey } from '../projects/policy';

export interface SocketData {
  /** The signed-in user; null for an authorized project's API key. */
  userId: string | null;
  chatSessionId: string;
  /** The project an API key belongs to; its questions are answered from that project only. */
  keyProject: string | null;
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

/**
 * Socket.IO on the HTTP server's port at /socket.io. A handshake is accepted only with a live
 * `token` cookie and the chat session id that belongs to it, or with an authorized project's
 * API key (DECISIONS §3).
 */
export function createGateway(httpServer: HttpServer, db: Db, log: FastifyBaseLogger): ChatServer {
  const io: ChatServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // A 30-second MP3 at 128 kbps is under 0.5 MB; 8 MB leaves room without inviting abuse.
    maxHttpBufferSize: 8 * 1024 * 1024,
  });
  io.use((socket, next) => {
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
  return io;
}

/** The socket's user and chat session, or null when the handshake must be refused. */
async function authorize(db: Db, handshake: Socket['handshake']): Promise<SocketData | null> {
  const sessionId = handshake.query.session_id;
  if (typeof sessionId !== 'string' || !sessionId || sessionId.length > 100) return null;
  const apiKey = (handshake.auth as { apiKey?: unknown }).apiKey ?? handshake.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey) {
    const keyProject = await projectOfApiKey(db, apiKey);
    return keyProject ? { userId: null, chatSessionId: `${keyProject}:${sessionId}`, keyProject } : null;
  }
  const token = parseCookie(handshake.headers.cookie ?? '')[AUTH_COOKIE];
  const found = token ? await findSession(db, token) : null;
  if (!found || found.user.isBlocked || found.session.chatSessionId !== sessionId) return null;
  return { userId: found.user.id, chatSessionId: found.session.chatSessionId, keyProject: null };
}
