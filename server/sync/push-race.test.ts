// A push looks its mutations up in the log before it takes the company's feed lock, so
// two pushes of the same batch at once (a retry racing the original) can both find nothing
// logged. Each mutation must still be applied once, and the push that comes second must answer
// duplicate (or sequence_reused for a seq the device used twice), never an error.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PushResponse } from '../../sync/protocol';
import { areas } from '../db/schema/places';
import { users } from '../db/schema/people';
import { entities } from '../db/schema/entities';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';

eachDatabase((get, kind) => {
  let app: FastifyInstance;
  let admin: string;
  let acme: string;
  let people: string[];
  let area: string;

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    const db = get().database.db;
    acme = (await db.select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
    people = (await db.select({ id: users.id }).from(users).where(eq(users.entityId, acme))).map((u) => u.id);
    area = (await db.select({ id: areas.id }).from(areas).where(eq(areas.entityId, acme)))[0]!.id;
  });

  const count = async (query: ReturnType<typeof sql>) =>
    Number(((await get().database.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
  const eventsOf = (ids: string[]) =>
    count(sql`select count(*)::int as n from visit_events where id = any(${`{${ids.join(',')}}`}::uuid[])`);
  const loggedOf = (ids: string[]) =>
    count(sql`select count(*)::int as n from mutation_log where mutation_id = any(${`{${ids.join(',')}}`}::uuid[])`);

  const batch = (size: number, firstSeq = 1) =>
    Array.from({ length: size }, (_, i) => ({
      seq: firstSeq + i,
      mutationId: uuidv7(),
      name: i % 2 ? 'visit.signOut' : 'visit.signIn',
      clientTime: Date.now(),
      clockOffsetMs: 0,
      args: { eventId: uuidv7(), personId: people[i % people.length]!, areaId: area, at: Date.now() + i },
    }));
  const push = async (deviceId: string, mutations: ReturnType<typeof batch>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: { deviceId, mutations },
    });
    expect({ status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({ status: 200, body: '' });
    return res.json<PushResponse>();
  };

  /** Runs the pushes while the company's feed lock is held elsewhere (PostgreSQL), so each has read
   * the log before any of them may write: the race at its widest. PGlite runs them one by one. */
  async function atOnce<T>(pushes: Array<() => Promise<T>>): Promise<T[]> {
    if (kind !== 'postgres') return Promise.all(pushes.map((p) => p()));
    // A session of its own: the app's handle is not to be used inside a transaction of the test's.
    const holder = new pg.Client({ connectionString: get().url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select last from sync_counters where entity_id = $1 for update', [acme]);
      const running = Promise.all(pushes.map((p) => p()));
      // Until every push waits for the lock (it has read the log by then).
      for (;;) {
        const { rows } = await holder.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n >= pushes.length) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await holder.query('commit');
      return await running;
    } finally {
      await holder.end();
    }
  }

  describe('two pushes of the same batch at once', () => {
    it('apply each mutation once; the other push answers duplicate', async () => {
      const deviceId = uuidv7();
      const mutations = batch(6);
      const answers = await atOnce([() => push(deviceId, mutations), () => push(deviceId, mutations)]);
      for (const [i, m] of mutations.entries()) {
        const statuses = answers.map((a) => a.results[i]!.status).sort();
        expect({ mutationId: m.mutationId, statuses }).toEqual({
          mutationId: m.mutationId,
          statuses: ['applied', 'duplicate'],
        });
      }
      expect(answers.map((a) => a.lastSeq)).toEqual([6, 6]);
      expect(await eventsOf(mutations.map((m) => m.args.eventId))).toBe(6);
      expect(await loggedOf(mutations.map((m) => m.mutationId))).toBe(6);
    });

    it('a seq the device sent under two mutation ids at once is applied once; the other is sequence_reused', async () => {
      const deviceId = uuidv7();
      const first = batch(3);
      const second = batch(3);
      const answers = await atOnce([() => push(deviceId, first), () => push(deviceId, second)]);
      const statuses = answers.map((a) => a.results.map((r) => r.status));
      const winner = statuses.findIndex((s) => s.every((x) => x === 'applied'));
      expect(winner).toBeGreaterThanOrEqual(0);
      expect(answers[1 - winner]!.results.map((r) => r.code)).toEqual([
        'sequence_reused',
        'sequence_reused',
        'sequence_reused',
      ]);
      const applied = winner === 0 ? first : second;
      const refused = winner === 0 ? second : first;
      expect(await eventsOf(applied.map((m) => m.args.eventId))).toBe(3);
      expect(await eventsOf(refused.map((m) => m.args.eventId))).toBe(0);
    });

    it('pushes of different devices at once are all applied, with feed sequences in commit order', async () => {
      // Three: the most pushes of one company that hold a connection at once (push-limiter.ts);
      // a fourth would wait in the limiter's queue, never for the lock this test holds.
      const batches = Array.from({ length: 3 }, () => batch(5));
      const answers = await atOnce(batches.map((b) => () => push(uuidv7(), b)));
      expect(answers.flatMap((a) => a.results.map((r) => r.status)).every((s) => s === 'applied')).toBe(true);
      const ids = batches.flat().map((m) => m.args.eventId);
      expect(await eventsOf(ids)).toBe(15);
      // Every event has its own feed row, and the counter is the highest seq the feed holds.
      expect(
        await count(
          sql`select count(distinct seq)::int as n from sync_changes
              where entity_id = ${acme} and row_id = any(${`{${ids.join(',')}}`}::uuid[])`,
        ),
      ).toBe(15);
      expect(
        await count(sql`select (max(seq) = (select last from sync_counters where entity_id = ${acme}))::int as n
          from sync_changes where entity_id = ${acme}`),
      ).toBe(1);
    });
  });
});
