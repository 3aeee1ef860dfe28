// Entry: language first (it sets <html lang dir> and loads the locale chunk), then either the
// kiosk (a reception tablet at /kiosk-register loads only the kiosk) or the admin app.
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n/init';
import { directionOf } from '../domain/i18n';
import { KIOSK_PATH } from '../domain/constants';

async function start() {
  const [lang, root] = await Promise.all([
    initI18n(),
    window.location.pathname === KIOSK_PATH
      ? import('./app/kiosk-root').then((m) => (): ReactNode => <m.KioskRoot />)
      : import('./app/app').then((m) => (dir: 'ltr' | 'rtl'): ReactNode => <m.App dir={dir} />),
  ]);
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root');
  createRoot(element).render(<StrictMode>{root(directionOf(lang))}</StrictMode>);
}

void start();
