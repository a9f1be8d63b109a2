import type { SocketStatus } from '../../state/chat';

const LABELS: Record<SocketStatus, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

/** The chat connection's state, announced politely when it changes. */
export function ConnectionStatus({ status }: { status: SocketStatus }) {
  return (
    <p className={`chat-status chat-status-${status}`} role="status">
      <span className="chat-status-dot" aria-hidden="true" />
      <span className="visually-hidden">Chat connection: </span>
      {LABELS[status]}
    </p>
  );
}
