import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { conversationsApi } from '../../api/conversations';
import { translate } from '../../i18n/i18n';
import type { ConversationSummary } from '../../../shared/chat/conversations';
import { conversationIdAtom } from '../../state/chat';
import { deleteConversation, reopenConversation } from './conversations';
import { conversationText as text } from './messages';
import './conversation-history.css';

/** The date in the interface's language (Hindi digits and month names in Hindi). */
const when = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language === 'hi' ? 'hi-IN' : undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/**
 * The user's conversations, newest first, behind a disclosure button: each can be reopened (its
 * title is the button) or deleted. Plain buttons in a list, so Tab, Enter and Space do it all; what
 * happened is announced in a status line, and focus never falls off the page.
 */
export function ConversationHistory({ disabled }: { disabled: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const [items, setItems] = useState<ConversationSummary[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const currentId = useAtomValue(conversationIdAtom);
  const heading = useRef<HTMLHeadingElement>(null);
  const regionId = useId();
  const { t, i18n } = useTranslation();

  useEffect(() => {
    if (!expanded) return;
    let live = true;
    conversationsApi.list().then(
      (list) => live && setItems(list.conversations),
      () => live && setAnnouncement(translate(text.failed)),
    );
    return () => {
      live = false;
    };
  }, [expanded, currentId]);

  const reopen = async (item: ConversationSummary) => {
    try {
      const title = await reopenConversation(item.id);
      setAnnouncement(t(text.open, { title: title || t(text.untitled) }));
    } catch {
      setAnnouncement(t(text.failed));
    }
  };

  const remove = async (item: ConversationSummary) => {
    try {
      await deleteConversation(item.id);
      setItems((list) => list?.filter((c) => c.id !== item.id) ?? null);
      setAnnouncement(t(text.removed));
      // The button pressed is gone: focus goes to the list's heading.
      heading.current?.focus();
    } catch {
      setAnnouncement(t(text.failed));
    }
  };

  return (
    <div className="conversation-history">
      <button
        type="button"
        className="button button-secondary"
        aria-expanded={expanded}
        aria-controls={regionId}
        disabled={disabled}
        onClick={() => setExpanded((open) => !open)}
      >
        {t(text.history)}
      </button>
      <section id={regionId} hidden={!expanded || disabled} aria-labelledby={`${regionId}-heading`}>
        <h2 id={`${regionId}-heading`} ref={heading} tabIndex={-1} className="conversation-history-heading">
          {t(text.historyHeading)}
        </h2>
        {items === null ? (
          <p>{t(text.loading)}</p>
        ) : items.length === 0 ? (
          <p>{t(text.none)}</p>
        ) : (
          <ul className="conversation-list">
            {items.map((item) => {
              const title = item.title || t(text.untitled);
              const current = item.id === currentId;
              return (
                <li key={item.id} className="conversation-item">
                  <button
                    type="button"
                    className="conversation-open"
                    aria-current={current ? 'true' : undefined}
                    onClick={() => void reopen(item)}
                  >
                    <span className="conversation-title">{title}</span>
                    <span className="conversation-when">
                      <time dateTime={item.updatedAt}>{when(item.updatedAt, i18n.language)}</time>
                      {current ? ` ${t(text.shownNow)}` : null}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="button-link conversation-delete"
                    aria-label={t(text.removeLabel, { title })}
                    onClick={() => void remove(item)}
                  >
                    {t(text.remove)}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </div>
  );
}
