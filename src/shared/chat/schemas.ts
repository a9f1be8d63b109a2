import { z } from 'zod';
import { conversationId } from './conversations';
import { ANSWER_EVENTS, QUESTION_EVENTS } from './events';
import { uiLanguage } from '../i18n/language-schemas';

/**
 * The zod schemas of every socket message (SPEC §3 Socket question / Socket answer, §7). The
 * event types in protocol.ts are inferred from these, so a field changed here changes the server,
 * the SharedWorker and the tests at once.
 */

/** Longest question accepted; anything longer is refused with a sentence, not truncated. */
export const MAX_QUESTION_LENGTH = 2000;
/** What the asker is told of a longer one, in the chat, the project API and WhatsApp alike. */
export const QUESTION_TOO_LONG_MESSAGE = `Questions can be ${MAX_QUESTION_LENGTH} characters long at most.`;

export const questionMessage = z.object({
  event: z.enum(QUESTION_EVENTS, { error: 'The question has no known event.' }),
  content: z.object({
    query: z
      .string({ error: 'The question is empty.' })
      .max(MAX_QUESTION_LENGTH, { error: QUESTION_TOO_LONG_MESSAGE }),
    /** SPEC's field; the server records how a question came from the channel, not from this. */
    sourceMode: z.enum(['web', 'wa']).default('web'),
    project: z.string().max(100).default('dish'),
    /** Empty in the content the chat builds; the socket client fills in the session id before sending. */
    sessionId: z.string().max(100).default(''),
    /** question-voice only: the recording as MP3 bytes. */
    // Any Uint8Array: socket.io hands a Node Buffer over, whose buffer type is ArrayBufferLike.
    audioBuffer: z
      .custom<Uint8Array | ArrayBuffer>(
        (value) => value instanceof Uint8Array || value instanceof ArrayBuffer,
      )
      .optional(),
    /**
     * The signed-in user's conversation the question belongs to (issue 14). Absent or null: the
     * current one (a new one when there is none). One that is not the asker's starts a new one.
     */
    conversationId: conversationId.nullable().optional(),
    /**
     * The asker's interface language (issue 14 item 7): the language of the answer, a refusal and a
     * spoken answer when the question's own words do not decide it (too short to tell, say).
     */
    language: uiLanguage.optional(),
  }),
});
export type ParsedQuestion = z.infer<typeof questionMessage>;

export const answerLink = z.object({ url: z.string(), title: z.string().optional() });

export const answerResponse = z.object({
  /** GitHub-flavoured markdown. Empty when `error` is set. */
  answer: z.string(),
  error: z.string().nullable(),
  /** The question as understood (the transcript, for voice). */
  text: z.string(),
  /** A spoken answer's file name under the text-to-speech base address (answer-voice). */
  audioPath: z.string().nullable(),
  links: z.array(answerLink),
});

export const answerMessage = z.object({
  event: z.enum(ANSWER_EVENTS),
  content: z.object({
    response: answerResponse,
    questionId: z.string().nullable(),
    /** The conversation that keeps the question and this answer; null when none does. */
    conversationId: z.string().nullable().optional(),
  }),
});

/** A transient progress note; empty text removes it (SPEC §4 Chat). */
export const articulatingMessage = z.object({
  event: z.literal('articulating'),
  content: z.object({ text: z.string() }),
});

/** What a client sends in the handshake's `auth` (the `session_id` goes in the query, SPEC §7). */
export const handshakeAuth = z.object({
  /** PROTOCOL_VERSION of the client's build. */
  protocolVersion: z.number().int().optional(),
  /** An authorized project's API key (DECISIONS §3), instead of the `token` cookie. */
  apiKey: z.string().optional(),
});

/** The `data` of the connect_error that refuses a client built for another protocol version. */
export const handshakeRefusal = z.object({
  /** 'reload' when the client is behind, 'retry' when the server is (protocol.ts). */
  reason: z.enum(['reload', 'retry']),
  /** Which side speaks the older protocol. */
  behind: z.enum(['client', 'server']),
  /** RELOAD_MESSAGE or RETRY_MESSAGE: a sentence fit to show. */
  message: z.string(),
  /** The version this server speaks. */
  protocolVersion: z.number().int(),
});
