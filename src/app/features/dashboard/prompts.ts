import { useEffect, useState } from 'react';
import { DEFAULT_PROMPTS } from '../../../shared/admin/prompts';
import { chatRoutes as routes } from '../../../shared/api/chat';
import { QUERYING_APP } from '../../../shared/constants';
import { call } from '../../api/client';

/** SPEC §2: the six suggested prompts of the dashboard, until the project's admins choose others. */
export const suggestedPrompts = DEFAULT_PROMPTS;

const STORE_KEY = 'dish.suggestedPrompts';

function remembered(): readonly string[] | null {
  try {
    const parsed = routes.getPrompts.response.shape.prompts.safeParse(
      JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null'),
    );
    return parsed.success && parsed.data.length ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The project's suggested prompts (issue 14 item 4), null while they are first asked for. The last
 * ones seen are kept, so the dashboard shows them at once, and offline; SPEC's six when none are known.
 */
export function useProjectPrompts(): readonly string[] | null {
  const [prompts, setPrompts] = useState<readonly string[] | null>(remembered);
  useEffect(() => {
    const stop = new AbortController();
    call(routes.getPrompts, { query: { project: QUERYING_APP }, signal: stop.signal })
      .then(({ prompts: fresh }) => {
        setPrompts(fresh);
        try {
          localStorage.setItem(STORE_KEY, JSON.stringify(fresh));
        } catch {
          // storage full or refused: the prompts are still shown
        }
      })
      .catch(() => {
        if (!stop.signal.aborted) setPrompts((known) => known ?? suggestedPrompts);
      });
    return () => stop.abort();
  }, []);
  return prompts;
}
