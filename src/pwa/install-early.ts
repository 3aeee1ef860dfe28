// Staff who open the login page are about to use the app: its service worker installs (and
// precaches the admin app) while they type, instead of during their first sync after signing in,
// where it took the CPU that sync needed. Visitors' public pages do not call this, so a
// phone opening a pre-registration link downloads nothing more. The admin app registers the same
// worker through vite-plugin-pwa (src/app/update-prompt.tsx), which finds this registration.
const SW_URL = '/sw.js';
const IDLE_TIMEOUT_MS = 2_000;

export function installEarly(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(SW_URL, { scope: '/' }).catch(() => undefined);
  // After the page has drawn and settled: the login form comes first.
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(register, IDLE_TIMEOUT_MS);
}
