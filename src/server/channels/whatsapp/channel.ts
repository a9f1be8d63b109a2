import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { questionEventFor, type AnswerResponse } from '../../../shared/chat/protocol';
import { MAX_QUESTION_LENGTH, QUESTION_TOO_LONG_MESSAGE } from '../../../shared/chat/schemas';
import { answerQuestion, type AskDeps, type QuestionOrigin } from '../../answering/ask';
import type { AskLimits } from '../../answering/ask-limits';
import type { Limiter } from '../../answering/limiter';
import { appendHistory, historyEvent } from '../../answering/records';
import { questions } from '../../db/schema';
import { findUnstorableText } from '../../http/stored-text';
import { TOO_MANY_MESSAGE, UNSTORABLE_QUESTION_MESSAGE } from '../../realtime/chat-handlers';
import type { UserRow } from '../../users/repository';
import { claimMessage, forgetOldMessages, linkQuestion } from './dedupe';
import { userForWhatsApp } from './contacts';
import type { Delivery, InboundMessage } from './delivery';
import { splitMessage, toWhatsAppText } from './format';
import { GraphClient, GraphError } from './graph-client';
import { audioKind, forVoiceNotes, noteMessages } from './voice-note';

export interface WhatsAppSettings {
  verifyToken: string;
  appSecret: string;
  accessToken: string;
  phoneNumberId: string;
  graphUrl: string;
  /** The project that answers and records the questions (WHATSAPP_PROJECT). */
  project: string;
}

export interface ChannelDeps extends AskDeps {
  /** The process's one answering queue, shared with the chat and the project API. */
  answering: Limiter;
  /** Shared by every process (Redis): a sender over the limit is told so once, by one of them. */
  limits: AskLimits;
}

/** Questions one sender may ask in a minute: the chat's per-user limit, counted in the database. */
export const ASKS_PER_MINUTE = 20;

export const channelMessages = {
  notUnderstood:
    'I can answer questions sent as text or as voice notes. Please type your question or record a voice note.',
  notSent: 'The answer could not be sent on WhatsApp.',
} as const;

/**
 * The WhatsApp channel: each message of a verified delivery is taken once (dedupe.ts), its sender
 * found or made a user, and, unless blocked, answered through the chat's own pipeline
 * (answering/ask.ts) with `sourceMode: 'wa'`, so the question has the same history events, limits
 * and answers as on the web. Messages of one sender are answered in the order they came.
 */
export class WhatsAppChannel {
  readonly graph: GraphClient;
  private readonly answering: Limiter;
  private readonly bySender = new Map<string, Promise<void>>();
  private readonly pending = new Set<Promise<void>>();
  private lastPruned = 0;

  constructor(
    readonly settings: WhatsAppSettings,
    private readonly deps: ChannelDeps,
    graph?: GraphClient,
  ) {
    this.graph =
      graph ??
      new GraphClient({
        baseUrl: settings.graphUrl,
        accessToken: settings.accessToken,
        phoneNumberId: settings.phoneNumberId,
      });
    this.answering = deps.answering;
  }

  /** Queues a delivery's work; the webhook has already answered 200 by the time it runs. */
  accept(delivery: Delivery): void {
    const { log } = this.deps;
    if (delivery.skipped.length)
      log.warn({ skipped: delivery.skipped }, 'whatsapp: parts of a delivery skipped');
    for (const status of delivery.statuses) {
      // Statuses of our own messages (sent, delivered, read) need nothing; a failure is worth a look.
      if (status.status === 'failed')
        log.warn(
          { messageId: status.messageId, errors: status.errors },
          'whatsapp: a message was not delivered',
        );
      else log.debug({ messageId: status.messageId, status: status.status }, 'whatsapp: status');
    }
    for (const message of delivery.messages) {
      const previous = this.bySender.get(message.from) ?? Promise.resolve();
      const task = previous
        .then(() => this.handle(message))
        .catch((error: unknown) =>
          log.error({ err: error, messageId: message.id }, 'whatsapp: message failed'),
        );
      this.bySender.set(message.from, task);
      this.pending.add(task);
      void task.finally(() => {
        this.pending.delete(task);
        if (this.bySender.get(message.from) === task) this.bySender.delete(message.from);
      });
    }
  }

