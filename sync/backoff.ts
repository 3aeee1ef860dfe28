// Retry delays for transient failures: exponential with "equal jitter", so a fleet of
// kiosks coming back together does not hammer the server in step.
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}
export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 60_000 };

export function backoffDelay(attempt: number, random: () => number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
