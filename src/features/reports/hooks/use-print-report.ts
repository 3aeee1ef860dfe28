// Print of a whole report: loads every row of the current filters from the report's print
// route, lets the print view render them, then opens the browser's print dialog. The view is
// dropped after printing or when the filters change, so a later Ctrl+P prints the screen page.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/client';

export interface PrintState<T> {
  /** The answer, with the path it answers (a view shows it only while the path is current). */
  data: T | null;
  path: string | null;
  loading: boolean;
  offline: boolean;
  failed: boolean;
}

const IDLE = { data: null, path: null, loading: false, offline: false, failed: false };

export function usePrintReport<T>(path: string | null) {
  const [state, setState] = useState<PrintState<T>>(IDLE);
  const [asked, setAsked] = useState(0);

  const print = useCallback(async () => {
    if (!path) return;
    if (!navigator.onLine) return setState({ ...IDLE, offline: true, failed: true });
    setState({ ...IDLE, loading: true });
    const res = await api.get<T>(path);
    if (!res.ok) return setState({ ...IDLE, offline: Boolean(res.offline), failed: true });
    setState({ ...IDLE, data: res.data, path });
    setAsked((n) => n + 1);
  }, [path]);

  // The dialog opens once the view is in the page (the frame after React committed it).
  useEffect(() => {
    if (!asked) return;
    const frame = requestAnimationFrame(() => window.print());
    return () => cancelAnimationFrame(frame);
  }, [asked]);

  useEffect(() => {
    const done = () => setState(IDLE);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);

  const shown = state.data && state.path === path ? state.data : null;
  return { ...state, shown, print };
}
