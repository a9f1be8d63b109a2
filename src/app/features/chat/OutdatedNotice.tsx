import { useTranslation } from 'react-i18next';
import { RELOAD_MESSAGE } from '../../../shared/chat/protocol';

/**
 * Shown when the server refused this page's protocol version (DISH was updated while the tab was
 * open): nothing can be asked until the page reloads. The sentence is an alert, said at once; the
 * button is an ordinary one in the tab order, not focused by force.
 */
export function OutdatedNotice({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="chat-outdated">
      <p role="alert">{t(RELOAD_MESSAGE)}</p>
      <button type="button" className="button" onClick={reload}>
        {t('Reload')}
      </button>
    </div>
  );
}
