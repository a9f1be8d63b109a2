import { eq } from 'drizzle-orm';
import { serverMessages } from '../../shared/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { AnswerOutcome } from '../../shared/chat/answer-outcome';
import type { AnswerResponse, QuestionEvent } from '../../shared/chat/protocol';
import type { Db } from '../db/client';
import { questions, type HistoryEvent } from '../db/schema';
import { detectLanguage } from '../knowledge/index/language';
import type { SearchIndex } from '../knowledge/index/search-index';
import { longFormsFor, spelledOut } from './abbreviations';
import { composeAnswer, composeOptionsFor, type ComposedAnswer } from './composer';
import { answerLanguage, helpReply, isNearEmpty } from './small-talk';
import { wordCount } from '../knowledge/index/chunker';
import type { LlmSettings } from './llm-client';
import { composeWithLlm } from './llm-composer';
import { appendHistory, completeQuestion, historyEvent, recordQuestion } from './records';
import { questionVector, retrieve, type Passage } from './retrieval';
import { unknownTermsCost } from './unknown-words';
import { presentReviewed } from './reviewed/present';
import type { ReviewedAnswers } from './reviewed/store';
import { statsAnswer } from './stats';
import { translateToEnglish } from './translate';
import { NO_ENGINE_REASON, VoiceError, voiceMessages } from '../voice/errors';
import type { VoiceService } from '../voice/service';

export interface AskDeps {
  db: Db;
  index: SearchIndex;
  log: FastifyBaseLogger;
  /** An OpenAI-compatible endpoint that writes answers from the passages (LLM_BASE_URL). */
  llm?: LlmSettings | undefined;
  /** Speech recognition and spoken answers (question-voice); without it voice questions get an error. */
  voice?: VoiceService | undefined;
  /** The projects' reviewed answers, served before the composer (issue 33). */
  reviewed?: ReviewedAnswers | undefined;
}

/**
 * Where a question comes from, as its record keeps it: the person (who asks is access/policy's
 * Asker, checked by the channel before this), the session, the project and the channel.
 */
export interface QuestionOrigin {
  userId: string | null;
  chatSessionId: string;
  /** The project whose knowledge answers, and the querying app or project it came through. */
  project: string;
  askedVia: string;
  sourceMode: 'web' | 'wa' | 'api';
  /**
   * The asker's interface language (ISO 639-1): what the answer is worded and spoken in when the
   * question's own words do not tell (too short, or unclear to the detector).
   */
  languageHint?: string | undefined;
}

/** What the answer was, beyond what the chat sends: whether the knowledge base had it, and in what language. */
export interface AnswerFacts {
  /** False when nothing in the project's knowledge answered the question (a refusal, help, or only the closest passage). */
  found: boolean;
  /** What the knowledge base gave (answer-outcome.ts). */
  outcome: AnswerOutcome;
  /** The question's language (ISO 639-1), or '' when it could not be told. */
  language: string;
  /** True when the answer is a reviewed answer (issue 33). */
  reviewed: boolean;
}

/** Passages whose sentences are weighed for each answer (the ranking is looked at 100 deep). */
export const PASSAGES = 40;

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/**
 * The answer pipeline of DECISIONS §4: record the question, detect its language, retrieve from
 * the enabled sources of the project, compose, record the answer. `progress` carries the
 * articulating notes ('' removes the last one). A voice question's recording (`audio`, MP3) is
 * transcribed first (a voice-query event holds the words) and its answer is also spoken.
 * `inTurn` runs the searching and writing, the database's share, when the answering limiter
 * allows: a voice question waits for its turn only once its words are known, so a slow
 * recognition holds up no one else's answer.
 */
