import type { SocketEvictions } from '../access/evictions';
import { keyRoom, sessionRoom, userRoom, type ChatServer } from './gateway';

/**
 * `disconnectSockets` on a room reaches every server process through the Redis adapter, so a
 * socket held by another process behind the load balancer closes too. The per-answer check in
 * the chat handlers backs this up.
 */
export function socketEvictions(io: ChatServer): SocketEvictions {
  return {
    endSession: (chatSessionId) => io.in(sessionRoom(chatSessionId)).disconnectSockets(true),
    endUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
    endKey: (keyId) => io.in(keyRoom(keyId)).disconnectSockets(true),
  };
}
