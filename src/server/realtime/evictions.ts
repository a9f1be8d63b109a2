import { keyRoom, sessionRoom, userRoom, type ChatServer } from './gateway';

/**
 * Closes chat sockets whose sign-in has ended (issue 12 item 7). `disconnectSockets` on a room
 * reaches every server process through the Redis adapter, so a socket held by another process
 * behind the load balancer closes too. The per-answer check in the chat handlers backs this up.
 */
export interface SocketEvictions {
  /** Logout: every socket of that one sign-in. */
  endSession(chatSessionId: string): void;
  /** Blocked or deactivated: every socket of the user, whichever device or session. */
  endUser(userId: string): void;
  /** A project API key revoked (or rotated): every socket opened with it. */
  endKey(keyId: string): void;
}

export function socketEvictions(io: ChatServer): SocketEvictions {
  return {
    endSession: (chatSessionId) => io.in(sessionRoom(chatSessionId)).disconnectSockets(true),
    endUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
    endKey: (keyId) => io.in(keyRoom(keyId)).disconnectSockets(true),
  };
}
