import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { OTP_DIGITS, OTP_MAX_TRIES, OTP_RESEND_MS, OTP_TTL_MS } from '../../shared/constants';
import { serverMessages } from '../../shared/messages';
import type { Db } from '../db/client';
import { otpCodes, users } from '../db/schema';
import { randomDigits, sha256 } from './secrets';

/** Codes one identifier may be sent in an hour, so nobody can flood an inbox or a phone. */
const MAX_CODES_PER_HOUR = 5;

export class OtpError extends Error {
  constructor(
    readonly status: 401 | 429,
    message: string,
  ) {
    super(message);
  }
}

const codeHash = (id: string, code: string) => sha256(`${id}:${code}`);

/** Makes a new code for the user; earlier unused codes stop working. */
export async function issueCode(db: Db, userId: string, channel: 'email' | 'sms'): Promise<string> {
  const recent = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), gt(otpCodes.createdAt, new Date(Date.now() - 3_600_000))))
    .orderBy(desc(otpCodes.createdAt));
  const latest = recent[0];
  if (latest && Date.now() - latest.createdAt.getTime() < OTP_RESEND_MS) {
    throw new OtpError(429, serverMessages.otpResendTooSoon);
  }
  if (recent.length >= MAX_CODES_PER_HOUR) throw new OtpError(429, serverMessages.tooManyAttempts);

  const code = randomDigits(OTP_DIGITS);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(otpCodes.userId, userId), isNull(otpCodes.consumedAt)));
    await tx.insert(otpCodes).values({
      id,
      userId,
      channel,
      codeHash: codeHash(id, code),
      expiresAt: new Date(Date.now() + OTP_TTL_MS),
    });
  });
  return code;
}

/** Checks a code; a right one is used up and marks the channel it went to as verified. */
export async function verifyCode(db: Db, userId: string, code: string): Promise<void> {
  const [current] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!current) throw new OtpError(401, serverMessages.otpNone);
  if (current.expiresAt.getTime() <= Date.now()) throw new OtpError(401, serverMessages.otpExpired);

  if (current.codeHash !== codeHash(current.id, code.trim())) {
    const tries = current.tries + 1;
    await db
      .update(otpCodes)
      .set({ tries, consumedAt: tries >= OTP_MAX_TRIES ? new Date() : null })
      .where(eq(otpCodes.id, current.id));
    throw tries >= OTP_MAX_TRIES
      ? new OtpError(429, serverMessages.otpTooManyTries)
      : new OtpError(401, serverMessages.otpWrong);
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
    .where(eq(users.id, userId));
}
