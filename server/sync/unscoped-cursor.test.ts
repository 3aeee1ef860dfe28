// A device whose cursor dates from before scopes (issue 21) holds every row it was ever sent. Its
// next pull drops what its scope leaves out — the presence rows older than the window with one
// delete per person (server/sync/aged-out.ts) — and presence stays exact after every page, a row
// its outbox names waits, and it ends holding exactly what a new device gets.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { agedOutPerPerson } from '../../domain/sync-scope-change';
import { companyDayStart, scopeWindows } from '../../domain/sync-scope';
import { onSite, type PresenceEvent } from '../../domain/presence';
import { MemoryDevice } from '../../sync/memory-store';
import { encodeCursor, type PullResponse } from '../../sync/protocol';
import { areas, entities, sites, users } from '../db/schema/index';
import { syncChanges, visitEvents } from '../db/schema/sync';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { eventChange } from '../visits/visits.projections';
import { decodePerson, encodePerson } from './aged-out';
import { lastChangeSeq, recordChanges } from './changes';

const DAY = 86_400_000;

eachDatabase((get) => {
  const clock = testClock();
  let app: FastifyInstance;
  let acme: string;
  let area: string;
  let people: string[];
  let admin: string;
  const db = () => get().database.db;

  /** Events at `daysAgo`; ids are UUIDv7, so events at the same instant order as listed. */
  const events = async (list: Array<{ person: number; kind: 'in' | 'out'; daysAgo: number }>) => {
    const rows = list.map((e) => ({
      entityId: acme,
      id: uuidv7(),
      personId: people[e.person]!,
      kind: e.kind,
      areaId: area,
      at: Math.round(clock.now() - e.daysAgo * DAY),
      receivedAt: new Date(clock.now()),
    }));
    await db().insert(visitEvents).values(rows);
    await recordChanges(
      db(),
      acme,
      rows.map((r) => eventChange({ ...r, journeyFlowId: null, userTypeId: null, deviceId: null, details: null })),
    );
    return rows.map((r) => r.id);
  };
  const held = (d: MemoryDevice) => [...d.table('visitEvents').values()] as unknown as PresenceEvent[];
  const truth = async () =>
    (await db().select().from(visitEvents).where(eq(visitEvents.entityId, acme))) as unknown as PresenceEvent[];
  const pull = async (device: MemoryDevice, cursor: string | undefined, limit: number, each = async () => {}) => {
    const pages: PullResponse[] = [];
    for (;;) {
      const qs = new URLSearchParams({ deviceId: device.id, limit: String(limit), ...(cursor ? { cursor } : {}) });
      const res = await app.inject({ method: 'GET', url: `/api/sync/pull?${qs}`, headers: bearer(admin) });
      expect(res.statusCode).toBe(200);
      const page = res.json() as PullResponse;
      expect(page.reset).toBeUndefined();
      await device.applyPull(page);
      await each();
      pages.push(page);
      cursor = page.cursor;
      if (!page.hasMore) return { cursor, changes: pages.flatMap((p) => p.changes) };
    }
  };
  /** A device from before scopes: every row of the feed, and a cursor with no scope in it. */
  const unscopedDevice = async () => {
    const device = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => clock.now());
    const rows = await db().select().from(syncChanges).where(eq(syncChanges.entityId, acme));
    await device.applyPull({
      changes: rows
        .filter((r) => r.op === 'put')
        .map((r) => ({ table: r.tbl, id: r.rowId, op: 'put', version: r.version, data: r.data })),
      cursor: encodeCursor(await lastChangeSeq(db(), acme)),
      hasMore: false,
      lastSeq: 0,
      rejections: [],
      serverTime: clock.now(),
    });
    return device;
  };

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    const [a] = await db().select().from(entities).where(eq(entities.subdomain, 'acme'));
    acme = a!.id;
    await db().update(sites).set({ timeZone: 'Europe/London' }).where(eq(sites.entityId, acme));
    area = (await db().select({ id: areas.id }).from(areas).where(eq(areas.entityId, acme)))[0]!.id;
    people = (await db().select({ id: users.id }).from(users).where(eq(users.entityId, acme))).map((u) => u.id);
    admin = await tokenFor(app, 'admin@acme.test');
    await events([
      // A completed visit a month ago, then a sign-in three weeks ago never ended: on site.
      { person: 0, kind: 'in', daysAgo: 30 },
      { person: 0, kind: 'out', daysAgo: 29.9 },
      { person: 0, kind: 'in', daysAgo: 20 },
      // Old visits, then one inside the window.
      { person: 1, kind: 'in', daysAgo: 40 },
      { person: 1, kind: 'out', daysAgo: 39 },
      { person: 1, kind: 'in', daysAgo: 2 },
      // A completed visit long ago: all of it leaves.
      { person: 2, kind: 'in', daysAgo: 25 },
      { person: 2, kind: 'out', daysAgo: 24 },
      // Two sign-ins in a row: the later one stays.
      { person: 3, kind: 'in', daysAgo: 50 },
      { person: 3, kind: 'in', daysAgo: 45 },
      // Same instant, ordered by id: signed out, then back in (on site); and in, then out (gone).
      { person: 4, kind: 'out', daysAgo: 33 },
      { person: 4, kind: 'in', daysAgo: 33 },
      { person: 5, kind: 'in', daysAgo: 33 },
      { person: 5, kind: 'out', daysAgo: 33 },
      // Inside the window only.
      { person: 6, kind: 'in', daysAgo: 1 },
      { person: 6, kind: 'out', daysAgo: 0.5 },
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('drops aged rows one delete a person, with presence exact after every page, and ends as a new device', async () => {
    const fresh = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => clock.now());
    await pull(fresh, undefined, 1000);
    const all = await truth();
    const onSiteNow = [...onSite(all).keys()].sort();
    for (const limit of [1, 2, 1000]) {
      const device = await unscopedDevice();
      const here = async () => expect([...onSite(held(device)).keys()].sort()).toEqual(onSiteNow);
      await here();
      const { cursor, changes } = await pull(device, await device.cursor(), limit, here);
      const deleted = changes.filter((c) => c.table === 'visitEvents' && c.op === 'del');
      // One delete per person, each their newest row that left (what the domain's rule picks).
      const rule = agedOutPerPerson(
        all,
        scopeWindows('admin', companyDayStart(clock.now(), ['Europe/London'])).historyFrom,
      );
      expect(rule.length).toBeGreaterThanOrEqual(6);
      expect(deleted.map((c) => c.id).sort()).toEqual(rule.map((e) => e.id).sort());
      expect(new Set(deleted.map((c) => c.data?.personId)).size).toBe(deleted.length);
      expect(changes.filter((c) => c.op === 'put')).toEqual([]);
      expect([...device.table('visitEvents').keys()].sort()).toEqual([...fresh.table('visitEvents').keys()].sort());
      // Converged: nothing more to send.
      expect((await pull(device, cursor, limit)).changes).toEqual([]);
    }
  });

  it('keeps the person a page ended at in its cursor, exactly and short enough', () => {
    for (const id of [uuidv7(), '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff']) {
      expect(encodePerson(id).length).toBeLessThanOrEqual(25);
      expect(decodePerson(encodePerson(id))).toBe(id);
    }
    expect(decodePerson('zzzzzzzzzzzzzzzzzzzzzzzzz')).toBeNull(); // past 128 bits: never a person
  });

  it('keeps a person’s aged rows while the outbox names one of them, and drops them once it is sent', async () => {
    const [oldIn] = await events([
      { person: 7, kind: 'in', daysAgo: 28 },
      { person: 7, kind: 'out', daysAgo: 27 },
    ]);
    const device = await unscopedDevice();
    device.outbox = [
      {
        seq: 1,
        mutationId: uuidv7(),
        name: 'test.note',
        args: { eventId: oldIn },
        clientTime: clock.now(),
        clockOffsetMs: 0,
        userId: device.userId,
      },
    ];
    const onSiteNow = [...onSite(await truth()).keys()].sort();
    const here = async () => expect([...onSite(held(device)).keys()].sort()).toEqual(onSiteNow);
    const { cursor } = await pull(device, await device.cursor(), 2, here);
    expect(device.table('visitEvents').has(oldIn!)).toBe(true);
    expect(device.outbox).toHaveLength(1);
    // The server applied it: the waiting delete takes the person's aged rows with the next pull.
    device.outbox = [];
    await pull(device, cursor, 2, here);
    expect(device.table('visitEvents').has(oldIn!)).toBe(false);
  });
});
