// Below-the-fold panels that read a lot from IndexedDB start after the page's first content is
// drawn, so they do not compete with it for the database (the dashboard's logbook comes first).
import { useEffect, useState } from 'react';

const FALLBACK_MS = 400;

/** False on the first renders; true once the browser is idle after them (or after 400 ms). */
export function useDeferredStart(): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const start = () => setStarted(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: FALLBACK_MS });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(start, FALLBACK_MS);
    return () => clearTimeout(timer);
  }, []);
  return started;
}
