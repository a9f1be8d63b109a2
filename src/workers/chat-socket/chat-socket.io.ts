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

/** SPEC §9 socket defaults. */
export const SOCKET_TIMEOUT_MS = 20_000;
export const RECONNECTION_DELAY_MS = 1000;
export const RECONNECTION_DELAY_MAX_MS = 5000;
export const RANDOMIZATION_FACTOR = 0.5;

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
      timeout: SOCKET_TIMEOUT_MS,
      reconnection: true,
      reconnectionDelay: RECONNECTION_DELAY_MS,
      reconnectionDelayMax: RECONNECTION_DELAY_MAX_MS,
      randomizationFactor: RANDOMIZATION_FACTOR,
      reconnectionAttempts: Infinity,
    });
    return socket;
  };
}
