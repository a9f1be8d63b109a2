import { useTranslation } from 'react-i18next';
import type { SocketStatus } from '../../state/chat';

const LABELS: Record<SocketStatus, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
  outdated: 'Needs a reload',
};

/** The chat connection's state, announced politely when it changes. */
export function ConnectionStatus({ status }: { status: SocketStatus }) {
  const { t } = useTranslation();
  return (
    <p className={`chat-status chat-status-${status}`} role="status">
      <span className="chat-status-dot" aria-hidden="true" />
      <span className="visually-hidden">{t('Chat connection: ')}</span>
      {t(LABELS[status])}
    </p>
  );
}
