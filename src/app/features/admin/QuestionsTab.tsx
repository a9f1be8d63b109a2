import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionView } from '../../../shared/admin/schemas';
import type { FeedbackFilter } from '../../../shared/chat/feedback';
import { adminApi, type PageRequest } from '../../api/admin';
import { translate } from '../../i18n/i18n';
import { BotMarkdown } from '../chat/BotMarkdown';
import { FEEDBACK_CHOICES } from './adminMessages';
import { AskedBy } from './AskedBy';
import { markdownText } from './markdownText';
import { Modal } from './Modal';
import { adminKeys } from './queryClient';
import { audioOf, deriveQuestion, eventText, isVoiceEvent, languageOf } from './questionDisplay';
import { Empty } from './table/cells';
import { DataTable } from './table/DataTable';
import { formatTime, type Column } from './table/format';
import { RowAction } from './table/RowAction';
import { QuestionReview } from './review/QuestionReview';
import { ReviewedAnswerForm, type ReviewFormStart } from './review/ReviewedAnswerForm';
import { reviewState } from './review/reviewText';

const questionColumns: Column<QuestionView>[] = [
  { key: 'mode', header: 'Mode', value: (q) => translate(deriveQuestion(q).mode) },
  { key: 'question', header: 'Question', value: (q) => deriveQuestion(q).question },
  { key: 'answer', header: 'Answer', value: (q) => answerText(deriveQuestion(q)) },
  { key: 'project', header: 'Project', value: (q) => q.project },
  { key: 'asked_via', header: 'Asked Via', value: (q) => q.askedVia },
  { key: 'language', header: 'Language', value: languageOf },
  { key: 'asked_at', header: 'Asked At', value: (q) => formatTime(q.queryTimestamp) },
  { key: 'answered_at', header: 'Answered At', value: (q) => formatTime(q.answeredAt) },
  { key: 'status', header: 'Status', value: (q) => deriveQuestion(q).status, kind: 'status' },
  { key: 'feedback', header: 'Feedback', value: (q) => feedbackText(q) },
  // Issue 33: how an admin reviewed it, after SPEC's columns and the feedback.
  { key: 'review', header: 'Review', value: (q) => reviewText(q) },
];

/** The question's review in words ('Approved on 27 November 2026'); '-' when not reviewed. */
function reviewText({ review }: QuestionView): string | null {
  const state = reviewState(review);
  return state ? translate(state.text, state.values) : null;
}

/** The asker's "Was this helpful?" (issue 14 item 3) in words, with their comment; '-' when none. */
function feedbackText({ feedback }: QuestionView): string | null {
  if (!feedback) return null;
  const verdict = feedback.helpful ? translate('Helpful') : translate('Not helpful');
  return feedback.comment ? `${verdict}: ${feedback.comment}` : verdict;
}

/** get_questions, narrowed by feedback when a filter is chosen. */
const questionsPage = (feedback: FeedbackFilter | '') => (page: PageRequest) =>
  adminApi.getQuestions(page, feedback || undefined);

/** The answer's words for its cell: a markdown answer without its marks; an error as it reads. */
const answerText = ({ answer, status }: ReturnType<typeof deriveQuestion>) =>
  status === 'failed' ? answer : markdownText(answer);

