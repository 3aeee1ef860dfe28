// Entry: language first (it sets <html lang dir> and loads the locale chunk), then one of three
// roots: the kiosk (a reception tablet at /kiosk-register loads only the kiosk), the light
// public pages (login, pre-registration: no admin shell on a visitor's phone), or the admin app.
// Each loads only the locale sections its screens use (scripts/locale-split.ts).
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, type LocalePart } from './i18n/init';
import { directionOf } from '../domain/i18n';
import { KIOSK_PATH } from '../domain/constants';
import { lightPublicPath } from '../domain/public-paths';
import { readStoredUser } from './api/session';
import { spawnEarly } from './sync/early-worker';

type Root = (dir: 'ltr' | 'rtl') => ReactNode;

function chooseRoot(pathname: string): [LocalePart, Promise<Root>] {
  if (pathname === KIOSK_PATH) return ['kiosk', import('./app/kiosk-root').then((m) => () => <m.KioskRoot />)];
  const light = lightPublicPath(pathname);
  if (light) {
    // The page's chunk starts beside the root's; the router's lazy() reuses it.
    void import('./app/public-pages').then((m) => m.LIGHT_PUBLIC_MODULES[light]());
    return ['public', import('./app/public-root').then((m) => (dir: 'ltr' | 'rtl') => <m.PublicRoot dir={dir} />)];
  }
  // A signed-in admin's sync worker starts beside the app's code, not after its first render.
  if (readStoredUser()) spawnEarly();
  return ['all', import('./app/app').then((m) => (dir: 'ltr' | 'rtl') => <m.App dir={dir} />)];
}

async function start() {
  const [part, rootModule] = chooseRoot(window.location.pathname);
  const [lang, root] = await Promise.all([initI18n(part), rootModule]);
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root');
  createRoot(element).render(<StrictMode>{root(directionOf(lang))}</StrictMode>);
}

void start();