export async function answerQuestion(
  deps: AskDeps,
  asker: QuestionOrigin,
  event: QuestionEvent,
  query: string,
  progress: (text: string) => void,
  audio?: Uint8Array,
  inTurn: <T>(task: () => Promise<T>) => Promise<T> = (task) => task(),
): Promise<{ questionId: string; response: AnswerResponse; facts: AnswerFacts }> {
  // A typed question's language is known at once, and recorded with it: one write fewer.
  const typed = event === 'question-voice' ? null : readLanguage(query, asker.languageHint);
  const record = await recordQuestion(deps.db, {
    userId: asker.userId,
    sessionId: asker.chatSessionId,
    project: asker.project,
    sourceMode: asker.sourceMode,
    askedVia: asker.askedVia,
    event,
    query,
    history: typed?.events ?? [],
    ...(typed ? { language: typed.language } : {}),
  });
  // For a voice question, the words heard (until then, nothing).
  let understood = event === 'question-voice' ? '' : query;
  const respond = (fields: Partial<AnswerResponse>): AnswerResponse => ({
    answer: '',
    error: null,
    text: understood,
    audioPath: null,
    links: [],
    ...fields,
  });
  let heard = false;
  const failed: AnswerFacts = {
    found: false,
    outcome: 'none',
    language: asker.languageHint ?? '',
    reviewed: false,
  };
  try {
    if (event === 'question-voice') {
      query = understood = await transcribe(deps, audio, progress);
      heard = true;
      await appendHistory(deps.db, record.id, [historyEvent('voice-query', { text: query })]);
      await deps.db.update(questions).set({ query }).where(eq(questions.id, record.id));
    }
    const { answer, links, language, confidence, outcome, reviewedAnswer } = await inTurn(() =>
      answerInWords(deps, asker, event, query, record.id, progress, typed),
    );
    const audioPath = event === 'question-voice' ? await speak(deps, answer, language, progress) : null;
    await completeQuestion(deps.db, record.id, 'answered', [
      historyEvent('query-response', {
        query,
        answer,
        ...(audioPath ? { audioPath } : {}),
        outcome,
        ...(confidence === undefined ? {} : { confidence: Math.round(confidence * 1000) / 1000 }),
        ...(reviewedAnswer ? { reviewedAnswer } : {}),
      }),
    ]);
    return {
      questionId: record.id,
      response: respond({ answer, links, audioPath }),
      facts: { found: outcome === 'answer', outcome, language, reviewed: reviewedAnswer !== undefined },
    };
  } catch (error) {
    if (error instanceof VoiceError) {
      deps.log.info(
        { questionId: record.id, reason: error.detail ?? error.message },
        'voice question refused',
      );
      // The admin's history shows a voice question by its voice-query event, heard or not (SPEC §4).
      await completeQuestion(deps.db, record.id, 'failed', [
        ...(heard ? [] : [historyEvent('voice-query', { text: '' })]),
        historyEvent('error', { message: error.message, ...(error.detail ? { error: error.detail } : {}) }),
      ]).catch(() => undefined);
      return { questionId: record.id, response: respond({ error: error.message }), facts: failed };
    }
    deps.log.error({ err: error, questionId: record.id }, 'answering failed');
    const message = serverMessages.answerFailed;
    await completeQuestion(deps.db, record.id, 'failed', [
      historyEvent('error', { message, error: error instanceof Error ? error.message : String(error) }),
    ]).catch(() => undefined);
    return { questionId: record.id, response: respond({ error: message }), facts: failed };
  } finally {
    progress('');
  }
}

interface QuestionLanguage {
  /** What the question's own words tell (ISO 639-1), or ''. */
  detected: string;
  /** What the answer is worded in: the detected language, else the interface's. */
  language: string;
  /** The history events that say so (SPEC §3). */
  events: HistoryEvent[];
}

function readLanguage(query: string, hint: string | undefined): QuestionLanguage {
  const detected = detectLanguage(query);
  return {
    detected,
    // The question decides when it can (its script, or a reliable detection); else the interface's language.
    language: detected || hint || '',
    events: [
      historyEvent('detect-language-query', { query }),
      historyEvent('detected-language', {
        lang_name: detected ? (languageNames.of(detected) ?? detected) : 'Unknown',
      }),
    ],
  };
}

/** The text pipeline: the question's language, the passages of the project, the answer composed. */
async function answerInWords(
  deps: AskDeps,
  asker: QuestionOrigin,
  event: QuestionEvent,
  query: string,
  recordId: string,
  progress: (text: string) => void,
  /** The language read when the question was recorded (a typed one), with its history events. */
  recorded: QuestionLanguage | null,
): Promise<{
  answer: string;
  links: AnswerResponse['links'];
  language: string;
  outcome: AnswerOutcome;
  confidence?: number;
  /** The reviewed answer served, by id. */
  reviewedAnswer?: string;
}> {
  progress('Reading your question…');
  const {
    detected: detectedLanguage,
    language,
    events,
  } = recorded ?? readLanguage(query, asker.languageHint);
  // What the record does not hold yet: the language (a voice question's), the translation.
  const detected: HistoryEvent[] = recorded ? [] : events;
  // A question in another language is also searched in English when a translator is configured.
  const translation =
    detectedLanguage && detectedLanguage !== 'en' && event !== 'question-stats'
      ? await translateToEnglish(deps.llm, query, deps.log)
      : null;
  if (translation) detected.push(historyEvent('translation', { text: translation, query }));
  if (detected.length) await appendHistory(deps.db, recordId, detected, language);

  progress('Searching the knowledge base…');
  let answer: string;
  let links: AnswerResponse['links'] = [];
  let confidence: number | undefined;
  // Statistics always answer; help is offered when the question has nothing to search for.
  let outcome: AnswerOutcome = event === 'question-stats' ? 'answer' : 'none';
  const wordingLanguage = answerLanguage(query, language);
  if (event === 'question-stats') {
    answer = await statsAnswer(deps.db, deps.index, query, [asker.project]);
  } else if (isNearEmpty(query)) {
    answer = await helpReply(deps.db, asker.project, wordingLanguage);
  } else {
    // The question's vector is made once: for the reviewed answers, then for the search.
    const embedding = questionVector(deps.index, query);
    const reviewed = await deps.reviewed?.find(asker.project, query, embedding);
    if (reviewed) {
      await deps.reviewed?.served(reviewed.id);
      return {
        ...presentReviewed(reviewed, wordingLanguage, query),
        language,
        outcome: 'answer',
        reviewedAnswer: reviewed.id,
      };
    }
    const { passages, extractive } = await searchAndCompose(
      deps,
      asker.project,
      query,
      language,
      translation,
      progress,
      embedding,
    );
    confidence = extractive.confidence;
    // The model writes only when the knowledge base has something on the question.
    const written =
      extractive.outcome === 'answer' && deps.llm
        ? await composeWithLlm(deps.llm, query, passages, deps.log, extractive, wordingLanguage)
        : null;
    const composed = written ?? extractive;
    // A greeting or a few words that find nothing get help, not a refusal.
    answer =
      composed.outcome === 'none' && wordCount(query) <= 3
        ? await helpReply(deps.db, asker.project, wordingLanguage)
        : composed.answer;
    links = composed.links;
    outcome = composed.outcome;
  }
  return { answer, links, language, outcome, ...(confidence === undefined ? {} : { confidence }) };
}

