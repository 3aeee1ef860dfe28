// /kiosk-register: registration until this device is a kiosk, then the kiosk itself. The
// registration (an admin form) is a lazy chunk a registered kiosk never loads.
import { lazy, Suspense } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useDb } from '../../../db/db-context';
import { loadKiosk } from '../journey/kiosk-store';
import { KioskApp } from './kiosk-app';
import { KLoading } from './kit';

const RegisterShell = lazy(() => import('./register-shell').then((m) => ({ default: m.RegisterShell })));

export function KioskPage() {
  const { t } = useTranslation();
  const db = useDb();
  const kiosk = useLiveQuery(() => loadKiosk(db), [db]);
  if (kiosk === undefined)
    return (
      <div className="gh-kiosk">
        <KLoading label={t('common.loading')} />
      </div>
    );
  return kiosk ? (
    <KioskApp kiosk={kiosk} />
  ) : (
    <Suspense
      fallback={
        <div className="gh-kiosk">
          <KLoading label={t('common.loading')} />
        </div>
      }
    >
      <RegisterShell />
    </Suspense>
  );
}
