import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDelivery } from '../../../../../src/server/channels/whatsapp/delivery';
import { sharedPath } from '../../../../support/shared';

const envelope = (name: string): unknown =>
  JSON.parse(readFileSync(sharedPath('material', 'whatsapp', 'extracted', name), 'utf8'));

describe('readDelivery on the real envelopes', () => {
  it('a text message, with the sender’s profile name', () => {
    expect(readDelivery(envelope('message_text.json'))).toEqual({
      messages: [
        {
          kind: 'text',
          id: 'wamid.xyzxyz',
          from: '972987654321',
          name: 'Test Name',
          phoneNumberId: '1122334455667',
          text: 'Body Text',
        },
      ],
      statuses: [],
      skipped: [],
    });
  });

  it('a voice note and an audio file', () => {
    const voice = readDelivery(envelope('message_voice.json'))!.messages[0];
    expect(voice).toMatchObject({ kind: 'audio', mediaId: '1234567890987654321', voice: true });
    expect(voice).toMatchObject({ mimeType: 'audio/ogg; codecs=opus' });
    expect(readDelivery(envelope('message_audio.json'))!.messages[0]).toMatchObject({
      kind: 'audio',
      voice: false,
    });
  });

  it('reactions, images and the rest by kind', () => {
    expect(readDelivery(envelope('message_reaction.json'))!.messages[0]!.kind).toBe('reaction');
    expect(readDelivery(envelope('message_image.json'))!.messages[0]).toMatchObject({
      kind: 'other',
      type: 'image',
    });
    expect(readDelivery(envelope('message_document.json'))!.messages[0]).toMatchObject({ kind: 'other' });
    expect(readDelivery(envelope('message_unsupported.json'))!.messages[0]).toMatchObject({ kind: 'other' });
  });

  it('statuses, a failed one with its error', () => {
    for (const name of ['status_sent.json', 'status_delivered.json', 'status_read.json'])
      expect(readDelivery(envelope(name))!.messages).toEqual([]);
    const failed = readDelivery(envelope('status_failed.json'))!.statuses[0];
    expect(failed).toMatchObject({ status: 'failed', recipient: '972987654321' });
    expect(failed!.errors[0]).toMatchObject({
      code: 130472,
      title: "User's number is part of an experiment",
    });
  });

  it('every message of pywa’s fixture file reads, none refused', () => {
    const fixtures = JSON.parse(
      readFileSync(sharedPath('material', 'whatsapp', 'pywa_fixtures', 'message.json'), 'utf8'),
    ) as Record<string, unknown>;
    for (const [name, delivery] of Object.entries(fixtures)) {
      const read = readDelivery(delivery);
      expect(read, name).not.toBeNull();
      expect(read!.skipped, name).toEqual([]);
    }
  });
});

describe('readDelivery on what is not a delivery', () => {
  it('null for another object, an empty body or an array', () => {
    expect(readDelivery({ object: 'page', entry: [] })).toBeNull();
    expect(readDelivery(null)).toBeNull();
    expect(readDelivery([])).toBeNull();
  });

  it('skips a message of a broken shape and keeps the others', () => {
    const delivery = envelope('message_text.json') as {
      entry: { changes: { value: { messages: unknown[] } }[] }[];
    };
    delivery.entry[0]!.changes[0]!.value.messages.unshift({ id: 5, type: 'text' });
    const read = readDelivery(delivery)!;
    expect(read.messages).toHaveLength(1);
    expect(read.skipped).toEqual(['message of an unknown shape']);
  });
});
