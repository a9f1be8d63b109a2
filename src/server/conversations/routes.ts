import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  conversationId,
  type ConversationList,
  type ConversationView,
} from '../../shared/chat/conversations';
import type { Db } from '../db/client';
import { requireUser, type Auth } from '../http/current-user';
import { HttpError, parseBody } from '../http/errors';
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

/** `:id` in the path: a conversation id (400 otherwise). */
const idParams = z.object({ id: conversationId });
/** POST /api/conversations takes an empty object. */
const startBody = z.object({}).strict();

/** The conversation named in the path, if the signed-in user may use it (404 otherwise). */
async function ownedConversation(db: Db, request: FastifyRequest, auth: Auth) {
  const parsed = idParams.safeParse(request.params);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid request.');
  const row = await findConversation(db, parsed.data.id);
  const refusal = conversationRefusal(auth.user, row);
  if (refusal || !row) throw new HttpError(refusal?.status ?? 404, refusal?.message ?? '');
  return row;
}

/** A signed-in user's own conversations (issue 14 item 1). */
export function registerConversationRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/conversations', async (request): Promise<ConversationList> => {
    const auth = await requireUser(db, request);
    const rows = await listConversations(db, auth.user.id);
    return { conversations: rows.map(presentSummary), currentId: rows[0]?.id ?? null };
  });

  app.get('/api/conversations/current', async (request) => {
    const auth = await requireUser(db, request);
    const row = await currentConversation(db, auth.user.id);
    return { conversation: row ? await conversationWithMessages(db, row) : null };
  });

  app.post('/api/conversations', async (request): Promise<ConversationView> => {
    const auth = await requireUser(db, request);
    parseBody(startBody, request.body ?? {});
    return conversationWithMessages(db, await startConversation(db, auth.user.id));
  });

  app.get('/api/conversations/:id', async (request): Promise<ConversationView> => {
    const auth = await requireUser(db, request);
    return conversationWithMessages(db, await ownedConversation(db, request, auth));
  });

  /** Reopens an earlier conversation: it becomes the current one. */
  app.post('/api/conversations/:id/open', async (request): Promise<ConversationView> => {
    const auth = await requireUser(db, request);
    const row = await ownedConversation(db, request, auth);
    return conversationWithMessages(db, await touchConversation(db, row.id));
  });

  app.delete('/api/conversations/:id', async (request) => {
    const auth = await requireUser(db, request);
    const row = await ownedConversation(db, request, auth);
    await deleteConversation(db, row.id);
    return { ok: true };
  });
}
