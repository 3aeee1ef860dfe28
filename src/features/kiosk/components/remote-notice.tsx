// A small notice on the kiosk when the dashboard asks for remote support: a PWA cannot share
// its screen unattended, so the kiosk says so instead of pretending (see use-kiosk-commands).
import { useTranslation } from 'react-i18next';
import type { RemoteNotice } from '../hooks/use-kiosk-commands';
import { KAlert } from './kit';

export function RemoteSupportNotice({ notice, onClose }: { notice: RemoteNotice; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="gh-kiosk-notice" data-testid="kiosk-remote-notice" data-notice={notice}>
      <KAlert
        tone={notice === 'support_ended' ? 'gray' : 'blue'}
        title={t(`kiosk.remote.${notice}.title`)}
        onClose={onClose}
        closeLabel={t('common.close')}
      >
        <p>{t(`kiosk.remote.${notice}.body`)}</p>
      </KAlert>
    </div>
  );
}
