// /kiosk-register: registration until this device is a kiosk, then the kiosk itself. The
// registration (an admin screen) is a lazy chunk a registered kiosk never loads.
import { lazy, Suspense } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../../../db/db-context';
import { PageLoader } from '../../../ui/page-loader';
import { loadKiosk } from '../journey/kiosk-store';
import { KioskApp } from './kiosk-app';

const RegisterKiosk = lazy(() => import('./register-kiosk').then((m) => ({ default: m.RegisterKiosk })));

export function KioskPage() {
  const db = useDb();
  const kiosk = useLiveQuery(() => loadKiosk(db), [db]);
  if (kiosk === undefined) return <PageLoader />;
  return kiosk ? <KioskApp kiosk={kiosk} /> : <Suspense fallback={<PageLoader />}><RegisterKiosk /></Suspense>;
}
