// every PostgreSQL connection bounds its statements, lock waits and idle
// transactions, and a wait cut short answers 503 (busy, retry later), never 500.
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eachDatabase } from '../test/databases';
import { isTransientDbError } from './timeouts';

eachDatabase((get, kind) => {
  const show = async (name: string) =>
    ((await get().database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Array<Record<string, string>> })
      .rows[0]![name];

  it('sets the timeouts on every connection (PostgreSQL) and tells a cut-short wait from a failure', async () => {
    if (kind === 'postgres') {
      expect(await show('lock_timeout')).toBe('10s');
      expect(await show('statement_timeout')).toBe('1min');
      expect(await show('idle_in_transaction_session_timeout')).toBe('30s');
    }
    // A lock wait past the timeout, as the database reports it, is transient; a unique violation is not.
    const error = await get()
      .database.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '1ms'`);
        await tx.execute(sql`select pg_advisory_xact_lock(1)`);
        throw Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
      })
      .catch((e: unknown) => e);
    expect(isTransientDbError(error)).toBe(true);
    expect(isTransientDbError({ cause: { code: '23505' } })).toBe(false);
    expect(isTransientDbError(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });
});
