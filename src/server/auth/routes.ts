import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_BODY_LIMIT_BYTES, QUERYING_APP } from '../../shared/constants';
import { serverMessages } from '../../shared/messages';
import { routes } from '../../shared/api/routes';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { route } from '../http/typed-route';
import { clearSessionCookie, currentAuth, setSessionCookie } from '../http/current-user';
import {
  DuplicateContactError,
  findUserByIdentifier,
  insertUser,
  unsavedUser,
  type NewUser,
  type UserRow,
} from '../users/repository';
import { presentSessionUser } from '../users/present';
import { registerLanguageRoute } from '../users/language-routes';
import { hashPassword, verifyPassword } from '../access/passwords';
import { createSession, revokeSession } from '../access/sessions';
import { THROTTLE_WINDOW_MS, countAttempt, settleSuccess, sleep, type Counter } from '../access/throttle';
import { countersFor, identifierKey, placeOf, rememberPlace } from './places';
import { registerOtpRoutes } from './otp-routes';
import type { DeliverCode, DeliverNotice } from './delivery';
import { tellContacts } from './registration-notices';
import type { SocketEvictions } from '../access/evictions';

interface AuthDeps {
  db: Db;
  config: Config;
  deliverCode: DeliverCode;
  /** Tells a contact that a registration with it was not made (issue 31). */
  deliverNotice: DeliverNotice;
  /** Closes the chat sockets of a sign-in that ends (logout), in every server process. */
  evictions: SocketEvictions;
}

const REGISTRATION_WINDOW_MS = 3_600_000;

/** SPEC §7 Auth with the wire fields of DECISIONS §3. */
export function registerAuthRoutes(
  app: FastifyInstance,
  { db, config, deliverCode, deliverNotice, evictions }: AuthDeps,
): void {
  const routeOptions = { bodyLimit: AUTH_BODY_LIMIT_BYTES };

  /**
   * Counts an attempt before it is checked: refused with 429 past a limit, else slowed down by
   * the failures before it. Returns the counters, to settle after a success.
   */
  async function admit(counters: Counter[], windowMs: number, refusal: string): Promise<Counter[]> {
    const { refused, delayMs } = await countAttempt(db, counters, windowMs, config.AUTH_SLOWDOWN_MS);
    if (refused) throw new HttpError(429, refusal);
    if (delayMs) await sleep(delayMs);
    return counters;
  }

  function assertMaySignIn(user: UserRow): void {
    if (user.isBlocked) throw new HttpError(403, serverMessages.userBlocked);
    if (!user.isActive) throw new HttpError(403, serverMessages.userInactive);
  }

  /** A session for the user; this browser and address become places they signed in from. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    const { token, session } = await createSession(
      db,
      user.id,
      config.SESSION_DAYS,
      request.headers['user-agent'],
    );
    setSessionCookie(reply, token, config.SESSION_DAYS);
    await rememberPlace(db, request, reply, user.id);
    return presentSessionUser(user, session.chatSessionId);
  }

  route(
    app,
    routes.register,
    async ({ request, body: read }) => {
      const body = read();
      // Every attempt counts, a refused duplicate too, so accounts cannot be made (or probed) in bulk.
      await admit(
        [{ key: `register:ip:${request.ip}`, limit: config.AUTH_MAX_REGISTRATIONS, afterSuccess: 'refund' }],
        REGISTRATION_WINDOW_MS,
        serverMessages.tooManyRegistrations,
      );
      // Whatever the client says, registration makes an active non-admin (DECISIONS §3).
      const input: NewUser = {
        name: body.name,
        email: body.email?.trim() || undefined,
        phone: body.phone?.trim() || undefined,
        passwordHash: await hashPassword(body.password),
        registeredVia: body.registeredVia ?? QUERYING_APP,
      };
      try {
        const user = await insertUser(db, input);
        request.log.info({ userId: user.id }, 'user registered');
        // No session: the user is sent on to sign in (SPEC §2 redirect rules).
        return presentSessionUser(user, '');
      } catch (error) {
        if (!(error instanceof DuplicateContactError)) throw error;
        // Answered as a new account is, so that the form tells nobody who has an account here;
        // the contacts are told instead, without the answer waiting for the delivery.
        request.log.info({ taken: error.field }, 'registration with a taken contact');
        const unsaved = unsavedUser(input);
        void tellContacts(deliverNotice, unsaved, error.field);
        return presentSessionUser(unsaved, '');
      }
    },
    routeOptions,
  );

  route(
    app,
    routes.login,
    async ({ request, reply, body: read }) => {
      const body = read();
      const key = identifierKey(body.emailOrPhone);
      const user = await findUserByIdentifier(db, body.emailOrPhone);
      const place = await placeOf(db, request, user?.id);
      const counters = await admit(
        countersFor('login', key, place, config.AUTH_MAX_FAILURES),
        THROTTLE_WINDOW_MS,
        serverMessages.tooManyAttempts,
      );
      // Always run the hash, so an unknown account takes as long as a wrong password.
      const ok = await verifyPassword(body.password, user?.passwordHash ?? null);
      if (!user || !ok) throw new HttpError(401, serverMessages.wrongCredentials);
      await settleSuccess(db, counters);
      assertMaySignIn(user);
      return signIn(request, reply, user);
    },
    routeOptions,
  );

  route(app, routes.getMe, async ({ request, reply }) => {
    const auth = await currentAuth(db, request);
    if (!auth) {
      clearSessionCookie(reply);
      throw new HttpError(401, serverMessages.notSignedIn);
    }
    return presentSessionUser(auth.user, auth.session.chatSessionId);
  });

  registerOtpRoutes(app, { db, config, deliverCode, admit, assertMaySignIn, signIn });
  registerLanguageRoute(app, db);

  route(app, routes.logout, async ({ request, reply }) => {
    const auth = await currentAuth(db, request);
    if (auth) {
      await revokeSession(db, auth.session.id);
      evictions.endSession(auth.session.chatSessionId);
    }
    clearSessionCookie(reply);
    return { ok: true };
  });
}
