import { z } from 'zod';
import { json, raw } from './contract';

/** What load balancers, Meta and browsers call that no screen of the app does. */
export const systemRoutes = {
  /** Alive: the process answers HTTP. What a supervisor asks before restarting it. */
  health: json({
    method: 'GET',
    path: '/api/health',
    response: z.object({ ok: z.boolean(), database: z.string() }),
  }),
  /**
   * Ready: what a load balancer asks before sending this process people; 503 with the same shape
   * while a check fails or the process is stopping.
   */
  ready: json({
    method: 'GET',
    path: '/api/ready',
    response: z.object({ ready: z.boolean(), checks: z.record(z.string(), z.string()) }),
  }),
  whatsAppVerify: raw({
    kind: 'webhook',
    method: 'GET',
    path: '/channels/whatsapp/webhook',
    note: "Meta's subscription check (registered when WhatsApp is configured).",
  }),
  whatsAppWebhook: raw({
    kind: 'webhook',
    method: 'POST',
    path: '/channels/whatsapp/webhook',
    note: "Meta's signed message events (registered when WhatsApp is configured).",
  }),
  /** @fastify/static's wildcard: the built app (registered when there is one). */
  appShell: raw({ kind: 'html', method: 'GET', path: '/*', note: 'The built app and its assets.' }),
} as const;
