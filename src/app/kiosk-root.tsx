// The kiosk's own entry: a registered reception tablet loads only this, not the admin shell
// (router, side menu, notifications, realtime socket, component library). It keeps the route's
// first JavaScript + CSS small (budget: 170 KB gzip); the registration screen (with
// Mantine), the camera scanner and the badge's QR encoder are lazy chunks.
import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { useRegisterSW } from 'virtual:pwa-register/react';
import './kiosk-base.css';
import { DbProvider } from '../db/db-context';
import { appUpdateAtom } from '../pwa/update-state';
import { KioskPage } from '../features/kiosk/components/kiosk-page';

// The kiosk installs as its own app: the build's manifest (start_url /) would open the admin
// login, so this page links public/kiosk.webmanifest (start_url /kiosk-register) instead.
const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]') ?? document.createElement('link');
manifest.rel = 'manifest';
manifest.href = '/kiosk.webmanifest';
if (!manifest.isConnected) document.head.append(manifest);

/** Registers the service worker and hands a waiting version to the kiosk, which applies it when idle. */
function KioskServiceWorker() {
  const publish = useSetAtom(appUpdateAtom);
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      console.warn('gatehouse: service worker registration failed', error);
    },
  });
  useEffect(() => {
    publish({ ready: needRefresh, apply: () => updateServiceWorker(true) });
  }, [needRefresh, updateServiceWorker, publish]);
  return null;
}

/** `dir` is already on <html> (main.tsx); kiosk.css uses logical properties only. */
export function KioskRoot() {
  return (
    <>
      <KioskServiceWorker />
      <DbProvider>
        <KioskPage />
      </DbProvider>
    </>
  );
}
