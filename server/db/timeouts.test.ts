// every PostgreSQL connection bounds its statements, lock waits and idle
// transactions, and a wait cut short answers 503 (busy, retry later), never 500.
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
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

  it('survives a connection cut in the middle of a transaction: the transaction fails, the process goes on', async () => {
    // Without a listener of its own, a connection in use that the server drops (a restart, a
    // failover, an administrator) threw from its socket and took the whole server down.
    const uncaught: unknown[] = [];
    const note = (e: unknown) => void uncaught.push(e);
    process.on('uncaughtException', note);
    try {
      const db = get().database.db;
      const outcome = await db
        .transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: Array<{ pid: number }>;
          };
          if (kind === 'postgres') {
            // An administrator's connection ends this one while the transaction holds it idle.
            const admin = new pg.Client({ connectionString: get().url });
            await admin.connect();
            await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
            await admin.end();
            await new Promise((r) => setTimeout(r, 300));
          }
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      expect(outcome).toBe(kind === 'postgres' ? 'failed' : 'committed');
      expect(uncaught).toEqual([]);
      // The next statement gets a working connection.
      const after = (await db.execute(sql`select 2 as two`)) as unknown as { rows: Array<{ two: number }> };
      expect(after.rows[0]!.two).toBe(2);
    } finally {
      process.off('uncaughtException', note);
    }
  });
});
