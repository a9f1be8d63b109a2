import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { routes } from '../../../shared/api/routes';
import { waMeUrl, type WhatsAppContact } from '../../../shared/chat/contact';
import { rawRoute, route } from '../../http/typed-route';
import { WhatsAppChannel, type ChannelDeps, type WhatsAppSettings } from './channel';
import { readDelivery } from './delivery';
import { hasValidSignature } from './signature';

export const webhookMessages = {
  notConfigured: 'WhatsApp is not set up on this server.',
  verificationFailed: 'The verification token does not match.',
  badSignature: 'The delivery is not signed with this app’s secret.',
  notJson: 'The delivery is not JSON.',
} as const;

/** Channels by server, so tests can wait until a delivery has been answered. */
const channels = new WeakMap<FastifyInstance, WhatsAppChannel>();

/** The WhatsApp channel of a server, or undefined when it is not configured. */
export const whatsAppChannelOf = (app: FastifyInstance) => channels.get(app);

/** The channel's settings, or null when WhatsApp is not configured (config.ts checks they come together). */
export function whatsAppSettings(config: Config): WhatsAppSettings | null {
  const { WHATSAPP_VERIFY_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID } =
    config;
  if (!WHATSAPP_VERIFY_TOKEN || !WHATSAPP_APP_SECRET || !WHATSAPP_ACCESS_TOKEN || !WHATSAPP_PHONE_NUMBER_ID)
    return null;
  return {
    verifyToken: WHATSAPP_VERIFY_TOKEN,
    appSecret: WHATSAPP_APP_SECRET,
    accessToken: WHATSAPP_ACCESS_TOKEN,
    phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
    graphUrl: config.WHATSAPP_GRAPH_URL,
    project: config.WHATSAPP_PROJECT,
  };
}

/**
 * GET and POST /channels/whatsapp/webhook (DECISIONS §4 Channels). They are registered whether or
 * not WhatsApp is configured, and answer 404 when it is not, so the route list is the same on
 * every server. The POST is read as raw bytes in a scope of its own (the rest of the server keeps
 * its JSON parser): the signature is the HMAC of those exact bytes. GET /channels/whatsapp/contact
 * gives the app the Chat with us link of WHATSAPP_DISPLAY_NUMBER.
 */
export async function registerWhatsAppRoutes(
  app: FastifyInstance,
  config: Config,
  deps: ChannelDeps,
): Promise<void> {
  const settings = whatsAppSettings(config);
  const channel = settings ? new WhatsAppChannel(settings, deps) : null;
  if (channel) {
    channels.set(app, channel);
    // Shutdown lets the answers in progress go out before the database closes.
    app.addHook('onClose', async () => {
      await Promise.race([channel.idle(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    });
    deps.log.info({ project: settings?.project }, 'WhatsApp channel on');
  }

  // The header's Chat with us: public, since it is shown to people who are not signed in.
  const contact: WhatsAppContact = {
    chatUrl: config.WHATSAPP_DISPLAY_NUMBER ? waMeUrl(config.WHATSAPP_DISPLAY_NUMBER) : null,
  };
  route(app, routes.whatsAppContact, () => contact);

  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    rawRoute<{ Querystring: Record<string, string | string[] | undefined> }>(
      scope,
      routes.whatsAppVerify,
      (request, reply) => {
        if (!settings) return reply.status(404).send({ message: webhookMessages.notConfigured });
        const query = request.query;
        const mode = query['hub.mode'];
        const token = query['hub.verify_token'];
        const challenge = query['hub.challenge'];
        if (
          mode !== 'subscribe' ||
          typeof token !== 'string' ||
          !sameSecret(token, settings.verifyToken) ||
          typeof challenge !== 'string' ||
          !/^[\w.-]{1,256}$/.test(challenge)
        )
          return reply.status(403).send({ message: webhookMessages.verificationFailed });
        return reply.status(200).type('text/plain; charset=utf-8').send(challenge);
      },
    );

    rawRoute(scope, routes.whatsAppWebhook, (request, reply) => {
      if (!settings || !channel) return reply.status(404).send({ message: webhookMessages.notConfigured });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!hasValidSignature(raw, request.headers['x-hub-signature-256'], settings.appSecret))
        return reply.status(401).send({ message: webhookMessages.badSignature });
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.status(400).send({ message: webhookMessages.notJson });
      }
      const delivery = readDelivery(body);
      if (delivery) channel.accept(delivery);
      else request.log.warn('whatsapp: a signed delivery that is not a WhatsApp Business delivery, ignored');
      // Meta waits for this answer and sends again when it is slow: the work runs after it.
      return reply.status(200).send({ received: true });
    });
    done();
  });
}

/** Compares secrets in constant time (their lengths may differ: then they are not equal). */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
