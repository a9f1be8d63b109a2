import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_BODY_LIMIT_BYTES, OTP_RESEND_MS } from '../../shared/constants';
import { serverMessages } from '../../shared/messages';
import { routes } from '../../shared/api/routes';
import { isEmailIdentifier } from '../../shared/auth/rules';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { route } from '../http/typed-route';
import { findUserById, findUserByIdentifier, type UserRow } from '../users/repository';
import type { presentSessionUser } from '../users/present';
import type { DeliverCode } from './delivery';
import { OtpError, issueCode, outstandingCode, verifyCode } from './otp';
import { countersFor, identifierKey, placeOf } from './places';
import { THROTTLE_WINDOW_MS, settleSuccess, sleep, type Counter } from '../access/throttle';

/** Codes one place may be sent in an hour, so nobody can flood an inbox or a phone. */
const CODES_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

interface OtpDeps {
  db: Db;
  config: Config;
  deliverCode: DeliverCode;
  admit: (counters: Counter[], windowMs: number, refusal: string) => Promise<Counter[]>;
  assertMaySignIn: (user: UserRow) => void;
  signIn: (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
  ) => Promise<ReturnType<typeof presentSessionUser>>;
}

/**
 * How long sending a code takes, per channel (a moving average), so that asking for a code for
 * an account that does not exist takes about as long as for one that does.
 */
function deliveryClock() {
  const average = { email: 0, sms: 0 };
  return {
    async timed<T>(channel: 'email' | 'sms', send: () => Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await send();
      } finally {
        average[channel] = average[channel] * 0.8 + (performance.now() - started) * 0.2;
      }
    },
    /** Waits as long as a delivery would, give or take a fifth. */
    pretend(channel: 'email' | 'sms'): Promise<unknown> {
      return sleep(average[channel] * (0.8 + Math.random() * 0.4));
    },
  };
}

/**
 * SPEC §7 one-time-code sign-in. Asking and checking answer the same, in status, body and time,
 * whether the account exists or not: limits count by identifier and place, never by account, and
 * a code asked for no account is stored (unsent) like a real one.
 */
export function registerOtpRoutes(app: FastifyInstance, deps: OtpDeps): void {
  const { db, config, deliverCode, admit } = deps;
  const routeOptions = { bodyLimit: AUTH_BODY_LIMIT_BYTES };
  const clock = deliveryClock();

  route(
    app,
    routes.generateOtp,
    async ({ request, body: read }) => {
      const body = read();
      const key = identifierKey(body.emailOrPhone);
      const channel = isEmailIdentifier(body.emailOrPhone) ? 'email' : 'sms';
      const user = await findUserByIdentifier(db, body.emailOrPhone);
      const place = await placeOf(db, request, user?.id);
      // One code per identifier and address every 30 s; then CODES_PER_HOUR per place, as for sign-in.
      await admit(
        [{ key: `otp-resend:${key}@${place.address}`, limit: 1, afterSuccess: 'forgive' }],
        OTP_RESEND_MS,
        serverMessages.otpResendTooSoon,
      );
      await admit(
        countersFor('otp-send', key, place, CODES_PER_HOUR),
        HOUR_MS,
        serverMessages.tooManyAttempts,
      );

      const to = channel === 'email' ? user?.email : user?.phone;
      const usable = user && !user.isBlocked && user.isActive && to ? user : null;
      const code = await issueCode(db, {
        identifier: key,
        userId: usable?.id ?? null,
        channel,
        address: place.address,
      });
      if (!usable || !to) {
        request.log.info({ channel }, 'one-time code asked for an identifier with no usable account');
        await clock.pretend(channel);
        return { sendStatus: true };
      }
      return { sendStatus: await clock.timed(channel, () => deliverCode({ channel, to, code })) };
    },
    routeOptions,
  );

  route(
    app,
    routes.verifyOtp,
    async ({ request, reply, body: read }) => {
      const body = read();
      const key = identifierKey(body.emailOrPhone);
      const user = await findUserByIdentifier(db, body.emailOrPhone);
      const place = await placeOf(db, request, user?.id);
      const current = await outstandingCode(db, key, place.address);
      // Where the code was asked from counts as the owner's place for checking it.
      if (current?.requestedFrom === place.address) place.known = true;
      const counters = await admit(
        countersFor('otp', key, place, config.AUTH_MAX_FAILURES),
        THROTTLE_WINDOW_MS,
        serverMessages.tooManyAttempts,
      );
      let userId: string;
      try {
        userId = await verifyCode(db, current, body.otp, place.known);
      } catch (error) {
        if (error instanceof OtpError) throw new HttpError(error.status, error.message);
        throw error;
      }
      await settleSuccess(db, counters);
      const signedIn = await findUserById(db, userId);
      if (!signedIn) throw new HttpError(401, serverMessages.otpNone);
      deps.assertMaySignIn(signedIn);
      return deps.signIn(request, reply, signedIn);
    },
    routeOptions,
  );
}
