import type { FastifyBaseLogger } from 'fastify';
import { serverMessages } from '../../shared/messages';
import {
  ANSWER_FOR,
  QUESTION_EVENTS,
  type AnswerMessage,
  type AnswerResponse,
  type QuestionEvent,
} from '../../shared/chat/protocol';
import { questionMessage } from '../../shared/chat/schemas';
import { answerQuestion, type AskDeps } from '../answering/ask';
import { beginTurn, endTurn } from '../conversations/turns';
import type { AskLimits } from '../answering/ask-limits';
import type { Limiter } from '../answering/limiter';
import { projects } from '../db/schema';
import { findUnstorableText } from '../http/stored-text';
import { mayUseProject, projectAskedIn } from '../access/policy';
import { countKeyRequest } from '../access/rate-limit';
import { sessionRoom, socketAskerNow, type ChatServer, type ChatSocket } from './gateway';
import { pacedNotes } from './paced-notes';

/** Questions one user may ask in a minute, so that one client cannot flood the server. */
export const ASKS_PER_MINUTE = 20;

export const BUSY_MESSAGE = 'Please wait for the answer to your last question before asking another.';
export const TOO_MANY_MESSAGE = 'You are asking very quickly. Please wait a minute and ask again.';
export const UNSTORABLE_QUESTION_MESSAGE =
  'The question contains a character that is not allowed (a NUL character or half of an emoji).';
export const SIGNED_OUT_MESSAGE = 'You are signed out. Please sign in again to ask.';
/** A project outside the asker's (issue 31): said alike whether or not it exists. */
export const NOT_YOUR_PROJECT_MESSAGE = 'This account cannot ask in that project.';
export const RESTARTING_MESSAGE = 'DISH is restarting. Please ask your question again in a moment.';
export const keyTooManyMessage = (seconds: number) =>
  `This key has asked too many questions. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

export interface ChatHandlers {
  /**
   * Stops taking questions (each new one is told to ask again, which reaches another process
   * once the socket reconnects) and resolves when the answers in flight are sent, or after
   * `timeoutMs` at the latest.
   */
  drain(timeoutMs: number): Promise<void>;
}

/** The chat events of SPEC §7 on every connected socket. */
export function registerChatHandlers(
  io: ChatServer,
  /** `answering`: the process's one answering queue, shared with WhatsApp and the project API. */
  deps: AskDeps & {
    log: FastifyBaseLogger;
    answering: Limiter;
    limits: AskLimits;
    /** API_KEY_REQUESTS_PER_MINUTE: a key's socket questions count with its HTTP requests. */
    keyRequestsPerMinute: number;
  },
): ChatHandlers {
  // This process's answers being made (what a drain waits for); the one-per-session rule itself
  // is held in deps.limits, which every process shares.
  const inFlight = new Set<string>();
  let draining = false;
  const drained: (() => void)[] = [];
  const { answering } = deps;
  let knownProjects: { ids: Set<string>; at: number } | null = null;

  async function projectExists(id: string): Promise<boolean> {
    if (!knownProjects || Date.now() - knownProjects.at > 60_000) {
      const rows = await deps.db.select({ id: projects.id }).from(projects);
      knownProjects = { ids: new Set(rows.map((r) => r.id)), at: Date.now() };
    }
    return knownProjects.ids.has(id);
  }

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
      const query = content.query.trim();
      if (!query && event !== 'question-voice') return refuse(event, 'The question is empty.');
      // The question is stored: a NUL or half an emoji would fail there, so it is refused here.
      if (findUnstorableText(query) !== null) return refuse(event, UNSTORABLE_QUESTION_MESSAGE);
      const project = projectAskedIn(asked, content.project);
      // Refused alike whether or not it exists, so no one learns the projects of others.
      if (!mayUseProject(asked, project)) return refuse(event, NOT_YOUR_PROJECT_MESSAGE, query);
      if (!(await projectExists(project))) return refuse(event, 'That project does not exist.', query);
      if (draining) return refuse(event, RESTARTING_MESSAGE, query);
      // The session's tabs may be connected to different processes: the hold is taken in the
      // shared store, and a question refused as busy is not counted against the limit.
      const release = await deps.limits.hold(`session:${socket.data.chatSessionId}`);
      if (!release) return refuse(event, BUSY_MESSAGE, query);
      const key = socket.data.userId ? `user:${socket.data.userId}` : `session:${socket.data.chatSessionId}`;
      if (!(await deps.limits.count(`asks:${key}`, ASKS_PER_MINUTE, 60_000))) {
        await release();
        return refuse(event, TOO_MANY_MESSAGE, query);
      }
      // Checked again after the waits above, and with nothing awaited before the answer counts
      // as in flight: a drain that has begun never misses an answer it should wait for.
      if (draining) {
        await release();
        return refuse(event, RESTARTING_MESSAGE, query);
      }

      // Socket.IO hands binary over as a Buffer (a Uint8Array); an ArrayBuffer is wrapped, not copied.
      const audio =
        content.audioBuffer instanceof ArrayBuffer
          ? new Uint8Array(content.audioBuffer)
          : content.audioBuffer;
      inFlight.add(socket.data.chatSessionId);
      try {
        // The signed-in user's conversation keeps the question now and the answer when it comes.
        const turn = await beginTurn(
          deps,
          socket.data.userId,
          content.conversationId,
          query,
          event === 'question-voice',
        );
        // This question's notes, paced: several a second would only be noise.
        const notes = pacedNotes(articulate);
        if (answering.queued > 0) notes('Many people are asking right now; your question is in line…');
        const asker = {
          userId: socket.data.userId,
          chatSessionId: socket.data.chatSessionId,
          project,
          askedVia: socket.data.keyProject ?? project,
          // Said by the channel, never by the client: a key's questions are the project API's.
          sourceMode: socket.data.keyProject === null ? ('web' as const) : ('api' as const),
          ...(content.language ? { languageHint: content.language } : {}),
        };
        // A recording is decoded and transcribed before its question takes an answering turn.
        const { questionId, response } =
          event === 'question-voice'
            ? await answerQuestion(deps, asker, event, query, notes, audio, (task) => answering.run(task))
            : await answering.run(() => answerQuestion(deps, asker, event, query, notes));
        await endTurn(deps, turn, response, questionId);
        // Free before the answer is out: the next question, from any tab, must not find it busy.
        await release();
        send(event, response, questionId, turn?.conversationId ?? null);
      } finally {
        await release();
        inFlight.delete(socket.data.chatSessionId);
        if (inFlight.size === 0) drained.splice(0).forEach((resolve) => resolve());
      }
    }

    const guarded = (raw: unknown, declared: QuestionEvent | null) =>
      onQuestion(raw, declared).catch((error: unknown) => {
        deps.log.error({ err: error }, 'question handling failed');
        refuse(declared ?? 'question-text', serverMessages.answerFailed);
      });
    for (const event of QUESTION_EVENTS) socket.on(event, (raw) => void guarded(raw, event));
    socket.on('client-message', (raw) => void guarded(raw, null));
  });

  return {
    async drain(timeoutMs) {
      draining = true;
      if (inFlight.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => drained.push(resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    },
  };
}
