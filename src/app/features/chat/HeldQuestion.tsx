import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { conversationText as text } from './messages';

interface HeldQuestionProps {
  /** The question typed while offline, waiting in the box; null when none waits. */
  held: string | null;
  /** Back online and connected: ask whether to send it. */
  offer: boolean;
  onSend: () => void;
  onKeep: () => void;
}

/**
 * Issue 14 item 2: a question typed offline waits in the question box; once the chat is connected
 * again the user is asked whether to send it. The line is a polite status, so either state is
 * announced without moving focus from where the user is.
 */
export function HeldQuestion({ held, offer, onSend, onKeep }: HeldQuestionProps) {
  const id = useId();
  const { t } = useTranslation();
  return (
    <div role="status" className="held-question-region">
      {held === null ? null : offer ? (
        <div className="held-question" role="group" aria-labelledby={id}>
          <p id={id}>{t(text.offer)}</p>
          <p className="held-question-text">“{held}”</p>
          <div className="held-question-actions">
            <button type="button" className="button" onClick={onSend}>
              {t(text.sendHeld)}
            </button>
            <button type="button" className="button button-secondary" onClick={onKeep}>
              {t(text.keepHeld)}
            </button>
          </div>
        </div>
      ) : (
        <p className="held-question-note">{t(text.held)}</p>
      )}
    </div>
  );
}