/**
 * The search and the extractive answer, with its found/not found decision: what the chat does
 * with a question's words, and what the admin's prompt check asks (prompt-check.ts). Reads only.
 */
export async function searchAndCompose(
  deps: Pick<AskDeps, 'db' | 'index'>,
  project: string,
  query: string,
  language: string,
  translation: string | null,
  progress: (text: string) => void = () => undefined,
  /** The question's embedding, when it was made already. */
  embedding?: Promise<number[] | null>,
): Promise<{ passages: Passage[]; extractive: ComposedAnswer }> {
  // The model's scale; none while its passages are being embedded again: words alone then.
  const [scale, searched, english] = await Promise.all([
    deps.index.similarityScale(),
    // Searched with the abbreviations the knowledge base defines spelled out (abbreviations.ts).
    spellOut(deps, query, project),
    translation ? spellOut(deps, translation, project) : null,
  ]);
  const options = { projects: [project], limit: PASSAGES, vectors: scale !== null, scale };
  // The question's vector made beforehand is of its words as asked: unused once spelled out (its
  // failure, if any, is then nobody's to handle).
  if (searched !== query) void embedding?.catch(() => null);
  const own = { ...options, embedding: searched === query ? embedding : undefined };
  // The English translation's passages first, then those found in the question's own words.
  const [passages, unknown] = await Promise.all([
    english
      ? Promise.all([
          retrieve(deps.db, deps.index, english, options),
          retrieve(deps.db, deps.index, searched, own),
        ]).then(([first, second]) => mergePassages(first, second))
      : retrieve(deps.db, deps.index, searched, own),
    unknownTermsCost(deps.db, deps.index, translation ?? query, options.projects, {
      scale,
      vector: translation ? undefined : embedding?.catch(() => null),
    }),
  ]);
  progress('Writing the answer…');
  const extractive = composeAnswer(
    english ?? searched,
    passages,
    composeOptionsFor(query, language, translation, unknown, deps.index.embedder?.reads, scale),
  );
  return { passages, extractive };
}

/** The question with the abbreviations the project's knowledge base defines spelled out. */
const spellOut = async (deps: Pick<AskDeps, 'db' | 'index'>, question: string, project: string) =>
  spelledOut(question, await longFormsFor(deps.db, deps.index, question, [project]));

/** A voice question's words: the recording checked, decoded and transcribed (VoiceError when it cannot be). */
async function transcribe(
  deps: AskDeps,
  audio: Uint8Array | undefined,
  progress: (text: string) => void,
): Promise<string> {
  const unavailable = deps.voice ? deps.voice.unavailable() : NO_ENGINE_REASON;
  if (unavailable || !deps.voice)
    throw new VoiceError(voiceMessages.notAvailable, unavailable ?? NO_ENGINE_REASON);
  if (!audio?.length) throw new VoiceError(voiceMessages.noRecording);
  progress('Listening to your question…');
  const recording = await deps.voice.prepare(audio);
  progress('Writing down your question…');
  return deps.voice.transcribe(recording);
}

/** The answer spoken; a failure leaves the answer as text only (logged), never the answer lost. */
async function speak(
  deps: AskDeps,
  answer: string,
  language: string,
  progress: (text: string) => void,
): Promise<string | null> {
  if (!deps.voice) return null;
  progress('Speaking the answer…');
  try {
    return (await deps.voice.speak(answer, language))?.file ?? null;
  } catch (error) {
    deps.log.error({ err: error }, 'the answer could not be spoken');
    return null;
  }
}

function mergePassages(first: Passage[], second: Passage[]): Passage[] {
  const seen = new Set(first.map((p) => p.chunkId));
  return [...first, ...second.filter((p) => !seen.has(p.chunkId))];
}
