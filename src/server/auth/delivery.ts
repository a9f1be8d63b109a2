import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

export interface CodeMessage {
  channel: 'email' | 'sms';
  to: string;
  code: string;
}

export type DeliverCode = (message: CodeMessage) => Promise<boolean>;

/** A message about the account to its contact (e-mail or phone), such as a registration refused. */
export interface NoticeMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
}

export type DeliverNotice = (message: NoticeMessage) => Promise<boolean>;

const text = (code: string) =>
  `Your DISH sign-in code is ${code}. It works for 5 minutes. If you did not ask for it, ignore this message.`;

/**
 * Sends by e-mail over SMTP_URL and by SMS through SMS_WEBHOOK_URL. Resolves false when the
 * channel has nothing configured; rejects when a configured channel fails.
 */
function createTransport(config: Config): (message: NoticeMessage) => Promise<boolean> {
  const mailer = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  return async ({ channel, to, subject, text }) => {
    if (channel === 'email' && mailer) {
      await mailer.sendMail({ from: config.SMTP_FROM, to, subject, text });
      return true;
    }
    if (channel === 'sms' && config.SMS_WEBHOOK_URL) {
      const response = await fetch(config.SMS_WEBHOOK_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, message: text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
      return true;
    }
    return false;
  };
}

/**
 * Sends sign-in codes. A channel with nothing configured writes the code to the log instead,
 * marked as such, for local use. Resolves false when a configured channel fails, so the caller
 * answers sendStatus false.
 */
export function createCodeDelivery(config: Config, log: FastifyBaseLogger): DeliverCode {
  const send = createTransport(config);
  return async ({ channel, to, code }) => {
    try {
      if (await send({ channel, to, subject: 'Your DISH sign-in code', text: text(code) })) return true;
      log.warn(
        { channel, to },
        `ONE-TIME CODE (no ${channel} delivery configured, written to the log): ${code}`,
      );
      return true;
    } catch (error) {
      log.error({ err: error, channel, to }, 'one-time code delivery failed');
      return false;
    }
  };
}

/** Sends notices about an account; with nothing configured for the channel, none is sent. */
export function createNoticeDelivery(config: Config, log: FastifyBaseLogger): DeliverNotice {
  const send = createTransport(config);
  return async (message) => {
    try {
      if (await send(message)) return true;
      log.info(
        { channel: message.channel },
        `account notice not sent: no ${message.channel} delivery configured`,
      );
      return false;
    } catch (error) {
      log.error({ err: error, channel: message.channel }, 'account notice delivery failed');
      return false;
    }
  };
}
