/**
 * Closes chat sockets whose sign-in has ended (issue 12 item 7). Sign-out, blocking and key
 * revocation ask for it here; the chat gateway provides it (realtime/evictions.ts), so the
 * domains that end a sign-in need not know about sockets.
 */
export interface SocketEvictions {
  /** Logout: every socket of that one sign-in. */
  endSession(chatSessionId: string): void;
  /** Blocked or deactivated: every socket of the user, whichever device or session. */
  endUser(userId: string): void;
  /** A project API key revoked (or rotated): every socket opened with it. */
  endKey(keyId: string): void;
}
