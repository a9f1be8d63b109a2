/**
 * Issue 14 item 7: the interface language goes with each question, and is the language of the
 * answer's own words (help, refusal, the spoken answer's voice) when the question does not decide
 * it; a question whose words do decide (Devanagari, or clearly English) is answered in its own.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wordingFor } from '../../../src/server/answering/messages';
import { questions } from '../../../src/server/db/schema';
import { askOnce, openChatSocket, signedInChatUser, type ChatClient } from '../../support/chat';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
let socket: ChatClient | null = null;
beforeAll(async () => {
  t = await startTestServer();
});
afterEach(() => {
  socket?.disconnect();
  socket = null;
});
afterAll(() => t.stop());

async function ask(query: string, extra: Record<string, unknown> = {}) {
  socket = await openChatSocket(t, await signedInChatUser(t));
  return (await askOnce(socket, query, 'question-text', extra)).content;
}

describe('the question carries the interface language', () => {
  it('a greeting from the Hindi interface gets its help in Hindi, and the record says Hindi', async () => {
    const answer = await ask('hello', { language: 'hi' });
    expect(answer.response.error).toBeNull();
    expect(answer.response.answer.startsWith(wordingFor('hi').help)).toBe(true);
    const [row] = await t.server.database.db
      .select({ language: questions.language })
      .from(questions)
      .where(eq(questions.id, answer.questionId!));
    // What "Listen" speaks the answer in later.
    expect(row?.language).toBe('hi');
  });

  it('the same greeting from the English interface, or with no language, gets it in English', async () => {
    for (const extra of [{ language: 'en' }, {}]) {
      const answer = await ask('hello', extra);
      expect(answer.response.answer.startsWith(wordingFor('en').help)).toBe(true);
      socket?.disconnect();
    }
  });

  it('a question that says its language is answered in it, whatever the interface', async () => {
    const english = await ask('Which screen readers work well with a braille display at school?', {
      language: 'hi',
    });
    expect(english.response.answer).toBe(wordingFor('en').notFound);
    socket?.disconnect();
    const hindi = await ask('स्कूल में ब्रेल डिस्प्ले के साथ कौन से स्क्रीन रीडर अच्छे चलते हैं?', { language: 'en' });
    expect(hindi.response.answer).toMatch(/\p{Script=Devanagari}/u);
  });

  it('refuses a language it does not know, and changes nothing', async () => {
    const answer = await ask('hello', { language: 'fr' });
    expect(answer.response.error).toBe('The language must be en (English) or hi (Hindi).');
    expect(answer.questionId).toBeNull();
  });
});
