import { z } from 'zod';

/**
 * What one webhook delivery of the WhatsApp Business Cloud API holds, read with zod. Meta adds
 * fields over time, so every object is loose (unknown fields are kept, not refused), and each
 * message and status is read on its own: one of a shape this code does not know is skipped and
 * logged, never the whole delivery.
 */
const contact = z.looseObject({
  wa_id: z.string().min(1),
  profile: z.looseObject({ name: z.string().optional() }).optional(),
});

// Message ids are visible ASCII (wamid.…) and senders' ids digits: anything else is no message of
// Meta's, and would only fail later, in the database.
const messageBase = z.looseObject({
  id: z.string().regex(/^[\x21-\x7e]{1,300}$/),
  from: z.string().regex(/^\d{5,20}$/),
  timestamp: z.string().optional(),
  type: z.string(),
});

const textMessage = messageBase.extend({
  type: z.literal('text'),
  text: z.looseObject({ body: z.string() }),
});

const audioMessage = messageBase.extend({
  type: z.literal('audio'),
  audio: z.looseObject({
    id: z.string().min(1).max(300),
    mime_type: z.string().default('audio/ogg'),
    voice: z.boolean().optional(),
  }),
});

const status = z.looseObject({
  id: z.string(),
  status: z.string(),
  recipient_id: z.string().optional(),
  errors: z
    .array(
      z.looseObject({
        code: z.number().optional(),
        title: z.string().optional(),
        message: z.string().optional(),
        error_data: z.looseObject({ details: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});

const change = z.looseObject({
  field: z.string(),
  value: z.looseObject({
    metadata: z.looseObject({ phone_number_id: z.string() }).optional(),
    contacts: z.array(z.unknown()).optional(),
    messages: z.array(z.unknown()).optional(),
    statuses: z.array(z.unknown()).optional(),
  }),
});

const envelope = z.looseObject({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.looseObject({ changes: z.array(z.unknown()).default([]) })),
});

interface MessageCommon {
  id: string;
  /** The sender's WhatsApp id (their number in international digits). */
  from: string;
  /** The sender's profile name, when the delivery names them. */
  name: string | null;
  /** Which of our numbers it was sent to. */
  phoneNumberId: string | null;
}

export type InboundMessage = MessageCommon &
  (
    | { kind: 'text'; text: string }
    | { kind: 'audio'; mediaId: string; mimeType: string; voice: boolean }
    /** A reaction to one of our messages: nothing to answer. */
    | { kind: 'reaction' }
    /** Images, stickers, locations, documents, contacts…: DISH says what it understands. */
    | { kind: 'other'; type: string }
  );

export interface StatusUpdate {
  messageId: string;
  status: string;
  recipient: string | null;
  errors: { code: number | null; title: string; details: string | null }[];
}

export interface Delivery {
  messages: InboundMessage[];
  statuses: StatusUpdate[];
  /** Entries that could not be read, for the log. */
  skipped: string[];
}

/** The messages and statuses of a delivery; null when the body is not a WhatsApp delivery at all. */
export function readDelivery(body: unknown): Delivery | null {
  const parsed = envelope.safeParse(body);
  if (!parsed.success) return null;
  const delivery: Delivery = { messages: [], statuses: [], skipped: [] };
  for (const entry of parsed.data.entry) {
    for (const raw of entry.changes) {
      const read = change.safeParse(raw);
      if (!read.success || read.data.field !== 'messages') {
        delivery.skipped.push(`change ${read.success ? read.data.field : 'unreadable'}`);
        continue;
      }
      const { value } = read.data;
      const phoneNumberId = value.metadata?.phone_number_id ?? null;
      const names = new Map<string, string>();
      for (const c of value.contacts ?? []) {
        const person = contact.safeParse(c);
        if (person.success && person.data.profile?.name)
          names.set(person.data.wa_id, person.data.profile.name);
      }
      for (const m of value.messages ?? []) {
        const message = readMessage(m, names, phoneNumberId);
        if (message) delivery.messages.push(message);
        else delivery.skipped.push('message of an unknown shape');
      }
      for (const s of value.statuses ?? []) {
        const update = status.safeParse(s);
        if (update.success) delivery.statuses.push(presentStatus(update.data));
        else delivery.skipped.push('status of an unknown shape');
      }
    }
  }
  return delivery;
}

function readMessage(
  raw: unknown,
  names: Map<string, string>,
  phoneNumberId: string | null,
): InboundMessage | null {
  const base = messageBase.safeParse(raw);
  if (!base.success) return null;
  const common: MessageCommon = {
    id: base.data.id,
    from: base.data.from,
    name: names.get(base.data.from) ?? null,
    phoneNumberId,
  };
  if (base.data.type === 'text') {
    const text = textMessage.safeParse(raw);
    return text.success ? { ...common, kind: 'text', text: text.data.text.body } : null;
  }
  if (base.data.type === 'audio') {
    const audio = audioMessage.safeParse(raw);
    if (!audio.success) return null;
    const { id, mime_type, voice } = audio.data.audio;
    return { ...common, kind: 'audio', mediaId: id, mimeType: mime_type, voice: voice ?? false };
  }
  if (base.data.type === 'reaction') return { ...common, kind: 'reaction' };
  return { ...common, kind: 'other', type: base.data.type };
}

function presentStatus(s: z.infer<typeof status>): StatusUpdate {
  return {
    messageId: s.id,
    status: s.status,
    recipient: s.recipient_id ?? null,
    errors: (s.errors ?? []).map((e) => ({
      code: e.code ?? null,
      title: e.title ?? e.message ?? 'unknown error',
      details: e.error_data?.details ?? null,
    })),
  };
}
