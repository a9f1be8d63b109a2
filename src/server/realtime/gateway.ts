import type { Server as HttpServer } from 'node:http';
import { parseCookie } from 'cookie';
import { Server, type Socket } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_COOKIE } from '../../shared/constants';
import type { Db } from '../db/client';
import { findSession } from '../auth/sessions';

export interface SocketData {
  userId: string;
  chatSessionId: string;
}

/**
 * Socket.IO on the HTTP server's port at /socket.io. A handshake is accepted only with a live
 * `token` cookie and the chat session id that belongs to it (DECISIONS §3).
 */
export function createGateway(httpServer: HttpServer, db: Db, log: FastifyBaseLogger): Server {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(
    httpServer,
    {
      path: '/socket.io',
      serveClient: false,
      maxHttpBufferSize: 8 * 1024 * 1024,
    },
  );
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
  const token = parseCookie(handshake.headers.cookie ?? '')[AUTH_COOKIE];
  const sessionId = handshake.query.session_id;
  const found = token ? await findSession(db, token) : null;
  if (!found || found.user.isBlocked || found.session.chatSessionId !== sessionId) return null;
  return { userId: found.user.id, chatSessionId: found.session.chatSessionId };
}
