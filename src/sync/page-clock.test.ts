// A page's monotonic clock is anchored on the server's time even when the page starts after the
// sync worker's last answer (the worker is spawned before the app loads): without it, a kiosk
// whose wall clock then jumps records its taps at their receipt, flagged.
import { afterEach, expect, it, vi } from 'vitest';
import { listenForServerTime, pageClock, serverTimeTeller } from './page-clock';

const closing: Array<() => void> = [];
afterEach(() => {
  while (closing.length) closing.pop()!();
});

it('a page that starts listening after the worker heard the server is anchored at once', async () => {
  let workerMono = 0;
  const teller = serverTimeTeller(() => workerMono);
  closing.push(teller.close);
  teller.heard(1_000_000);
  workerMono = 40_000; // the page loads 40 s after the worker's pull
  expect(pageClock()).toBeNull();
  closing.push(listenForServerTime());
  // The worker's time moved on by its own monotonic clock, not restarted at its answer.
  await vi.waitFor(() => expect(pageClock()?.anchorServerTime).toBe(1_040_000));
});

it('a worker that has heard nothing yet answers nothing, and tells every page when it does', async () => {
  const teller = serverTimeTeller(() => 0);
  closing.push(teller.close);
  const heard: unknown[] = [];
  const other = new BroadcastChannel('gatehouse-clock');
  closing.push(() => other.close());
  other.onmessage = (e: MessageEvent) => heard.push(e.data);
  other.postMessage({ ask: true });
  await new Promise((r) => setTimeout(r, 50));
  expect(heard).toEqual([]);
  teller.heard(5_000);
  await vi.waitFor(() => expect(heard).toEqual([{ serverTime: 5_000 }]));
});
