import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../shared/api/routes';
import type { UiLanguage } from '../../shared/i18n/languages';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { requireUser } from '../http/current-user';
import { route } from '../http/typed-route';

/** Remembers a user's interface language; it comes back in the current-user answer. */
export async function saveLanguage(db: Db, userId: string, language: UiLanguage): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

/**
 * PUT /auth/language (issue 14 item 7): the signed-in user's interface language, so that it
 * follows them to every browser they sign in on. A visitor's choice stays in their browser.
 */
export function registerLanguageRoute(app: FastifyInstance, db: Db): void {
  route(
    app,
    routes.setLanguage,
    async ({ request, body }) => {
      const auth = await requireUser(db, request);
      const { language } = body();
      await saveLanguage(db, auth.user.id, language);
      return { language };
    },
    { bodyLimit: 1024 },
  );
}
