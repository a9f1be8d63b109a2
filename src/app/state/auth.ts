import { atom } from 'jotai';
import type { SessionUser } from '../../shared/auth/schemas';
import { AUTH_CHECK_THROTTLE_MS } from '../../shared/constants';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../api/client';
import type { authApi, Registration } from '../api/auth';
import { checkServerReachable, onlineAtom } from './connectivity';
import { authCalls, offlineCopy } from './lazy-calls';
import { keepsLastUser, saveLastUser } from './offline-storage';
import { store } from './store';

/** The signed-in user, or null (SPEC §4 Auth). */
export const sessionUserAtom = atom<SessionUser | null>(null);
/** False until the first current-user check has answered: the header shows Loading meanwhile. */
export const authKnownAtom = atom(false);
/** The last failed auth call's message, shown in the red banner on the auth pages. */
export const authErrorAtom = atom<string | null>(null);
/** After a code was requested: whether sending it succeeded (SPEC §4 one-time-code flow). */
export const otpSentAtom = atom<boolean | null>(null);
/**
 * The user is the last one this browser knew, kept while the server could not be asked (offline):
 * the pages open read-only until the server confirms the sign-in (issue 14 item 2).
 */
export const userUnconfirmedAtom = atom(false);

let inFlight: Promise<SessionUser | null> | null = null;
let lastCheckAt = 0;

/** The server's word on who is signed in: kept for offline use, or forgotten. */
function setUser(user: SessionUser | null): void {
  store.set(sessionUserAtom, user);
  store.set(authKnownAtom, true);
  store.set(userUnconfirmedAtom, false);
  saveLastUser(user);
}

/** No answer from the server: the last known user stands in, unconfirmed, if there is one. */
async function standInLastKnownUser(): Promise<SessionUser | null> {
  const cached = (await offlineCopy()).user();
  store.set(sessionUserAtom, cached);
  store.set(authKnownAtom, true);
  store.set(userUnconfirmedAtom, cached !== null);
  return cached;
}

/** Back online with an unconfirmed user: ask the server, which confirms or signs them out. */
function confirmWhenOnline(): void {
  if (!store.get(onlineAtom) || !store.get(userUnconfirmedAtom)) return;
  authCalls()
    .then((auth) => auth.getMe())
    .then(setUser, (error: unknown) => {
      if (error instanceof ApiError && error.offline) return;
      // The sign-in ended while away: the page opens again, and its guard asks for a sign-in.
      setUser(null);
      window.location.reload();
    });
}
store.sub(onlineAtom, confirmWhenOnline);

/**
 * Asks the server who is signed in, when nobody is known and no check is running, at most once
 * per second. A failed check is logged and clears the session silently (no banner).
 */
export function checkCurrentUser(): Promise<SessionUser | null> {
  const known = store.get(sessionUserAtom);
  if (known) return Promise.resolve(known);
  if (inFlight) return inFlight;
  if (Date.now() - lastCheckAt < AUTH_CHECK_THROTTLE_MS && store.get(authKnownAtom))
    return Promise.resolve(null);
  lastCheckAt = Date.now();
  inFlight = authCalls()
    .then((auth) => auth.getMe())
    .then(
      (user) => {
        setUser(user);
        return user;
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.offline) return standInLastKnownUser();
        console.info('No signed-in user:', error instanceof Error ? error.message : error);
        setUser(null);
        return null;
      },
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * The check as the app starts: asked of the server only when this device has seen a sign-in (the
 * last known user is kept until sign-out). A first visit is known to be signed out without a
 * request, whose 401 the browser would log as an error on every public page (Lighthouse's best
 * practices). A protected page asks anyway (its guard calls checkCurrentUser).
 */
export async function checkAtStart(): Promise<SessionUser | null> {
  const lastUser = keepsLastUser() ? (await offlineCopy()).user() : null;
  if (lastUser === null && !store.get(sessionUserAtom)) {
    store.set(authKnownAtom, true);
    // Whether the server answers is still worth knowing: the offline notice says it.
    void checkServerReachable();
    return null;
  }
  return checkCurrentUser();
}

/**
 * Runs an auth call (its module loaded on first use); on failure the message goes to the banner
 * and the session is cleared (SPEC §8).
 */
async function authCall<T>(call: (auth: typeof authApi) => Promise<T>): Promise<T | null> {
  store.set(authErrorAtom, null);
  try {
    return await call(await authCalls());
  } catch (error) {
    store.set(authErrorAtom, error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE);
    setUser(null);
    return null;
  }
}

export async function login(emailOrPhone: string, password: string): Promise<SessionUser | null> {
  const user = await authCall((auth) => auth.login({ emailOrPhone, password }));
  if (user) setUser(user);
  return user;
}

/** Registration makes an account but no session: the user is sent on to sign in. */
export async function register(registration: Registration): Promise<SessionUser | null> {
  return authCall((auth) => auth.register(registration));
}

export async function requestOtp(emailOrPhone: string): Promise<boolean> {
  const answer = await authCall((auth) => auth.generateOtp({ emailOrPhone }));
  const sent = answer?.sendStatus ?? false;
  store.set(otpSentAtom, sent);
  return sent;
}

export async function verifyOtp(emailOrPhone: string, otp: string): Promise<SessionUser | null> {
  const user = await authCall((auth) => auth.verifyOtp({ emailOrPhone, otp }));
  store.set(otpSentAtom, null);
  if (user) setUser(user);
  return user;
}

/** Ends the session on the server (which expires the cookie) and forgets the user here. */
export async function logout(): Promise<void> {
  try {
    await (await authCalls()).logout();
  } catch (error) {
    console.warn('Logout call failed; the session is cleared here anyway.', error);
  }
  setUser(null);
}

/** Where a signed-in user belongs when no page was remembered (SPEC §2 redirect rules). */
export function homeFor(user: SessionUser): '/admindashboard' | '/dashboard' {
  return user.isAdmin ? '/admindashboard' : '/dashboard';
}

/** A remembered path is followed only when it stays on this site. */
export function safeRedirect(path: string | undefined): string | undefined {
  return path && path.startsWith('/') && !path.startsWith('//') ? path : undefined;
}
