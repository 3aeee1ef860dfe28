// Test hook for the frozen-instance fault test:
// with FAULT_HOLD_FEED_LOCK_MS set, a push keeps its company's feed lock that long after taking
// it, so the test can freeze the instance (SIGSTOP) while it surely holds the lock. Never
// honoured in production.
const holdMs = process.env.NODE_ENV === 'production' ? 0 : Number(process.env.FAULT_HOLD_FEED_LOCK_MS) || 0;

/** Passes `value` on, after the hold when the hook is on. */
export async function faultHold<T>(value: T): Promise<T> {
  if (holdMs > 0) await new Promise((r) => setTimeout(r, holdMs));
  return value;
}
