import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

export interface CodeMessage {
  channel: 'email' | 'sms';
  to: string;
  code: string;
}

export type DeliverCode = (message: CodeMessage) => Promise<boolean>;

const text = (code: string) =>
  `Your DISH sign-in code is ${code}. It works for 5 minutes. If you did not ask for it, ignore this message.`;

/**
 * Sends codes by e-mail over SMTP_URL and by SMS through SMS_WEBHOOK_URL. A channel with nothing
 * configured writes the code to the log instead, marked as such, for local use.
 * Resolves false when a configured channel fails, so the caller answers sendStatus false.
 */
export function createCodeDelivery(config: Config, log: FastifyBaseLogger): DeliverCode {
  const mailer = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;

  return async ({ channel, to, code }) => {
    try {
      if (channel === 'email' && mailer) {
        await mailer.sendMail({
          from: config.SMTP_FROM,
          to,
          subject: 'Your DISH sign-in code',
          text: text(code),
        });
        return true;
      }
      if (channel === 'sms' && config.SMS_WEBHOOK_URL) {
        const response = await fetch(config.SMS_WEBHOOK_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to, message: text(code) }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
        return true;
      }
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
