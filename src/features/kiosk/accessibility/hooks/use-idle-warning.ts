// Drives the idle state machine (logic/idle-timer.ts) from the page: a one-second tick measured
// on the monotonic clock, touches and keys as activity, keystrokes in a field as typing. Calls
// onExpired once when the countdown runs out.
import { useCallback, useEffect, useRef, useState } from 'react';
import { activity, moreTime, startIdle, tick, typing, type IdleState, type KioskTimings } from '../logic/idle-timer';
import { isTextEntry } from './read-page';

const TICK_MS = 1_000;

export function useIdleWarning(
  active: boolean,
  timings: KioskTimings,
  onExpired: () => void,
): { state: IdleState; extend: () => void } {
  const [state, setState] = useState(() => startIdle(timings));
  const expired = useRef(onExpired);
  expired.current = onExpired;
  // Each journey starts the countdown afresh (with the timings read as it starts); "more time"
  // lasts the rest of the journey.
  useEffect(() => setState(startIdle(timings)), [active, timings]);

  useEffect(() => {
    if (!active) return;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      const elapsed = now - last;
      last = now;
      setState((s) => tick(s, elapsed));
    }, TICK_MS);
    const touched = () => setState(activity);
    const keyed = (e: KeyboardEvent) => setState(isTextEntry(e.target) ? typing : activity);
    window.addEventListener('pointerdown', touched, { passive: true });
    window.addEventListener('keydown', keyed, { passive: true });
    window.addEventListener('input', touched, { passive: true });
    return () => {
      clearInterval(timer);
      window.removeEventListener('pointerdown', touched);
      window.removeEventListener('keydown', keyed);
      window.removeEventListener('input', touched);
    };
  }, [active]);

  useEffect(() => {
    if (active && state.phase === 'expired') expired.current();
  }, [active, state.phase]);

  const extend = useCallback(() => setState(moreTime), []);
  return { state, extend };
}
