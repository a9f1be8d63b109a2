import type { ReactNode } from 'react';

interface RowActionProps {
  /** The visible words, e.g. 'Block User'. */
  children: ReactNode;
  /** Which row it acts on, for screen readers: 'Block User (Asha Rao)'. */
  subject: string;
  onClick: () => void;
  danger?: boolean;
  busy?: boolean;
}

/** A row action button; a busy one stays focusable and ignores presses until its call answers. */
export function RowAction({ children, subject, onClick, danger, busy }: RowActionProps) {
  return (
    <button
      type="button"
      className={danger ? 'button button-small button-danger' : 'button button-small button-secondary'}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) onClick();
      }}
    >
      {children}
      <span className="visually-hidden"> ({subject})</span>
    </button>
  );
}
