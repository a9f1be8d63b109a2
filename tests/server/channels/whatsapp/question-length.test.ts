/**
 * Issue 31 item 5: a WhatsApp text obeys the chat's length limit (MAX_QUESTION_LENGTH). A longer
 * one is refused with the chat's own sentence, and no question is recorded.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, users, whatsappMessages } from '../../../../src/server/db/schema';
import { MAX_QUESTION_LENGTH, QUESTION_TOO_LONG_MESSAGE } from '../../../../src/shared/chat/schemas';
import { startGraphApi, type GraphApi } from '../../../support/graph-api';
import { PLUMBING_MODEL_ENV } from '../../../support/shared';
import { startTestServer, type TestServer } from '../../../support/server';
import { deliver, newSender, PHONE_NUMBER_ID, textFrom, whatsAppEnv } from '../../../support/whatsapp';

let graph: GraphApi;
let t: TestServer;

beforeAll(async () => {
  graph = await startGraphApi(PHONE_NUMBER_ID);
  t = await startTestServer({ INGEST_INTERVAL: '0', ...PLUMBING_MODEL_ENV, ...whatsAppEnv(graph.graphUrl) });
});
afterAll(async () => {
  await t?.stop();
  await graph?.stop();
});

const texts = (to: string) =>
  graph
    .sentTo(to)
    .filter((m) => m.type === 'text')
    .map((m) => m.text!.body);

async function questionsOf(waId: string) {
  const { db } = t.server.database;
  const [user] = await db.select().from(users).where(eq(users.whatsappId, waId));
  return user ? db.select().from(questions).where(eq(questions.userId, user.id)) : [];
}

describe('a WhatsApp text longer than the chat allows', () => {
  it('of 10,000 characters is refused with the chat’s sentence, and nothing is recorded', async () => {
    const from = newSender();
    const delivery = textFrom(from, 'Why? '.repeat(2000));
    await deliver(t, delivery);
    expect(texts(from)).toEqual([QUESTION_TOO_LONG_MESSAGE]);
    expect(await questionsOf(from)).toEqual([]);
    const messageId = String(delivery.entry[0]!.changes[0]!.value.messages![0]!.id);
    const [taken] = await t.server.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.messageId, messageId));
    expect(taken?.questionId).toBeNull();
  });

  it('of one character over the limit is refused; one at the limit is answered', async () => {
    const over = newSender();
    await deliver(t, textFrom(over, 'a'.repeat(MAX_QUESTION_LENGTH + 1)));
    expect(texts(over)).toEqual([QUESTION_TOO_LONG_MESSAGE]);
    expect(await questionsOf(over)).toEqual([]);

    const at = newSender();
    await deliver(t, textFrom(at, `What is braille?${' '.repeat(4)}${'a'.repeat(MAX_QUESTION_LENGTH - 20)}`));
    expect(texts(at)).not.toContain(QUESTION_TOO_LONG_MESSAGE);
    expect(await questionsOf(at)).toHaveLength(1);
  });
});
