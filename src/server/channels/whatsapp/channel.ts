import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { questionEventFor, type AnswerResponse, type QuestionEvent } from '../../../shared/chat/protocol';
import type { AskLimits } from '../../answering/ask-limits';
import type { AskOutcome, AskRequest, Asking } from '../../answering/asking';
import { appendHistory, historyEvent } from '../../answering/records';
import type { Db } from '../../db/client';
import { questions } from '../../db/schema';
import type { UserRow } from '../../users/repository';
import type { VoiceService } from '../../voice/service';
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

export interface ChannelDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The one ask command (answering/asking.ts), shared with the chat and the project API. */
  asking: Asking;
  /** Spoken answers' files, and the voice service that voice notes are prepared around. */
  voice?: VoiceService | undefined;
  /** Shared by every process (Redis): a sender over the limit is told so once, by one of them. */
  limits: AskLimits;
}

export const channelMessages = {
  notUnderstood:
    'I can answer questions sent as text or as voice notes. Please type your question or record a voice note.',
  notSent: 'The answer could not be sent on WhatsApp.',
} as const;

/**
 * The WhatsApp channel: each message of a verified delivery is taken once (dedupe.ts), its sender
 * found or made a user, and, unless blocked, asked through the one ask command
 * (answering/asking.ts) with `sourceMode: 'wa'`, so the question has the same admission, limits,
 * history events and answers as on the web. Messages of one sender are answered in the order they came.
 */
export class WhatsAppChannel {
  readonly graph: GraphClient;
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
    if (message.kind === 'text') return this.answerText(message, user);
    return this.answerAudio(message, user);
  }

  /** The question asked as the user, in the channel's project; a refusal is replied with its sentence. */
  private async ask(
    message: InboundMessage,
    user: UserRow,
    question: Pick<AskRequest, 'query' | 'audio' | 'voice'> & { event: QuestionEvent },
  ): Promise<(AskOutcome & { refused: null }) | null> {
    const { project } = this.settings;
    const outcome = await this.deps.asking.ask({
      ...question,
      // The channel's own right: its senders ask in its project, whatever app they came from.
      asker: { userId: user.id, keyProject: null, projects: [project] },
      project,
      // The question records' session: one per sender, so the admin sees a person's questions together.
      origin: { chatSessionId: `wa:${user.whatsappId ?? user.id}`, sourceMode: 'wa' },
      perMinute: `user:${user.id}`,
    });
    if (!outcome.refused) return outcome;
    // Told once a minute: a flood of messages must not become a flood of replies.
    if (
      outcome.refused === 'tooMany' &&
      !(await this.deps.limits.count(`whatsapp-told:${user.id}`, 1, 60_000))
    )
      return null;
    await this.reply(message.from, outcome.message);
    return null;
  }

  private async answerText(message: InboundMessage & { kind: 'text' }, user: UserRow): Promise<void> {
    const query = message.text.trim();
    const answered = await this.ask(message, user, { event: questionEventFor(query), query });
    if (!answered) return;
    await linkQuestion(this.deps.db, message.id, answered.questionId);
    await this.deliver(message.from, answered.questionId, answered.response);
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
    const answered = await this.ask(message, user, {
      event: 'question-voice',
      query: '',
      audio: media.bytes,
      voice: voice ? forVoiceNotes(voice, kind) : null,
    });
    if (!answered) return;
    const { questionId, response } = answered;
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
}
