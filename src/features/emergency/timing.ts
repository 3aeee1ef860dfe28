// User Timing marks for the emergency screens (visible in DevTools' performance panel; the
// benchmark reads them): how long the list took to be ready, how long a mark took to commit.
export function markReady(name: string, startedAt: number): void {
  if (typeof performance === 'undefined' || !performance.measure) return;
  performance.measure(name, { start: startedAt, end: performance.now() });
}

/** Runs work and records its duration under name. */
export async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    markReady(name, start);
  }
}
