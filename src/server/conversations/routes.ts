import type { FastifyInstance } from 'fastify';
import { routes } from '../../shared/api/routes';
import type { Db } from '../db/client';
import { requireUser, type Auth } from '../http/current-user';
import { HttpError } from '../http/errors';
import { route } from '../http/typed-route';
import { conversationRefusal } from './policy';
import {
  conversationWithMessages,
  currentConversation,
  deleteConversation,
  findConversation,
  listConversations,
  presentSummary,
  startConversation,
  touchConversation,
} from './repository';

/** The conversation named in the path, if the signed-in user may use it (404 otherwise). */
async function ownedConversation(db: Db, id: string, auth: Auth) {
  const row = await findConversation(db, id);
  const refusal = conversationRefusal(auth.user, row);
  if (refusal || !row) throw new HttpError(refusal?.status ?? 404, refusal?.message ?? '');
  return row;
}

/** A signed-in user's own conversations (issue 14 item 1). */
export function registerConversationRoutes(app: FastifyInstance, db: Db): void {
  route(app, routes.listConversations, async ({ request }) => {
    const auth = await requireUser(db, request);
    const rows = await listConversations(db, auth.user.id);
    return { conversations: rows.map(presentSummary), currentId: rows[0]?.id ?? null };
  });

  route(app, routes.currentConversation, async ({ request }) => {
    const auth = await requireUser(db, request);
    const row = await currentConversation(db, auth.user.id);
    return { conversation: row ? await conversationWithMessages(db, row) : null };
  });

  route(app, routes.startConversation, async ({ request, body }) => {
    const auth = await requireUser(db, request);
    body();
    return conversationWithMessages(db, await startConversation(db, auth.user.id));
  });

  route(app, routes.getConversation, async ({ request, params }) => {
    const auth = await requireUser(db, request);
    return conversationWithMessages(db, await ownedConversation(db, params().id, auth));
  });

  /** Reopens an earlier conversation: it becomes the current one. */
  route(app, routes.openConversation, async ({ request, params }) => {
    const auth = await requireUser(db, request);
    const row = await ownedConversation(db, params().id, auth);
    return conversationWithMessages(db, await touchConversation(db, row.id));
  });

  route(app, routes.deleteConversation, async ({ request, params }) => {
    const auth = await requireUser(db, request);
    const row = await ownedConversation(db, params().id, auth);
    await deleteConversation(db, row.id);
    return { ok: true };
  });
}
