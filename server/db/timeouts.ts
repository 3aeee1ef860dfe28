// Timeouts of every PostgreSQL connection. Without them a push waiting for a
// feed lock held by a frozen instance waited forever, and so did the frozen instance's open
// transaction. Operators may change them through the environment (milliseconds).
export interface DbTimeouts {
  /** Longest statement (a report, an export, an import's chunk). */
  statementMs: number;
  /** Longest wait for a row or advisory lock (a feed lock held by a frozen instance). */
  lockMs: number;
  /** An open transaction whose client went quiet this long is ended, freeing its locks. */
  idleInTransactionMs: number;
  /** Longest wait for a pooled connection. */
  connectMs: number;
}

const ms = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : fallback;
};

export function dbTimeouts(env: Record<string, string | undefined> = process.env): DbTimeouts {
  return {
    statementMs: ms(env.DB_STATEMENT_TIMEOUT_MS, 60_000),
    lockMs: ms(env.DB_LOCK_TIMEOUT_MS, 10_000),
    idleInTransactionMs: ms(env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, 30_000),
    connectMs: ms(env.DB_CONNECT_TIMEOUT_MS, 10_000),
  };
}

/** SQLSTATEs (and the pool's own error) of a wait cut short: the request may succeed if retried. */
const TRANSIENT = new Set(['55P03', '57014', '25P03', '57P01', '57P05']);

export function isTransientDbError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /timeout exceeded when trying to connect/i.test(message)) return true;
  }
  return false;
}
