// What makes a tablet behave as a kiosk while the kiosk runs: the screen stays awake (Screen
// Wake Lock, taken again when the page becomes visible, since the browser drops it on hide),
// fullscreen on a touch (browsers allow it only from a gesture), and no pull-to-refresh or
// long-press menu (kiosk.css `.gh-kiosk-screen`). The state of the lock is on <html
// data-wake-lock> so a support person (and the e2e test) can see it.
import { useEffect } from 'react';

type LockState = 'held' | 'released' | 'refused' | 'unsupported';

function mark(state: LockState) {
  document.documentElement.dataset.wakeLock = state;
}

function requestFullscreen() {
  if (document.fullscreenElement || matchMedia('(display-mode: fullscreen)').matches) return;
  void document.documentElement.requestFullscreen?.({ navigationUI: 'hide' }).catch(() => undefined);
}

export function useKioskDevice(): void {
  useEffect(() => {
    const root = document.documentElement;
    let lock: WakeLockSentinel | null = null;
    let stopped = false;
    const acquire = async () => {
      if (stopped || document.visibilityState !== 'visible') return;
      if (!('wakeLock' in navigator)) return mark('unsupported');
      if (lock && !lock.released) return;
      try {
        lock = await navigator.wakeLock.request('screen');
        if (stopped) return void lock.release();
        mark('held');
        lock.addEventListener('release', () => mark('released'));
      } catch {
        // Battery saver or a policy can refuse; the kiosk still works, the screen may sleep.
        mark('refused');
      }
    };
    const onVisibility = () => void acquire();
    const noMenu = (event: Event) => event.preventDefault();
    root.classList.add('gh-kiosk-screen');
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    document.addEventListener('contextmenu', noMenu);
    document.addEventListener('pointerdown', requestFullscreen);
    return () => {
      stopped = true;
      root.classList.remove('gh-kiosk-screen');
      document.removeEventListener('visibilitychange', onVisibility);
      document.removeEventListener('contextmenu', noMenu);
      document.removeEventListener('pointerdown', requestFullscreen);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}
