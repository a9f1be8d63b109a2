import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { conversationsApi } from '../../api/conversations';
import type { ConversationSummary } from '../../../shared/chat/conversations';
import { conversationIdAtom } from '../../state/chat';
import { deleteConversation, reopenConversation } from './conversations';
import { conversationText as text } from './messages';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

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

  useEffect(() => {
    if (!expanded) return;
    let live = true;
    conversationsApi.list().then(
      (list) => live && setItems(list.conversations),
      () => live && setAnnouncement(text.failed),
    );
    return () => {
      live = false;
    };
  }, [expanded, currentId]);

  const reopen = async (item: ConversationSummary) => {
    try {
      const title = await reopenConversation(item.id);
      setAnnouncement(text.open(title || text.untitled));
    } catch {
      setAnnouncement(text.failed);
    }
  };

  const remove = async (item: ConversationSummary) => {
    try {
      await deleteConversation(item.id);
      setItems((list) => list?.filter((c) => c.id !== item.id) ?? null);
      setAnnouncement(text.removed);
      // The button pressed is gone: focus goes to the list's heading.
      heading.current?.focus();
    } catch {
      setAnnouncement(text.failed);
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
        {text.history}
      </button>
      <section id={regionId} hidden={!expanded || disabled} aria-labelledby={`${regionId}-heading`}>
        <h2 id={`${regionId}-heading`} ref={heading} tabIndex={-1} className="conversation-history-heading">
          {text.historyHeading}
        </h2>
        {items === null ? (
          <p>{text.loading}</p>
        ) : items.length === 0 ? (
          <p>{text.none}</p>
        ) : (
          <ul className="conversation-list">
            {items.map((item) => {
              const title = item.title || text.untitled;
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
                      <time dateTime={item.updatedAt}>{when(item.updatedAt)}</time>
                      {current ? ` ${text.shownNow}` : null}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="button-link conversation-delete"
                    aria-label={text.removeLabel(title)}
                    onClick={() => void remove(item)}
                  >
                    {text.remove}
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