  /** Resolves when every message accepted so far is handled (tests, and shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async handle(message: InboundMessage): Promise<void> {
    const { db, log } = this.deps;
    // A number of the same Meta app that is not ours: its own server answers it.
    if (message.phoneNumberId && message.phoneNumberId !== this.settings.phoneNumberId) {
      log.info({ phoneNumberId: message.phoneNumberId }, 'whatsapp: message for another number ignored');
      return;
    }
    if (message.kind === 'reaction') return;
    if (Date.now() - this.lastPruned > 86_400_000) {
      this.lastPruned = Date.now();
      await forgetOldMessages(db).catch((error: unknown) =>
        log.warn({ err: error }, 'whatsapp: pruning failed'),
      );
    }
    if (!(await claimMessage(db, message.id, message.from))) {
      log.info({ messageId: message.id }, 'whatsapp: message delivered again, already taken');
      return;
    }
    const user = await userForWhatsApp(db, message.from, message.name, this.settings.project);
    if (user.isBlocked || !user.isActive) {
      log.info({ userId: user.id }, 'whatsapp: message of a blocked user not answered');
      return;
    }
    await this.graph
      .markRead(message.id)
      .catch((error: unknown) => log.warn({ err: error }, 'whatsapp: could not mark a message read'));

    if (message.kind === 'other') return this.reply(message.from, channelMessages.notUnderstood);
    if (await this.askingTooFast(user)) {
      // Told once a minute: a flood of messages must not become a flood of replies.
      if (!(await this.deps.limits.count(`whatsapp-told:${user.id}`, 1, 60_000))) return;
      return this.reply(message.from, TOO_MANY_MESSAGE);
    }
    if (message.kind === 'text') return this.answerText(message, user);
    return this.answerAudio(message, user);
  }

  private async answerText(message: InboundMessage & { kind: 'text' }, user: UserRow): Promise<void> {
    const query = message.text.trim();
    if (!query) return;
    // The chat's limit, with the chat's sentence: nothing is recorded of a longer text.
    if (query.length > MAX_QUESTION_LENGTH) return this.reply(message.from, QUESTION_TOO_LONG_MESSAGE);
    if (findUnstorableText(query) !== null) return this.reply(message.from, UNSTORABLE_QUESTION_MESSAGE);
    const event = questionEventFor(query);
    const { questionId, response } = await this.answering.run(() =>
      answerQuestion(this.deps, this.asker(user), event, query, () => undefined),
    );
    await linkQuestion(this.deps.db, message.id, questionId);
    await this.deliver(message.from, questionId, response);
  }

  private async answerAudio(message: InboundMessage & { kind: 'audio' }, user: UserRow): Promise<void> {
    const { voice } = this.deps;
    let media: { bytes: Uint8Array; mimeType: string | null };
    try {
      media = await this.graph.fetchMedia(message.mediaId);
    } catch (error) {
      this.deps.log.error({ err: error, mediaId: message.mediaId }, 'whatsapp: voice note not fetched');
      return this.reply(message.from, noteMessages.unreadable);
    }
    const kind = audioKind(message.mimeType || media.mimeType, media.bytes);
    if (!kind) return this.reply(message.from, noteMessages.unsupported);
    const deps = { ...this.deps, voice: voice ? forVoiceNotes(voice, kind) : undefined };
    // The note is decoded and transcribed before the question takes an answering turn, as in the chat.
    const { questionId, response } = await answerQuestion(
      deps,
      this.asker(user),
      'question-voice',
      '',
      () => undefined,
      media.bytes,
      (task) => this.answering.run(task),
    );
    await linkQuestion(this.deps.db, message.id, questionId);
    // Without speech recognition the question is recorded as failed with the server's reason (for
    // the admin); the sender is told only that voice is not available, and what to do instead.
    const unheard = !voice || voice.unavailable() !== null;
    await this.deliver(
      message.from,
      questionId,
      unheard ? { ...response, error: noteMessages.notAvailable } : response,
    );
  }

  private asker(user: UserRow): QuestionOrigin {
    return {
      userId: user.id,
      // The question records' session: one per sender, so the admin sees a person's questions together.
      chatSessionId: `wa:${user.whatsappId ?? user.id}`,
      project: this.settings.project,
      askedVia: this.settings.project,
      sourceMode: 'wa',
    };
  }

  /** The answer as WhatsApp text (in parts past 4,096 characters), then the spoken answer if any. */
  private async deliver(to: string, questionId: string, response: AnswerResponse): Promise<void> {
    try {
      if (response.error) {
        await this.graph.sendText(to, response.error, false);
        return;
      }
      const answer = toWhatsAppText(response.answer);
      const heard = response.audioPath && response.text ? `You asked: _${response.text.trim()}_\n\n` : '';
      for (const part of splitMessage(heard + answer)) await this.graph.sendText(to, part, false);
      if (response.audioPath && this.deps.voice) {
        const bytes = await readFile(path.join(this.deps.voice.ttsDir, response.audioPath));
        const mediaId = await this.graph.uploadMedia(bytes, 'audio/mpeg', 'answer.mp3');
        await this.graph.sendAudio(to, mediaId);
      }
    } catch (error) {
      await this.recordSendFailure(questionId, error);
    }
  }

  /** A reply that belongs to no question (refusals, what DISH understands); failures only logged. */
  private async reply(to: string, body: string): Promise<void> {
    await this.graph
      .sendText(to, body, false)
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'whatsapp: reply not sent'));
  }

  /**
   * The answer was written but never reached the sender: the question's history says so with an
   * error event (the admin's Questions tab then shows it failed) and its status is failed.
   */
  private async recordSendFailure(questionId: string, error: unknown): Promise<void> {
    const detail =
      error instanceof GraphError
        ? `${error.message}${error.body ? `: ${error.body.slice(0, 300)}` : ''}`
        : error instanceof Error
          ? error.message
          : String(error);
    this.deps.log.error({ questionId, err: error }, 'whatsapp: answer not sent');
    await appendHistory(this.deps.db, questionId, [
      historyEvent('error', { message: channelMessages.notSent, error: detail }),
    ]);
    await this.deps.db.update(questions).set({ status: 'failed' }).where(eq(questions.id, questionId));
  }

  /** The chat's per-user limit, counted from the question records so every process sees the same. */
  private async askingTooFast(user: UserRow): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ n: count() })
      .from(questions)
      .where(
        and(eq(questions.userId, user.id), gt(questions.queryTimestamp, sql`now() - interval '1 minute'`)),
      );
    return Number(row?.n ?? 0) >= ASKS_PER_MINUTE;
  }
}
