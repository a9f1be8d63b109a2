import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionUserAtom } from '../../state/auth';
import { initialQuestionAtom, waitingAtom } from '../../state/chat';
import { store } from '../../state/store';
import { usePageTitle } from '../../ui/usePageTitle';
import { InputBar } from '../chat/InputBar';
import { useProjectPrompts } from './prompts';

/** A phone-sized window: the question box comes before the prompts there (issue 14 item 8). */
const NARROW = '(max-width: 40rem)';
const DEVANAGARI = /\p{Script=Devanagari}/u;

function useNarrow(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(NARROW).matches,
    // Drawn at build time (src/app/static-pages) with no window: the wide order, with no prompts yet.
    () => false,
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
  const { t } = useTranslation();

  // SPEC §2: the question or recording is held for the chat page, which sends it once connected.
  const ask = (text: string, audio: Blob | null = null) => {
    store.set(initialQuestionAtom, { text, audio });
    void navigate({ to: '/chatpage' });
  };

  const narrow = useNarrow();
  const suggestedPrompts = useProjectPrompts();
  const prompts = (
    <>
      <h2 className="visually-hidden">{t('Suggested questions')}</h2>
      <ul className="prompt-list" aria-busy={suggestedPrompts === null || undefined}>
        {(suggestedPrompts ?? []).map((prompt) => (
          <li key={prompt}>
            {/* The project's own words, as its admins wrote them (sent as shown): marked with their language. */}
            <button
              type="button"
              className="prompt-button"
              lang={DEVANAGARI.test(prompt) ? 'hi' : 'en'}
              disabled={waiting}
              onClick={() => ask(prompt)}
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </>
  );

  return (
    <div className="dashboard">
      <h1>{t("Let's start the conversation")}</h1>
      {user ? <p className="dashboard-welcome">{t('Welcome, {{name}}.', { name: user.name })}</p> : null}
      {narrow ? null : prompts}
      <h2 className="visually-hidden">{t('Your question')}</h2>
      <InputBar waiting={waiting} onSend={(text) => ask(text)} onRecorded={(audio) => ask('', audio)} />
      {narrow ? prompts : null}
    </div>
  );
}
