import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { whatsAppChannelOf } from '../../src/server/channels/whatsapp/routes';
import { signatureFor } from '../../src/server/channels/whatsapp/signature';
import { ACCESS_TOKEN } from './graph-api';
import type { TestServer } from './server';
import { sharedPath } from './shared';

// What the WhatsApp tests share: the app secret the real delivery of ../shared/material/whatsapp
// was signed with, our number, that material's envelopes addressed to it, and their delivery.

/** The real signed delivery of ../shared/material/whatsapp and the secret it was signed with. */
export const SECRET = '1222e786b144d0e85b9f365372d93676';
export const PHONE_NUMBER_ID = '277321005464405';
export const VERIFY_TOKEN = 'dish verify token';

/** The server settings of a WhatsApp channel talking to the local Graph API at `graphUrl`. */
export const whatsAppEnv = (graphUrl: string) => ({
  WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
  WHATSAPP_APP_SECRET: SECRET,
  WHATSAPP_ACCESS_TOKEN: ACCESS_TOKEN,
  WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
  WHATSAPP_GRAPH_URL: graphUrl,
});

let senders = 0;
/** A WhatsApp id of its own for each test, so no test sees another's messages. */
export const newSender = () => `4477009${String(++senders).padStart(5, '0')}`;
let messageIds = 0;
const newMessageId = () => `wamid.test.${Date.now()}.${++messageIds}`;

interface Fixture {
  entry: {
    changes: {
      value: {
        metadata: { phone_number_id: string };
        contacts: { wa_id: string }[];
        messages?: Record<string, unknown>[];
        statuses?: Record<string, unknown>[];
      };
    }[];
  }[];
}

/** A real envelope of ../shared/material/whatsapp/extracted, addressed to our number, from `from`. */
export function fixture(
  name: string,
  from: string,
  edit: (message: Record<string, unknown>) => void = () => {},
) {
  const delivery = JSON.parse(
    readFileSync(sharedPath('material', 'whatsapp', 'extracted', name), 'utf8'),
  ) as Fixture;
  const value = delivery.entry[0]!.changes[0]!.value;
  value.metadata.phone_number_id = PHONE_NUMBER_ID;
  value.contacts[0]!.wa_id = from;
  for (const message of value.messages ?? []) {
    message.from = from;
    message.id = newMessageId();
    edit(message);
  }
  for (const status of value.statuses ?? []) status.recipient_id = from;
  return delivery;
}

export const textFrom = (from: string, body: string) =>
  fixture('message_text.json', from, (m) => {
    m.text = { body };
  });

/** Posts a delivery signed as Meta signs and waits until the channel has handled it. */
export async function deliver(t: Pick<TestServer, 'url' | 'server'>, delivery: unknown): Promise<void> {
  const body = JSON.stringify(delivery);
  const res = await fetch(`${t.url}/channels/whatsapp/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureFor(body, SECRET) },
    body,
  });
  expect(res.status).toBe(200);
  await whatsAppChannelOf(t.server.app)!.idle();
}
