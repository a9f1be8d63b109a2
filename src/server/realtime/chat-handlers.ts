import type { FastifyBaseLogger } from 'fastify';
import {
  ANSWER_FOR,
  QUESTION_EVENTS,
  type AnswerMessage,
  type AnswerResponse,
  type QuestionEvent,
} from '../../shared/chat/protocol';
import { questionMessage } from '../../shared/chat/schemas';
import { serverMessages } from '../../shared/messages';
import type { Asking } from '../answering/asking';
import { beginTurn, endTurn } from '../conversations/turns';
import type { Db } from '../db/client';
import { countKeyRequest } from '../access/rate-limit';
import { sessionRoom, socketAskerNow, type ChatServer, type ChatSocket } from './gateway';
import { pacedNotes } from './paced-notes';

export const SIGNED_OUT_MESSAGE = 'You are signed out. Please sign in again to ask.';
export const keyTooManyMessage = (seconds: number) =>
  `This key has asked too many questions. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/**
 * The chat events of SPEC §7 on every connected socket: a question read from its message, the
 * socket's sign-in checked again, then handed to the one ask command (answering/asking.ts) with
 * the session's one-at-a-time rule, and its answer sent to every tab of the session.
 */
export function registerChatHandlers(
  io: ChatServer,
  deps: {
    db: Db;
    log: FastifyBaseLogger;
    asking: Asking;
    /** API_KEY_REQUESTS_PER_MINUTE: a key's socket questions count with its HTTP requests. */
    keyRequestsPerMinute: number;
  },
): void {
  io.on('connection', (socket: ChatSocket) => {
    // The gateway put the socket in its session's room; answers go to every tab of the session.
    const room = sessionRoom(socket.data.chatSessionId);

    const send = (
      event: QuestionEvent,
      response: AnswerResponse,
      questionId: string | null,
      conversationId: string | null = null,
    ) => {
      const message: AnswerMessage = {
        event: ANSWER_FOR[event],
        content: { response, questionId, conversationId },
      };
      io.to(room).emit(message.event, message);
      io.to(room).emit('message', message);
    };
    const refuse = (event: QuestionEvent, error: string, text = '') =>
      send(event, { answer: '', error, text, audioPath: null, links: [] }, null);
    const articulate = (text: string) => {
      const message = { event: 'articulating' as const, content: { text } };
      io.to(room).emit('articulating', message);
      io.to(room).emit('message', message);
    };

    async function onQuestion(raw: unknown, declared: QuestionEvent | null): Promise<void> {
      const parsed = questionMessage.safeParse(
        declared && raw && typeof raw === 'object' ? { ...raw, event: declared } : raw,
      );
      const event = parsed.success ? parsed.data.event : (declared ?? 'question-text');
      if (!parsed.success)
        return refuse(event, parsed.error.issues[0]?.message ?? 'The question could not be read.');
      // A sign-out, block or expiry elsewhere may not have reached this socket yet: never answer it.
      const asked = await socketAskerNow(deps.db, socket.data);
      if (!asked) {
        socket.emit(ANSWER_FOR[event], {
          event: ANSWER_FOR[event],
          content: {
            response: { answer: '', error: SIGNED_OUT_MESSAGE, text: '', audioPath: null, links: [] },
            questionId: null,
          },
        });
        socket.disconnect(true);
        return;
      }
      // As on HTTP, every question of a key counts once the key is known good, even one refused
      // next as empty: the limit is on what the key sends, in the counter both channels share.
      if (socket.data.keyId !== null) {
        const wait = await countKeyRequest(deps.db, socket.data.keyId, deps.keyRequestsPerMinute);
        if (wait > 0) return refuse(event, keyTooManyMessage(wait));
      }
      const { content } = parsed.data;
      const { chatSessionId, userId, keyProject } = socket.data;
      // Socket.IO hands binary over as a Buffer (a Uint8Array); an ArrayBuffer is wrapped, not copied.
      const audio =
        content.audioBuffer instanceof ArrayBuffer
          ? new Uint8Array(content.audioBuffer)
          : content.audioBuffer;
      let conversationId: string | null = null;
      const outcome = await deps.asking.ask({
        asker: asked,
        project: content.project,
        origin: {
          chatSessionId,
          askedVia: keyProject,
          // Said by the channel, never by the client: a key's questions are the project API's.
          sourceMode: keyProject === null ? 'web' : 'api',
          ...(content.language ? { languageHint: content.language } : {}),
        },
        event,
        query: content.query,
        audio,
        // This question's notes, paced: several a second would only be noise.
        progress: pacedNotes(articulate),
        oneAtATime: `session:${chatSessionId}`,
        perMinute: userId ? `user:${userId}` : `session:${chatSessionId}`,
        // The signed-in user's conversation keeps the question now and the answer when it comes.
        around: async (answer) => {
          const turn = await beginTurn(
            deps,
            userId,
            content.conversationId,
            content.query.trim(),
            event === 'question-voice',
          );
          const answered = await answer();
          await endTurn(deps, turn, answered.response, answered.questionId);
          conversationId = turn?.conversationId ?? null;
          return answered;
        },
      });
      if (outcome.refused) {
        // The question is shown back with a refusal that is about it, not about the message.
        const aboutTheText = ['empty', 'tooLong', 'unstorable'].includes(outcome.refused);
        const echoed = aboutTheText ? '' : content.query.trim();
        return refuse(event, outcome.message, echoed);
      }
      send(event, outcome.response, outcome.questionId, conversationId);
    }

    const guarded = (raw: unknown, declared: QuestionEvent | null) =>
      onQuestion(raw, declared).catch((error: unknown) => {
        deps.log.error({ err: error }, 'question handling failed');
        refuse(declared ?? 'question-text', serverMessages.answerFailed);
      });
    for (const event of QUESTION_EVENTS) socket.on(event, (raw) => void guarded(raw, event));
    socket.on('client-message', (raw) => void guarded(raw, null));
  });
}
