// This page's monotonic clock. A kiosk's wall clock may jump while it is
// offline; performance.now() does not. The sync worker tells every page the server's time at each
// answer and the page anchors it to its own performance.now(): a mutation carries the anchor's
// server time and the monotonic time since. performance.now() starts again with each page, so
// the anchor lives in memory only: after a reload without a connection there is none, and the
// mutation says so (the server then stores it at its receipt, flagged, unless it is recent).
import type { ClockReading } from '../../sync/client';

export const CLOCK_CHANNEL = 'gatehouse-clock';

let anchor: { serverTime: number; mono: number } | null = null;

export function anchorServerTime(serverTime: number, mono = performance.now()): void {
  anchor = { serverTime, mono };
}

export function pageClock(): ClockReading | null {
  if (!anchor) return null;
  return {
    anchorServerTime: anchor.serverTime,
    sinceAnchorMs: Math.max(0, Math.round(performance.now() - anchor.mono)),
  };
}

/** Listens for the worker's server times (every tab hears the one sending worker). A page that
 * starts after the worker's last answer (the worker is spawned before the app loads) asks for
 * the time now instead of waiting for the next answer, up to a pull interval away. */
export function listenForServerTime(): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CLOCK_CHANNEL);
  channel.onmessage = (event: MessageEvent<{ serverTime?: unknown }>) => {
    const t = event.data?.serverTime;
    if (typeof t === 'number' && Number.isFinite(t)) anchorServerTime(t);
  };
  channel.postMessage({ ask: true });
  return () => channel.close();
}

/** The sending worker's side: says the server time it heard last, moved on by its own monotonic
 * clock, to each page that asks (and to every page each time it hears a new one). */
export function serverTimeTeller(mono: () => number = () => performance.now()) {
  let last: { serverTime: number; mono: number } | null = null;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CLOCK_CHANNEL);
  const tell = () => {
    if (last) channel?.postMessage({ serverTime: Math.round(last.serverTime + (mono() - last.mono)) });
  };
  if (channel) channel.onmessage = (event: MessageEvent<{ ask?: unknown }>) => event.data?.ask === true && tell();
  return {
    heard(serverTime: number) {
      last = { serverTime, mono: mono() };
      tell();
    },
    close: () => channel?.close(),
  };
}
