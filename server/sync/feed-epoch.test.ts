// after a restore the feed's sequence numbers are reused. A device that pulled
// past the backup must not go on from its cursor (it would miss new sign-ins under reused numbers
// and keep events the server no longer has): its cursor names the feed's epoch, a restore gives
// the database a new one, and the device is answered from the start with `reset`. Cursors
// without an epoch (from before) still work.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PullResponse } from '../../sync/protocol';
import { buildApp } from '../app';
import { areas } from '../db/schema/places';
import { users } from '../db/schema/people';
import { mutationLog, syncChanges, syncCounters } from '../db/schema/sync';
import { visitEvents } from '../db/schema/visits';
import { entities } from '../db/schema/entities';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { readEpoch, renewEpochSql, splitEpoch } from './feed-epoch';

eachDatabase((get) => {
  const clock = testClock();
  let app: FastifyInstance;
  let restored: FastifyInstance | undefined;
  let admin: string;
  let acme: string;
  let people: string[];
  let area: string;

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    const db = get().database.db;
    acme = (await db.select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
    people = (await db.select({ id: users.id }).from(users).where(eq(users.entityId, acme))).map((u) => u.id);
    area = (await db.select({ id: areas.id }).from(areas).where(eq(areas.entityId, acme)))[0]!.id;
  });
  afterAll(async () => {
    await restored?.close();
    await app.close();
  });

  let tick = Date.UTC(2026, 0, 15, 8, 0, 0);
  const pushSignIns = async (on: FastifyInstance, n: number) => {
    const eventIds = Array.from({ length: n }, () => uuidv7());
    const res = await on.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(admin),
      payload: {
        deviceId: uuidv7(),
        mutations: eventIds.map((eventId, i) => ({
          seq: i + 1,
          mutationId: uuidv7(),
          name: 'visit.signIn',
          clientTime: ++tick,
          clockOffsetMs: 0,
          args: { eventId, personId: people[i % people.length], areaId: area, at: tick },
        })),
      },
    });
    expect(res.statusCode).toBe(200);
    return eventIds;
  };
  const pull = async (on: FastifyInstance, deviceId: string, cursor?: string) => {
    const qs = new URLSearchParams({ deviceId, limit: '1000', ...(cursor ? { cursor } : {}) });
    const res = await on.inject({ method: 'GET', url: `/api/sync/pull?${qs}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    return res.json() as PullResponse;
  };
  const eventsIn = (page: PullResponse) => page.changes.filter((c) => c.table === 'visitEvents').map((c) => c.id);

  it('resets a device whose cursor names the epoch of the database before a restore', async () => {
    const db = get().database.db;
    const device = uuidv7();
    const first = await pull(app, device);
    const epoch = await readEpoch(db);
    expect(splitEpoch(first.cursor).epoch).toBe(epoch);

    // The backup is taken here; then 5 sign-ins are acknowledged and the device pulls them.
    const backupLast = Number((await db.select().from(syncCounters).where(eq(syncCounters.entityId, acme)))[0]!.last);
    const lost = await pushSignIns(app, 5);
    const ahead = await pull(app, device, first.cursor);
    expect(eventsIn(ahead)).toEqual(expect.arrayContaining(lost));

    // The restore: the database as it was at the backup (what came after is gone) and a new epoch.
    await db.delete(visitEvents).where(and(eq(visitEvents.entityId, acme), sql`${visitEvents.id} in ${lost}`));
    await db.delete(syncChanges).where(and(eq(syncChanges.entityId, acme), gt(syncChanges.seq, backupLast)));
    await db.delete(mutationLog).where(eq(mutationLog.entityId, acme));
    await db.update(syncCounters).set({ last: backupLast }).where(eq(syncCounters.entityId, acme));
    await db.execute(sql.raw(renewEpochSql()));
    restored = await buildApp({ database: get().database, now: clock.now });
    await restored.ready();
    // More new sign-ins than were lost: they take the reused sequence numbers the device went
    // past and more, so its cursor looks valid (the feed's last is beyond it).
    const fresh = await pushSignIns(restored, 8);

    const after = await pull(restored, device, ahead.cursor);
    expect(after.reset).toBe(true);
    const events = eventsIn(after);
    expect(events).toEqual(expect.arrayContaining(fresh));
    expect(events.filter((id) => lost.includes(id))).toEqual([]);
    expect(splitEpoch(after.cursor).epoch).toBe(await readEpoch(db));
    expect(splitEpoch(after.cursor).epoch).not.toBe(epoch);

    // From then on, the device goes on as usual.
    const next = await pull(restored, device, after.cursor);
    expect(next.reset).toBeUndefined();
    expect(next.changes).toEqual([]);
  });

  it('still takes a cursor without an epoch (given before), and tags its answer', async () => {
    const device = uuidv7();
    const first = await pull(restored ?? app, device);
    const old = splitEpoch(first.cursor).cursor!;
    expect(old).not.toContain('!');
    const more = await pushSignIns(restored ?? app, 2);
    const next = await pull(restored ?? app, device, old);
    expect(next.reset).toBeUndefined();
    expect(eventsIn(next)).toEqual(more);
    expect(splitEpoch(next.cursor).epoch).toBe(await readEpoch(get().database.db));
  });
});
