import { useState } from 'react';

/**
 * Whether a form's call is under way, and `whileBusy`, which runs one: busy from its start to its
 * end, so the form can refuse a second submit and its button can say what is happening.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const whileBusy = async <T>(work: () => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      return await work();
    } finally {
      setBusy(false);
    }
  };
  return [busy, whileBusy] as const;
}
