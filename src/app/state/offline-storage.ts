/**
 * The offline copy's side that needs no schema (offline-cache.ts reads it back through zod): where
 * it is kept, and its writes. The sign-in state keeps the copy in step synchronously with these,
 * and asks whether a last user is kept at all, without loading zod, so that a first visit to a
 * public page loads no schema (lazy-calls.ts says why).
 */
import type { SessionUser } from '../../shared/auth/schemas';

export const USER_KEY = 'dish:last-user';
export const CONVERSATION_KEY = 'dish:conversation';
export const HELD_KEY = 'dish:held-question';

export function writeOffline(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    // Storage full or refused (private mode): the app works, only not offline.
    console.warn('The offline copy could not be kept:', error);
  }
}

/** The last known user; none (signed out) forgets their conversation and held question too. */
export function saveLastUser(user: SessionUser | null): void {
  writeOffline(USER_KEY, user);
  if (user) return;
  writeOffline(CONVERSATION_KEY, null);
  writeOffline(HELD_KEY, null);
}

export function keepsLastUser(): boolean {
  try {
    return localStorage.getItem(USER_KEY) !== null;
  } catch {
    return false;
  }
}
