// pushes waiting for one company's feed lock may not take every pooled
// connection. The gate lets a few per company (and a few in all) through; the rest wait holding
// nothing, other companies pass them, and a push waiting too long is answered 503.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { pushLimiter, pushLimitsFor } from './push-limiter';

const never = () => new Promise<never>(() => undefined);

describe('the push gate', () => {
  it('lets another company through while one company is at its limit, and answers 503 after the wait', async () => {
    const gate = pushLimiter({ perEntity: 2, total: 4, waitMs: 200, queueMax: 3 });
    void gate.run('acme', never);
    void gate.run('acme', never);
    const third = gate.run('acme', async () => 'late');
    expect(gate.stats()).toEqual({ active: 2, waiting: 1 });
    expect(await gate.run('globex', async () => 'served')).toBe('served');
    await expect(third).rejects.toMatchObject({ statusCode: 503 });
    expect(gate.stats()).toEqual({ active: 2, waiting: 0 });
  });

  it('keeps connections for everything else once the total is reached, and hands turns on in order', async () => {
    const gate = pushLimiter({ perEntity: 2, total: 2, waitMs: 5_000, queueMax: 10 });
    let finish!: () => void;
    const first = gate.run('acme', () => new Promise<void>((r) => (finish = r)));
    void gate.run('globex', never);
    const waiting = gate.run('initech', async () => 'next');
    expect(gate.stats()).toEqual({ active: 2, waiting: 1 });
    await new Promise((r) => setTimeout(r, 0)); // the first push's work has started
    finish();
    await first;
    expect(await waiting).toBe('next');
  });

  it('answers 503 at once when too many of one company wait, and releases a turn when the work fails', async () => {
    const gate = pushLimiter({ perEntity: 1, total: 4, waitMs: 5_000, queueMax: 1 });
    await expect(gate.run('acme', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    void gate.run('acme', never);
    void gate.run('acme', never).catch(() => undefined);
    const refused = await gate.run('acme', async () => 'no').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).statusCode).toBe(503);
  });

  it('applies to PostgreSQL only (the embedded database is one connection of one process)', () => {
    expect(pushLimitsFor({ $client: { dumpDataDir: () => undefined } })).toBeNull();
    expect(pushLimitsFor({ $client: {} }, { DB_LOCK_TIMEOUT_MS: '3000' })).toMatchObject({ waitMs: 3_000 });
  });
});
