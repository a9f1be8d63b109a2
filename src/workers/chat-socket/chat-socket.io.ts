/**
 * The real socket for the core: socket.io-client with the settings of SPEC §7 and §9. Used by the
 * SharedWorker and, where SharedWorker is missing, by the page.
 */
import { io, type Socket } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type HandshakeAuth,
  type ServerToClientEvents,
} from '../../shared/chat/protocol';
import type { ChatSocket, ChatSocketFactory } from './chat-socket.core';

/** Sockets to the chat server at `origin` (the app's own origin: one server serves both). */
export function socketIoFactory(origin: string): ChatSocketFactory {
  return (sessionId: string): ChatSocket => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(origin, {
      path: '/socket.io',
      query: { session_id: sessionId },
      // Told apart from a tab of another build: the server refuses those with 'reload'.
      auth: { protocolVersion: PROTOCOL_VERSION } satisfies HandshakeAuth,
      withCredentials: true,
      autoConnect: false,
      transports: ['websocket', 'polling'],
      // SPEC §9's socket defaults: a 20 s connect timeout, then retries 1 s to 5 s apart, ±50%, for ever.
      timeout: 20_000,
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Infinity,
    });
    return socket;
  };
}
