import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useSyncExternalStore } from 'react';
import { sessionUserAtom } from '../../state/auth';
import { initialQuestionAtom, waitingAtom } from '../../state/chat';
import { store } from '../../state/store';
import { usePageTitle } from '../../ui/usePageTitle';
import { InputBar } from '../chat/InputBar';
import { useProjectPrompts } from './prompts';

/** A phone-sized window: the question box comes before the prompts there (issue 14 item 8). */
const NARROW = '(max-width: 40rem)';

function useNarrow(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(NARROW).matches,
  );
}

/**
 * The signed-in home: suggested prompts and the question box. A question goes on to /chatpage.
 * On a phone the box comes first, in the document as well as on screen, so reading and Tab order
 * follow what is seen; the box keeps its place in the tree, so it keeps what was typed.
 */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const user = useAtomValue(sessionUserAtom);
  const waiting = useAtomValue(waitingAtom);
  const navigate = useNavigate();

  // SPEC §2: the question or recording is held for the chat page, which sends it once connected.
  const ask = (text: string, audio: Blob | null = null) => {
    store.set(initialQuestionAtom, { text, audio });
    void navigate({ to: '/chatpage' });
  };

  const narrow = useNarrow();
  const suggestedPrompts = useProjectPrompts();
  const prompts = (
    <>
      <h2 className="visually-hidden">Suggested questions</h2>
      <ul className="prompt-list" aria-busy={suggestedPrompts === null || undefined}>
        {(suggestedPrompts ?? []).map((prompt) => (
          <li key={prompt}>
            <button type="button" className="prompt-button" disabled={waiting} onClick={() => ask(prompt)}>
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </>
  );

  return (
    <div className="dashboard">
      <h1>Let&apos;s start the conversation</h1>
      {user ? <p className="dashboard-welcome">Welcome, {user.name}.</p> : null}
      {narrow ? null : prompts}
      <h2 className="visually-hidden">Your question</h2>
      <InputBar waiting={waiting} onSend={(text) => ask(text)} onRecorded={(audio) => ask('', audio)} />
      {narrow ? prompts : null}
    </div>
  );
}
