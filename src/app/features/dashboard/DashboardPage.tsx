import { useAtomValue } from 'jotai';
import { sessionUserAtom } from '../../state/auth';
import { usePageTitle } from '../../ui/usePageTitle';
import { suggestedPrompts } from './prompts';

/** The signed-in home. The question box and voice input come with the chat capability. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const user = useAtomValue(sessionUserAtom);
  return (
    <div className="dashboard">
      <h1>Let&apos;s start the conversation</h1>
      {user ? <p className="dashboard-welcome">Welcome, {user.name}.</p> : null}
      <h2 className="visually-hidden">Suggested questions</h2>
      <ul className="prompt-list">
        {suggestedPrompts.map((prompt) => (
          <li key={prompt}>{prompt}</li>
        ))}
      </ul>
    </div>
  );
}
