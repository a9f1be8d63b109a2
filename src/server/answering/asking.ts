import type { QuestionEvent } from '../../shared/chat/protocol';
import { MAX_QUESTION_LENGTH, QUESTION_TOO_LONG_MESSAGE } from '../../shared/chat/schemas';
import { mayUseProject, projectAskedIn, type Asker } from '../access/policy';
import { projects } from '../db/schema';
import { findUnstorableText } from '../http/stored-text';
import { answerQuestion, type AskDeps, type QuestionOrigin } from './ask';
import type { AskLimits } from './ask-limits';
import type { Limiter } from './limiter';
import type { VoiceService } from '../voice/service';

/** Questions one person may ask in a minute, on every channel together, so that no one floods the server. */
export const ASKS_PER_MINUTE = 20;

/** Why a question is not taken, and what every channel says then (issue 32: said once, alike everywhere). */
export const askRefusals = {
  empty: 'The question is empty.',
  tooLong: QUESTION_TOO_LONG_MESSAGE,
  unstorable: 'The question contains a character that is not allowed (a NUL character or half of an emoji).',
  /** A project outside the asker's (issue 31): said alike whether or not it exists. */
  notYourProject: 'This account cannot ask in that project.',
  noProject: 'That project does not exist.',
  restarting: 'DISH is restarting. Please ask your question again in a moment.',
  busy: 'Please wait for the answer to your last question before asking another.',
  tooMany: 'You are asking very quickly. Please wait a minute and ask again.',
} as const;
export type AskRefusal = keyof typeof askRefusals;

type Answered = Awaited<ReturnType<typeof answerQuestion>>;

/** A question as a channel hands it over, its transport already read. */
export interface AskRequest {
  /** Who asks (access/policy.ts): the projects they may use. */
  asker: Asker;
  /** The project asked in; empty or left out: the asker's own (projectAskedIn). */
  project?: string | undefined;
  /**
   * The session, the channel, the interface's language, and the app or project it came through
   * (left out: the project asked in).
   */
  origin: Omit<QuestionOrigin, 'userId' | 'project' | 'askedVia'> & { askedVia?: string | null | undefined };
  event: QuestionEvent;
  query: string;
  /** A voice question's recording (MP3, or what the channel's voice service prepares). */
  audio?: Uint8Array | undefined;
  /**
   * The voice service for this channel's recordings (WhatsApp's Ogg notes); null: none for this
   * question, which is then refused as voice not available. Left out: the server's.
   */
  voice?: VoiceService | null | undefined;
  /** The progress notes ('' removes the last one). */
  progress?: (text: string) => void;
  /** One question at a time under this key, in every process (a chat session's tabs). */
  oneAtATime?: string;
  /** Counted against ASKS_PER_MINUTE under this key (a person); the project API counts its key's requests instead. */
  perMinute?: string;
  /** Runs the answer inside the channel's own bookkeeping (the chat's conversation turn), before the hold is freed. */
  around?: (answer: () => Promise<Answered>) => Promise<Answered>;
}

export type AskOutcome = { refused: AskRefusal; message: string } | ({ refused: null } & Answered);

export interface Asking {
  /** Admits the question (every rule above, in one order), then answers it in its turn. */
  ask(request: AskRequest): Promise<AskOutcome>;
  /**
   * Stops taking questions (each new one is refused as 'restarting', and asked again reaches
   * another process) and resolves when the answers in flight are made, or after `timeoutMs`.
   */
  drain(timeoutMs: number): Promise<void>;
}

export interface AskingDeps extends AskDeps {
  /** The process's one answering queue: every channel's answers take their turn in it. */
  answering: Limiter;
  /** The limits every process shares (Redis when configured). */
  limits: AskLimits;
}

/**
 * The one way to ask (issue 32), for the chat socket, voice, WhatsApp and the project API alike:
 * admission (the question, the project, a restart under way, one at a time, the per-minute limit),
 * then the answer pipeline of answering/ask.ts in the answering queue. A recording is transcribed
 * before its question takes a turn, so a slow recognition holds up no one else's answer.
 */
export function createAsking(deps: AskingDeps): Asking {
  const inFlight = new Set<symbol>();
  let draining = false;
  const drained: (() => void)[] = [];
  let knownProjects: { ids: Set<string>; at: number } | null = null;

  /**
   * Known projects are kept a minute; one not among them is looked up again at once, so a project
   * created a moment ago (and its new key) can ask straight away. Only a project the asker may
   * use gets here, so unknown names cannot make every question read the table.
   */
  async function projectExists(id: string): Promise<boolean> {
    if (knownProjects && Date.now() - knownProjects.at <= 60_000 && knownProjects.ids.has(id)) return true;
    const rows = await deps.db.select({ id: projects.id }).from(projects);
    knownProjects = { ids: new Set(rows.map((r) => r.id)), at: Date.now() };
    return knownProjects.ids.has(id);
  }

  const refuse = (refused: AskRefusal): AskOutcome => ({ refused, message: askRefusals[refused] });

  async function answer(request: AskRequest, project: string, query: string): Promise<Answered> {
    const progress = request.progress ?? (() => undefined);
    if (deps.answering.queued > 0) progress('Many people are asking right now; your question is in line…');
    const { askedVia, ...rest } = request.origin;
    const origin: QuestionOrigin = {
      ...rest,
      askedVia: askedVia ?? project,
      userId: request.asker.userId,
      project,
    };
    const { event, audio } = request;
    const pipeline = request.voice === undefined ? deps : { ...deps, voice: request.voice ?? undefined };
    const run = () =>
      event === 'question-voice'
        ? answerQuestion(pipeline, origin, event, query, progress, audio, (task) => deps.answering.run(task))
        : deps.answering.run(() => answerQuestion(pipeline, origin, event, query, progress));
    return request.around ? request.around(run) : run();
  }

  return {
    async ask(request) {
      const query = request.query.trim();
      if (!query && request.event !== 'question-voice') return refuse('empty');
      if (query.length > MAX_QUESTION_LENGTH) return refuse('tooLong');
      // The question is stored: a NUL or half an emoji would fail there, so it is refused here.
      if (findUnstorableText(query) !== null) return refuse('unstorable');
      const project = projectAskedIn(request.asker, request.project ?? '');
      // Refused alike whether or not it exists, so no one learns the projects of others.
      if (!mayUseProject(request.asker, project)) return refuse('notYourProject');
      if (!(await projectExists(project))) return refuse('noProject');
      if (draining) return refuse('restarting');
      // A session's tabs may be connected to different processes: the hold is taken in the shared
      // store, and a question refused as busy is not counted against the limit.
      const release = request.oneAtATime
        ? await deps.limits.hold(request.oneAtATime)
        : () => Promise.resolve();
      if (!release) return refuse('busy');
      const token = Symbol('answer');
      try {
        if (
          request.perMinute &&
          !(await deps.limits.count(`asks:${request.perMinute}`, ASKS_PER_MINUTE, 60_000))
        )
          return refuse('tooMany');
        // Checked again after the waits above, and with nothing awaited before the answer counts
        // as in flight: a drain that has begun never misses an answer it should wait for.
        if (draining) return refuse('restarting');
        inFlight.add(token);
        return { refused: null, ...(await answer(request, project, query)) };
      } finally {
        // Freed before the channel sends the answer: the next question must not find it busy.
        await release();
        if (inFlight.delete(token) && inFlight.size === 0) drained.splice(0).forEach((resolve) => resolve());
      }
    },

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
