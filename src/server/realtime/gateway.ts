import type { Server as HttpServer } from 'node:http';
import { parseCookie } from 'cookie';
import { Server } from 'socket.io';
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
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(httpServer, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: 8 * 1024 * 1024,
  });
  io.use(async (socket, next) => {
    try {
      const token = parseCookie(socket.handshake.headers.cookie ?? '')[AUTH_COOKIE];
      const sessionId = socket.handshake.query.session_id;
      const found = token ? await findSession(db, token) : null;
      if (!found || found.user.isBlocked || found.session.chatSessionId !== sessionId) {
        next(new Error('unauthorized'));
        return;
      }
      socket.data = { userId: found.user.id, chatSessionId: found.session.chatSessionId };
      next();
    } catch (error) {
      log.error({ err: error }, 'socket handshake failed');
      next(new Error('unavailable'));
    }
  });
  return io as unknown as Server;
}
