import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { OTP_DIGITS, OTP_MAX_TRIES, OTP_TTL_MS } from '../../shared/constants';
import { serverMessages } from '../../shared/messages';
import type { Db } from '../db/client';
import { otpCodes, users } from '../db/schema';
import { randomDigits, randomSecret, sha256 } from '../access/secrets';

export class OtpError extends Error {
  constructor(
    readonly status: 401 | 429,
    message: string,
  ) {
    super(message);
  }
}

export type OtpCode = typeof otpCodes.$inferSelect;

const codeHash = (id: string, code: string) => sha256(`${id}:${code}`);

/** Codes asked for no account are kept only as long as a real one could be checked. */
const KEEP_UNSENT_MS = 60 * 60_000;

/**
 * Makes a new code for an identifier; earlier unused codes asked from the same address stop
 * working (codes asked from elsewhere, perhaps by a stranger, do not replace the owner's). With no user (an
 * unknown, blocked or inactive account) the code is stored all the same, with a hash nothing
 * matches, and never sent: checking a code then answers exactly as for a real account.
 */
export async function issueCode(
  db: Db,
  request: { identifier: string; userId: string | null; channel: 'email' | 'sms'; address: string },
): Promise<string> {
  const code = randomDigits(OTP_DIGITS);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(otpCodes.identifier, request.identifier),
          eq(otpCodes.requestedFrom, request.address),
          isNull(otpCodes.consumedAt),
        ),
      );
    await tx
      .delete(otpCodes)
      .where(and(isNull(otpCodes.userId), lt(otpCodes.createdAt, new Date(Date.now() - KEEP_UNSENT_MS))));
    await tx.insert(otpCodes).values({
      id,
      userId: request.userId,
      identifier: request.identifier,
      requestedFrom: request.address,
      channel: request.channel,
      codeHash: codeHash(id, request.userId ? code : randomSecret()),
      expiresAt: new Date(Date.now() + OTP_TTL_MS),
    });
  });
  return code;
}

/**
 * The code a check from `address` is compared with: the latest one asked from that address, else
 * the latest one asked at all. One code per check, so more codes never mean more chances.
 */
export async function outstandingCode(
  db: Db,
  identifier: string,
  address: string,
): Promise<OtpCode | undefined> {
  const [current] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.identifier, identifier), isNull(otpCodes.consumedAt)))
    .orderBy(desc(sql`${otpCodes.requestedFrom} = ${address}`), desc(otpCodes.createdAt))
    .limit(1);
  return current;
}

/**
 * Checks a code and returns the user it signs in. A try is counted on the code BEFORE the code is
 * compared (one UPDATE … RETURNING), so parallel guesses cannot pass OTP_MAX_TRIES; but only a
 * try from where the code was asked, or from the owner's known places (`countsTry`): a stranger
 * elsewhere cannot use up the owner's code, and is held by the throttle instead.
 */
export async function verifyCode(
  db: Db,
  current: OtpCode | undefined,
  code: string,
  countsTry: boolean,
): Promise<string> {
  if (!current) throw new OtpError(401, serverMessages.otpNone);
  if (current.expiresAt.getTime() <= Date.now()) throw new OtpError(401, serverMessages.otpExpired);

  let tries = 0;
  if (countsTry) {
    const [counted] = await db
      .update(otpCodes)
      .set({ tries: sql`${otpCodes.tries} + 1` })
      .where(and(eq(otpCodes.id, current.id), isNull(otpCodes.consumedAt), lt(otpCodes.tries, OTP_MAX_TRIES)))
      .returning({ tries: otpCodes.tries });
    if (!counted) throw new OtpError(429, serverMessages.otpTooManyTries);
    tries = counted.tries;
  }

  if (!current.userId || current.codeHash !== codeHash(current.id, code.trim())) {
    if (tries >= OTP_MAX_TRIES) {
      await db.update(otpCodes).set({ consumedAt: new Date() }).where(eq(otpCodes.id, current.id));
      throw new OtpError(429, serverMessages.otpTooManyTries);
    }
    throw new OtpError(401, serverMessages.otpWrong);
  }

  // Consume only if nobody else did meanwhile, so one code signs in once.
  const used = await db
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(otpCodes.id, current.id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  if (used.length === 0) throw new OtpError(401, serverMessages.otpNone);
  await db
    .update(users)
    .set(current.channel === 'email' ? { emailVerified: true } : { phoneVerified: true })
    .where(eq(users.id, current.userId));
  return current.userId;
}
