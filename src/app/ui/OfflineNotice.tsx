import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { onlineAtom } from '../state/connectivity';

export const OFFLINE_MESSAGE =
  'You are offline. DISH will reconnect by itself when the server can be reached.';

/** Shown instead of a broken page when the app opened from its offline shell. */
export function OfflineNotice() {
  const online = useAtomValue(onlineAtom);
  const { t } = useTranslation();
  return (
    <div role="status" className="offline-region">
      {online ? null : <p className="offline-notice">{t(OFFLINE_MESSAGE)}</p>}
    </div>
  );
}
