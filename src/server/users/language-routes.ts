import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LANGUAGE_PATH, languageBody, type UiLanguage } from '../../shared/i18n/languages';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { requireUser } from '../http/current-user';
import { parseBody } from '../http/errors';

/** Remembers a user's interface language; it comes back in the current-user answer. */
export async function saveLanguage(db: Db, userId: string, language: UiLanguage): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

/**
 * PUT /auth/language (issue 14 item 7): the signed-in user's interface language, so that it
 * follows them to every browser they sign in on. A visitor's choice stays in their browser.
 */
export function registerLanguageRoute(app: FastifyInstance, db: Db): void {
  app.put(LANGUAGE_PATH, { bodyLimit: 1024 }, async (request) => {
    const auth = await requireUser(db, request);
    const { language } = parseBody(languageBody, request.body);
    await saveLanguage(db, auth.user.id, language);
    return { language };
  });
}
