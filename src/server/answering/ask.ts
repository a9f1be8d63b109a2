import type { FastifyBaseLogger } from 'fastify';
import type { AnswerResponse, QuestionEvent } from '../../shared/chat/protocol';
import type { Db } from '../db/client';
import type { HistoryEvent } from '../db/schema';
import { detectLanguage } from '../knowledge/index/language';
import type { SearchIndex } from '../knowledge/index/search-index';
import { composeAnswer } from './composer';
import { composeWithLlm, type LlmSettings } from './llm-composer';
import { appendHistory, completeQuestion, historyEvent, recordQuestion } from './records';
import { retrieve, type Passage } from './retrieval';
import { statsAnswer } from './stats';
import { translateToEnglish } from './translate';

export interface AskDeps {
  db: Db;
  index: SearchIndex;
  log: FastifyBaseLogger;
  /** An OpenAI-compatible endpoint that writes answers from the passages (LLM_BASE_URL). */
  llm?: LlmSettings | undefined;
}

export interface Asker {
  userId: string | null;
  chatSessionId: string;
  /** The project whose knowledge answers, and the querying app or project it came through. */
  project: string;
  askedVia: string;
  sourceMode: 'web' | 'wa';
}

export const VOICE_NOT_AVAILABLE = 'Voice questions are not available yet. Please type your question.';
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/**
 * The answer pipeline of DECISIONS §4: record the question, detect its language, retrieve from
 * the enabled sources of the project, compose, record the answer. `progress` carries the
 * articulating notes ('' removes the last one).
 */
export async function answerQuestion(
  deps: AskDeps,
  asker: Asker,
  event: QuestionEvent,
  query: string,
  progress: (text: string) => void,
): Promise<{ questionId: string; response: AnswerResponse }> {
  const record = await recordQuestion(deps.db, {
    userId: asker.userId,
    sessionId: asker.chatSessionId,
    project: asker.project,
    sourceMode: asker.sourceMode,
    askedVia: asker.askedVia,
    event,
    query,
    history: [],
  });
  const respond = (fields: Partial<AnswerResponse>): AnswerResponse => ({
    answer: '',
    error: null,
    text: query,
    audioPath: null,
    links: [],
    ...fields,
  });
  try {
    if (event === 'question-voice') {
      await completeQuestion(deps.db, record.id, 'failed', [
        historyEvent('error', { message: VOICE_NOT_AVAILABLE }),
      ]);
      return { questionId: record.id, response: respond({ error: VOICE_NOT_AVAILABLE }) };
    }
    progress('Reading your question…');
    const language = detectLanguage(query);
    const detected: HistoryEvent[] = [
      historyEvent('detect-language-query', { query }),
      historyEvent('detected-language', {
        lang_name: language ? (languageNames.of(language) ?? language) : 'Unknown',
      }),
    ];
    // A question in another language is also searched in English when a translator is configured.
    const translation =
      language && language !== 'en' && event === 'question-text'
        ? await translateToEnglish(deps.llm, query, deps.log)
        : null;
    if (translation) detected.push(historyEvent('translation', { text: translation, query }));
    await appendHistory(deps.db, record.id, detected, language);

    progress('Searching the knowledge base…');
    let answer: string;
    let links: AnswerResponse['links'] = [];
    if (event === 'question-stats') {
      answer = await statsAnswer(deps.db, deps.index, query, [asker.project]);
    } else {
      const options = { projects: [asker.project], limit: 8 };
      // The English translation's passages first, then those found in the question's own words.
      const passages = translation
        ? mergePassages(
            await retrieve(deps.db, deps.index, translation, options),
            await retrieve(deps.db, deps.index, query, options),
          )
        : await retrieve(deps.db, deps.index, query, options);
      progress('Writing the answer…');
      const extractive = composeAnswer(translation ?? query, passages);
      // The model writes only when the knowledge base has something on the question.
      const written =
        extractive.found && deps.llm ? await composeWithLlm(deps.llm, query, passages, deps.log) : null;
      const composed = written ?? extractive;
      answer = composed.answer;
      links = composed.links;
    }
    await completeQuestion(deps.db, record.id, 'answered', [
      historyEvent('query-response', { query, answer }),
    ]);
    return { questionId: record.id, response: respond({ answer, links }) };
  } catch (error) {
    deps.log.error({ err: error, questionId: record.id }, 'answering failed');
    const message = 'Something went wrong while answering. Please try again.';
    await completeQuestion(deps.db, record.id, 'failed', [
      historyEvent('error', { message, error: error instanceof Error ? error.message : String(error) }),
    ]).catch(() => undefined);
    return { questionId: record.id, response: respond({ error: message }) };
  } finally {
    progress('');
  }
}

function mergePassages(first: Passage[], second: Passage[]): Passage[] {
  const seen = new Set(first.map((p) => p.chunkId));
  return [...first, ...second.filter((p) => !seen.has(p.chunkId))];
}
