import type { HistoryEventView, QuestionView } from '../../../shared/admin/schemas';
import { ttsUrl } from '../../config';
import { translate } from '../../i18n/i18n';
import { formatTime } from './table/format';

export interface QuestionDisplay {
  mode: 'Voice' | 'Text';
  question: string;
  answer: string;
  status: 'failed' | 'pending' | 'success';
}

const lastOfType = (history: readonly HistoryEventView[], type: string) =>
  history.findLast((event) => event.type === type);

/**
 * SPEC §4 derived question display. Status is failed when the history holds an error event,
 * else success (pending while a question has neither an answer nor an error yet). Mode is
 * Voice when the first event is a voice query. The question is the last translation's text if
 * any, else the last query-response's query (the record's own query when neither exists). A
 * failed question's answer reads 'Error {message} thrown at {time}'.
 */
export function deriveQuestion(record: QuestionView): QuestionDisplay {
  const history = record.history ?? [];
  const error = history.find((event) => event.type === 'error');
  const response = lastOfType(history, 'query-response');
  const translation = lastOfType(history, 'translation');
  const mode = history[0]?.type === 'voice-query' ? 'Voice' : 'Text';
  const question = translation?.text || response?.query || record.query;
  if (error) {
    const message = error.message || error.error || translate('Unknown error');
    return {
      mode,
      question,
      answer: translate('Error {{message}} thrown at {{time}}', {
        message,
        time: formatTime(error.timestamp) ?? error.timestamp,
      }),
      status: 'failed',
    };
  }
  const pending = !response && record.status === 'pending';
  return { mode, question, answer: response?.answer ?? '', status: pending ? 'pending' : 'success' };
}

/** The language shown: the record's, else what the history detected. */
export function languageOf(record: QuestionView): string {
  return record.language || lastOfType(record.history ?? [], 'detected-language')?.lang_name || '';
}

/** Where a history event's audio can be played from, when it carries any. */
export function audioOf(event: HistoryEventView): string | null {
  // Records from elsewhere (the messaging app) may carry a full address instead.
  const { audioUrl } = event as HistoryEventView & { audioUrl?: unknown };
  if (typeof audioUrl === 'string' && audioUrl) return audioUrl;
  return event.audioPath ? ttsUrl(event.audioPath) : null;
}

/** Voice events show an audio player (or 'Audio Playback Error' without audio data). */
export const isVoiceEvent = (event: HistoryEventView): boolean =>
  event.type === 'voice-query' || audioOf(event) !== null;

/** The words of a history event, by its type. */
export function eventText(event: HistoryEventView): string {
  switch (event.type) {
    case 'voice-query':
      return event.text || event.query || '';
    case 'detect-language-query':
      return event.query || event.text || '';
    case 'detected-language':
      return event.lang_name || '';
    case 'translation':
      return event.text || '';
    case 'query-response':
      return [
        event.query ? translate('Question: {{text}}', { text: event.query }) : '',
        event.answer ? translate('Answer: {{text}}', { text: event.answer }) : '',
      ]
        .filter(Boolean)
        .join('\n');
    case 'error':
      return [event.message, event.error && event.error !== event.message ? event.error : '']
        .filter(Boolean)
        .join(': ');
    default:
      return event.text || event.answer || event.query || event.message || event.error || '';
  }
}
