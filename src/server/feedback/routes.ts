import type { FastifyInstance } from 'fastify';
import { routes } from '../../shared/api/routes';
import type { Db } from '../db/client';
import { requireUser, type Auth } from '../http/current-user';
import { HttpError } from '../http/errors';
import { route } from '../http/typed-route';
import type { VoiceService } from '../voice/service';
import { feedbackMessages, feedbackRefusal } from './policy';
import { answerOf, findQuestion, saveFeedback } from './repository';

/** The question named in the path, if the signed-in user asked it (404 otherwise). */
async function askedQuestion(db: Db, id: string, auth: Auth) {
  const row = await findQuestion(db, id);
  const refusal = feedbackRefusal(auth.user, row);
  if (refusal || !row) throw new HttpError(refusal?.status ?? 404, refusal?.message ?? '');
  return row;
}

/** Answer actions (issue 14 item 3): the asker's feedback, and the answer spoken on demand. */
export function registerFeedbackRoutes(app: FastifyInstance, deps: { db: Db; voice: VoiceService }): void {
  const { db, voice } = deps;

  /** "Was this helpful?": yes or no with an optional comment; sent again, it replaces the last. */
  route(app, routes.sendFeedback, async ({ request, params, body }) => {
    const auth = await requireUser(db, request);
    const row = await askedQuestion(db, params().id, auth);
    const { helpful, comment } = body();
    return { questionId: row.id, ...(await saveFeedback(db, row.id, helpful, comment)) };
  });

  /**
   * "Listen": the answer spoken by eSpeak NG in the question's language, made once and cached by
   * content hash under DATA_DIR/tts like a voice answer; the chat plays `/tts/<audioPath>`.
   */
  route(app, routes.listen, async ({ request, params, body }) => {
    const auth = await requireUser(db, request);
    const row = await askedQuestion(db, params().id, auth);
    body();
    const answer = answerOf(row);
    const spoken = answer ? await voice.speak(answer, row.language) : null;
    if (!spoken) throw new HttpError(404, feedbackMessages.nothingToSay);
    return { audioPath: spoken.file };
  });
}
