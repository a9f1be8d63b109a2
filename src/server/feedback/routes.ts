import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { feedbackBody, questionId } from '../../shared/chat/feedback';
import type { Db } from '../db/client';
import { requireUser, type Auth } from '../http/current-user';
import { HttpError, parseBody } from '../http/errors';
import type { VoiceService } from '../voice/service';
import { feedbackMessages, feedbackRefusal } from './policy';
import { answerOf, findQuestion, saveFeedback } from './repository';

/** `:id` in the path: a question id (400 otherwise). */
const idParams = z.object({ id: questionId });
/** POST …/listen takes an empty object. */
const listenBody = z.object({}).strict();

/** The question named in the path, if the signed-in user asked it (404 otherwise). */
async function askedQuestion(db: Db, request: FastifyRequest, auth: Auth) {
  const parsed = idParams.safeParse(request.params);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid request.');
  const row = await findQuestion(db, parsed.data.id);
  const refusal = feedbackRefusal(auth.user, row);
  if (refusal || !row) throw new HttpError(refusal?.status ?? 404, refusal?.message ?? '');
  return row;
}

/** Answer actions (issue 14 item 3): the asker's feedback, and the answer spoken on demand. */
export function registerFeedbackRoutes(app: FastifyInstance, deps: { db: Db; voice: VoiceService }): void {
  const { db, voice } = deps;

  /** "Was this helpful?": yes or no with an optional comment; sent again, it replaces the last. */
  app.put('/api/questions/:id/feedback', async (request) => {
    const auth = await requireUser(db, request);
    const row = await askedQuestion(db, request, auth);
    const body = parseBody(feedbackBody, request.body);
    return { questionId: row.id, ...(await saveFeedback(db, row.id, body.helpful, body.comment)) };
  });

  /**
   * "Listen": the answer spoken by eSpeak NG in the question's language, made once and cached by
   * content hash under DATA_DIR/tts like a voice answer; the chat plays `/tts/<audioPath>`.
   */
  app.post('/api/questions/:id/listen', async (request) => {
    const auth = await requireUser(db, request);
    const row = await askedQuestion(db, request, auth);
    parseBody(listenBody, request.body ?? {});
    const answer = answerOf(row);
    const spoken = answer ? await voice.speak(answer, row.language) : null;
    if (!spoken) throw new HttpError(404, feedbackMessages.nothingToSay);
    return { audioPath: spoken.file };
  });
}
