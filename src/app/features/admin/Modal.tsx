import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), audio[controls], [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  /** Already in the chosen language (it may hold data, as a Read More's column does). */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons shown before Close (e.g. a confirmation's action). */
  actions?: ReactNode;
  /** Gets focus when the modal opens; the Close button otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on close, when set by then (e.g. the opener's row was deleted); the opener otherwise. */
  returnFocus?: RefObject<HTMLElement | null>;
  /** A wider box for tables. */
  wide?: boolean;
  /** The English words of the Close button, translated here. */
  closeLabel?: string;
}

/**
 * SPEC §2 dismissable modal: role=dialog with aria-modal, named by its title. Focus moves in on
 * open, Tab and Shift+Tab stay inside, Escape or a click on the backdrop closes, and focus goes
 * back to whatever opened it. Rendered in place, so it stays inside the page's main landmark;
 * toasts still show above it.
 */
export function Modal({
  title,
  onClose,
  children,
  actions,
  initialFocus,
  returnFocus,
  wide,
  closeLabel = 'Close',
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? closeButton.current)?.focus();
    return () => {
      // Read at close time on purpose: the parent sets it just before closing.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      const target = returnFocus?.current ?? opener;
      if (target?.isConnected) target.focus();
    };
    // Focus moves once, when the modal opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const focusable = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => !el.closest('[hidden]') && el.getClientRects().length > 0,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !box.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !box.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // The backdrop is a mouse convenience; keyboard users close with Escape or the Close button.
    // Keys are handled here, around the dialog, as they bubble up from whatever has focus in it.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="modal-backdrop"
      onKeyDown={onKeyDown}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={box}
        className={wide ? 'modal modal-wide' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <div className="modal-body">{children}</div>
        <div className="modal-actions">
          {actions}
          <button ref={closeButton} type="button" className="button button-secondary" onClick={onClose}>
            {t(closeLabel)}
          </button>
        </div>
      </div>
    </div>
  );
}
