import { Link } from '@tanstack/react-router';
import { messages } from '../../../shared/messages';
import { usePageTitle } from '../../ui/usePageTitle';

export function NotFoundPage() {
  usePageTitle(messages.notFoundTitle);
  return (
    <div className="not-found">
      <h1>{messages.notFoundTitle}</h1>
      <p>{messages.notFoundBody}</p>
      <Link to="/" className="button">
        Go to the home page
      </Link>
    </div>
  );
}