/** SPEC §2 Questions tab: every question asked, derived per SPEC §4, with its history on demand. */
export function QuestionsTab() {
  const { t } = useTranslation();
  const [details, setDetails] = useState<QuestionView | null>(null);
  const [writing, setWriting] = useState<ReviewFormStart | null>(null);
  const [feedback, setFeedback] = useState<FeedbackFilter | ''>('');
  const filterId = useId();
  return (
    <>
      <DataTable
        title={t('Questions')}
        queryKey={[...adminKeys.questions, { feedback }]}
        fetchPage={questionsPage(feedback)}
        columns={questionColumns}
        rowKey={(q) => q._id}
        actions={(q) => (
          <RowAction subject={deriveQuestion(q).question.slice(0, 60)} onClick={() => setDetails(q)}>
            {t('View Details')}
          </RowAction>
        )}
      >
        <div className="table-filter">
          <label htmlFor={filterId}>{t('Feedback')}</label>
          <select
            id={filterId}
            value={feedback}
            onChange={(event) => setFeedback(event.target.value as FeedbackFilter | '')}
          >
            {FEEDBACK_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </div>
      </DataTable>
      {details ? (
        <HistoryModal
          record={details}
          onClose={() => setDetails(null)}
          // The form takes the dialog's place; closing it returns to the row's View Details.
          onWrite={() => {
            setDetails(null);
            setWriting({
              kind: 'question',
              project: details.project,
              question: details.query,
              questionId: details._id,
            });
          }}
        />
      ) : null}
      {writing ? <ReviewedAnswerForm start={writing} onClose={() => setWriting(null)} /> : null}
    </>
  );
}

function HistoryModal({
  record,
  onClose,
  onWrite,
}: {
  record: QuestionView;
  onClose: () => void;
  onWrite: () => void;
}) {
  const { t } = useTranslation();
  const shown = deriveQuestion(record);
  return (
    <Modal title={t('Question Details')} onClose={onClose} wide>
      <dl className="question-review">
        <dt>{t('Question:')}</dt>
        <dd>{shown.question || '-'}</dd>
        <dt>{t('Asked by:')}</dt>
        <dd>
          <AskedBy questionId={record._id} />
        </dd>
        <dt>{t('Answer:')}</dt>
        <dd className="review-answer">
          {!shown.answer ? (
            '-'
          ) : shown.status === 'failed' ? (
            shown.answer
          ) : (
            <BotMarkdown id={`review-${record._id}`} text={shown.answer} />
          )}
        </dd>
        <dt>{t('Feedback:')}</dt>
        <dd>{feedbackText(record) ?? t('No feedback')}</dd>
      </dl>
      <QuestionReview record={record} onWrite={onWrite} />
      {/* A table wider than the screen scrolls; keyboard users scroll it once it has focus. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="table-scroll" role="region" aria-label={t('History')} tabIndex={0}>
        <table>
          <caption className="visually-hidden">{t('History')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Type')}</th>
              <th scope="col">{t('Time')}</th>
              <th scope="col">{t('Content')}</th>
            </tr>
          </thead>
          <tbody>
            {record.history.length === 0 ? (
              <tr>
                <td colSpan={3} className="table-message">
                  {t('No history recorded.')}
                </td>
              </tr>
            ) : (
              record.history.map((event, index) => (
                <tr key={`${event.type}-${event.timestamp}-${index}`}>
                  <td>{event.type}</td>
                  <td>{formatTime(event.timestamp) ?? <Empty />}</td>
                  <td>
                    <EventContent event={event} index={index} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}

function EventContent({ event, index }: { event: QuestionView['history'][number]; index: number }) {
  const { t } = useTranslation();
  const text = eventText(event);
  const words =
    event.type === 'query-response' && event.answer ? (
      <ResponseContent event={event} index={index} />
    ) : text ? (
      <span className="history-text">{text}</span>
    ) : null;
  if (!isVoiceEvent(event)) return words ?? <Empty />;
  const audio = audioOf(event);
  return (
    <>
      {audio ? (
        // The event's words are shown under the player.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio
          className="history-audio"
          controls
          preload="none"
          src={audio}
          aria-label={t('Audio of history event {{n}} ({{type}})', { n: index + 1, type: event.type })}
        />
      ) : (
        <p className="audio-error">{t('Audio Playback Error')}</p>
      )}
      {words}
    </>
  );
}

/** A query-response: the question as asked, and the answer rendered as the chat shows it. */
function ResponseContent({ event, index }: { event: QuestionView['history'][number]; index: number }) {
  const { t } = useTranslation();
  return (
    <div className="review-answer">
      {event.query ? (
        <span className="history-text">{t('Question: {{text}}', { text: event.query })}</span>
      ) : null}
      {t('Answer:')} <BotMarkdown id={`history-${index}`} text={event.answer ?? ''} />
    </div>
  );
}
