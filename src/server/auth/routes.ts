import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_BODY_LIMIT_BYTES, QUERYING_APP } from '../../shared/constants';
import { serverMessages } from '../../shared/messages';
import { generateOtpBody, loginBody, registerBody, verifyOtpBody } from '../../shared/auth/schemas';
import { isEmailIdentifier, normaliseEmail, normalisePhone } from '../../shared/auth/rules';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { HttpError, parseBody } from '../http/errors';
import { clearSessionCookie, currentAuth, setSessionCookie } from '../http/current-user';
import { DuplicateContactError, findUserByIdentifier, insertUser, type UserRow } from '../users/repository';
import { presentSessionUser } from '../users/present';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, revokeSession } from './sessions';
import { Throttle, sleep } from './throttle';
import { OtpError, issueCode, verifyCode } from './otp';
import type { DeliverCode } from './delivery';

interface AuthDeps {
  db: Db;
  config: Config;
  deliverCode: DeliverCode;
}

const identifierKey = (emailOrPhone: string) =>
  isEmailIdentifier(emailOrPhone) ? normaliseEmail(emailOrPhone) : normalisePhone(emailOrPhone);

/** SPEC §7 Auth with the wire fields of DECISIONS §3. */
export function registerAuthRoutes(app: FastifyInstance, { db, config, deliverCode }: AuthDeps): void {
  const policy = { maxFailures: config.AUTH_MAX_FAILURES, slowdownMs: config.AUTH_SLOWDOWN_MS };
  const loginThrottle = new Throttle(db, 'login', policy);
  const otpThrottle = new Throttle(db, 'otp', policy);
  const routeOptions = { bodyLimit: AUTH_BODY_LIMIT_BYTES };

  /** Refuses or slows down a caller with too many recent failures. */
  async function throttled(throttle: Throttle, key: string, request: FastifyRequest): Promise<void> {
    const { refuse, delayMs } = await throttle.check(key, request.ip);
    if (refuse) throw new HttpError(429, serverMessages.tooManyAttempts);
    if (delayMs) await sleep(delayMs);
  }

  function assertMaySignIn(user: UserRow): void {
    if (user.isBlocked) throw new HttpError(403, serverMessages.userBlocked);
    if (!user.isActive) throw new HttpError(403, serverMessages.userInactive);
  }

  async function signIn(
    request: FastifyRequest,
    reply: Parameters<typeof setSessionCookie>[0],
    user: UserRow,
  ) {
    const { token, session } = await createSession(
      db,
      user.id,
      config.SESSION_DAYS,
      request.headers['user-agent'],
    );
    setSessionCookie(reply, token, config.SESSION_DAYS);
    return presentSessionUser(user, session.chatSessionId);
  }

  app.post('/auth/register', routeOptions, async (request, reply) => {
    const body = parseBody(registerBody, request.body);
    try {
      // Whatever the client says, registration makes an active non-admin (DECISIONS §3).
      const user = await insertUser(db, {
        name: body.name,
        email: body.email?.trim() || undefined,
        phone: body.phone?.trim() || undefined,
        passwordHash: await hashPassword(body.password),
        registeredVia: body.registeredVia ?? QUERYING_APP,
      });
      request.log.info({ userId: user.id }, 'user registered');
      // No session: the user is sent on to sign in (SPEC §2 redirect rules).
      return reply.status(201).send(presentSessionUser(user, ''));
    } catch (error) {
      if (error instanceof DuplicateContactError) {
        throw new HttpError(
          409,
          error.field === 'email' ? serverMessages.emailTaken : serverMessages.phoneTaken,
        );
      }
      throw error;
    }
  });

  app.post('/auth/login', routeOptions, async (request, reply) => {
    const body = parseBody(loginBody, request.body);
    const key = identifierKey(body.emailOrPhone);
    await throttled(loginThrottle, key, request);
    const user = await findUserByIdentifier(db, body.emailOrPhone);
    // Always run the hash, so an unknown account takes as long as a wrong password.
    const ok = await verifyPassword(body.password, user?.passwordHash ?? null);
    if (!user || !ok) {
      await loginThrottle.recordFailure(key, request.ip);
      throw new HttpError(401, serverMessages.wrongCredentials);
    }
    assertMaySignIn(user);
    await loginThrottle.reset(key);
    return signIn(request, reply, user);
  });

  app.get('/auth/getme', async (request, reply) => {
    const auth = await currentAuth(db, request);
    if (!auth) {
      clearSessionCookie(reply);
      throw new HttpError(401, serverMessages.notSignedIn);
    }
    return presentSessionUser(auth.user, auth.session.chatSessionId);
  });

  app.post('/auth/generate-login-otp', routeOptions, async (request) => {
    const body = parseBody(generateOtpBody, request.body);
    const channel = isEmailIdentifier(body.emailOrPhone) ? 'email' : 'sms';
    const user = await findUserByIdentifier(db, body.emailOrPhone);
    if (!user || user.isBlocked || !user.isActive) {
      // Answer as for a real account so the form cannot be used to find out who has one.
      request.log.info({ channel }, 'one-time code asked for an identifier with no usable account');
      return { sendStatus: true };
    }
    const to = channel === 'email' ? user.email : user.phone;
    if (!to) return { sendStatus: false };
    try {
      const code = await issueCode(db, user.id, channel);
      return { sendStatus: await deliverCode({ channel, to, code }) };
    } catch (error) {
      if (error instanceof OtpError) throw new HttpError(error.status, error.message);
      throw error;
    }
  });

  app.post('/auth/verify-login-otp', routeOptions, async (request, reply) => {
    const body = parseBody(verifyOtpBody, request.body);
    const key = identifierKey(body.emailOrPhone);
    await throttled(otpThrottle, key, request);
    const user = await findUserByIdentifier(db, body.emailOrPhone);
    try {
      if (!user) throw new OtpError(401, serverMessages.otpWrong);
      await verifyCode(db, user.id, body.otp);
    } catch (error) {
      if (!(error instanceof OtpError)) throw error;
      await otpThrottle.recordFailure(key, request.ip);
      throw new HttpError(error.status, error.message);
    }
    assertMaySignIn(user);
    await otpThrottle.reset(key);
    const fresh = (await findUserByIdentifier(db, body.emailOrPhone)) ?? user;
    return signIn(request, reply, fresh);
  });

  app.post('/auth/logout', async (request, reply) => {
    const auth = await currentAuth(db, request);
    if (auth) await revokeSession(db, auth.session.id);
    clearSessionCookie(reply);
    return { ok: true };
  });
}
