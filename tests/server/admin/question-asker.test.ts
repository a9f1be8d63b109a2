/**
 * Issue 14 item 6: the question review's "Asked by". POST /admin/get_question_asker names who
 * asked, contacts masked as SPEC §6 says for admins who are not super admins, and only for the
 * questions of the admin's own projects.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, users } from '../../../src/server/db/schema';
import { QUESTION_ASKER_PATH } from '../../../src/shared/admin/asker';
import { SUPER_ENV, signInSuper, signInUser } from '../../support/admin';
import { Client, newUser, phoneNumber } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
let root: Client;
let dishAdmin: Client;
let blimeyAdmin: Client;
const asker = newUser({ name: 'Meera Asker', phone: phoneNumber() });
let askerId: string;

beforeAll(async () => {
  t = await startTestServer(SUPER_ENV);
  root = await signInSuper(t);
  dishAdmin = await signInUser(t, ['dish']);
  blimeyAdmin = await signInUser(t, ['blimey']);
  const registered = await new Client(t.url).post('/auth/register', asker);
  expect(registered.status).toBe(201);
  const [row] = await t.server.database.db
    .update(users)
    .set({ whatsappId: '919876543210' })
    .where(eq(users.email, asker.email))
    .returning();
  askerId = row!.id;
});
afterAll(() => t.stop());

/** A question record as the chat writes one (answering/records.ts), for `userId` in `project`. */
async function questionOf(userId: string | null, project = 'dish'): Promise<string> {
  const [row] = await t.server.database.db
    .insert(questions)
    .values({
      userId,
      sessionId: 'asker-test-session',
      project,
      sourceMode: 'web',
      askedVia: project,
      event: 'question-text',
      query: 'Which wheelchair ramps are best?',
    })
    .returning({ id: questions.id });
  return row!.id;
}

const askFor = (client: Client, questionId: unknown) =>
  client.post(QUESTION_ASKER_PATH, { queryingApp: 'dish', questionId });

describe('POST /admin/get_question_asker', () => {
  it("masks the asker's contacts for an admin who is not a super admin (SPEC §6)", async () => {
    const id = await questionOf(askerId);
    const res = await askFor(dishAdmin, id);
    expect(res.status).toBe(200);
    const local = asker.email.split('@')[0]!;
    expect(res.body).toEqual({
      asker: {
        name: 'Meera Asker',
        email: `${'*'.repeat(local.length - 5)}${local.slice(-5)}@example.org`,
        phone: `*******${asker.phone!.slice(-3)}`,
        whatsappId: '*********210',
      },
    });
    expect(JSON.stringify(res.body)).not.toContain(asker.phone!);
  });

  it('shows a super admin the contacts whole', async () => {
    const id = await questionOf(askerId);
    const res = await askFor(root, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      asker: { name: 'Meera Asker', email: asker.email, phone: asker.phone, whatsappId: '919876543210' },
    });
  });

  it('answers null for a question tied to no account', async () => {
    const res = await askFor(dishAdmin, await questionOf(null));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ asker: null });
  });

  it("is a 404 for another project's question and for a question that does not exist", async () => {
    const blimeyQuestion = await questionOf(askerId, 'blimey');
    const hidden = await askFor(dishAdmin, blimeyQuestion);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: 'That question does not exist.' });
    expect((await askFor(blimeyAdmin, blimeyQuestion)).status).toBe(200);
    const missing = await askFor(dishAdmin, '00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
  });

  it('is a 400 without a valid question id', async () => {
    const res = await askFor(dishAdmin, 'not-an-id');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The question is missing or not valid.' });
  });

  it('is a 401 when signed out and a 403 for a user who is not an admin', async () => {
    const id = await questionOf(askerId);
    expect((await askFor(new Client(t.url), id)).status).toBe(401);
    const user = await signInUser(t);
    const refused = await askFor(user, id);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('Meera');
  });
});
