import type { ReactNode } from 'react';

/**
 * The form's submit button. Pressing it with a mouse does not take focus first: otherwise the
 * field's blur check could show an error that moves the button before the click lands.
 */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="button button-wide"
      disabled={busy}
      onMouseDown={(e) => e.preventDefault()}
    >
      {children}
    </button>
  );
}
