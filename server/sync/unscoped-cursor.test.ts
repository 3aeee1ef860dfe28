// A device whose cursor dates from before scopes holds every row it was ever sent. Its
// next pull drops what its scope leaves out — the presence rows older than the window with one
// delete per person (server/sync/aged-out.ts) — and presence stays exact after every page, a row
// its outbox names waits, and it ends holding exactly what a new device gets.
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { agedOutPerPerson } from '../../domain/sync-scope-change';
import { companyDayStart, scopeWindows } from '../../domain/sync-scope';
import { onSite, type PresenceEvent } from '../../domain/presence';
import { encodeCursor } from '../../sync/protocol';
import { syncChanges } from '../db/schema/sync';
import { visitEvents } from '../db/schema/visits';
import { eachDatabase } from '../test/databases';
import { testClock } from '../test/harness';
import { presenceFixture } from '../test/presence-fixture';
import { decodePerson, encodePerson } from './aged-out';
import { lastChangeSeq } from './changes';

eachDatabase((get) => {
  const clock = testClock();
  const f = presenceFixture(get, clock);
  const { db, events, held } = f;
  const truth = async () =>
    (await db().select().from(visitEvents).where(eq(visitEvents.entityId, f.acme))) as unknown as PresenceEvent[];
  const pull = (...a: [Parameters<typeof f.pull>[0], string | undefined, number, (() => Promise<void>)?]) =>
    f.pull(a[0], a[1], a[2], a[3], { noReset: true });
  /** A device from before scopes: every row of the feed, and a cursor with no scope in it. */
  const unscopedDevice = async () => {
    const device = f.device();
    const rows = await db().select().from(syncChanges).where(eq(syncChanges.entityId, f.acme));
    await device.applyPull({
      changes: rows
        .filter((r) => r.op === 'put')
        .map((r) => ({ table: r.tbl, id: r.rowId, op: 'put', version: r.version, data: r.data })),
      cursor: encodeCursor(await lastChangeSeq(db(), f.acme)),
      hasMore: false,
      lastSeq: 0,
      rejections: [],
      serverTime: clock.now(),
    });
    return device;
  };

  beforeAll(async () => {
    await f.open();
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
  afterAll(() => f.app.close());

  it('drops aged rows one delete a person, with presence exact after every page, and ends as a new device', async () => {
    const fresh = f.device();
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
