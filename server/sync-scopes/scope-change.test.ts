// Scope changes: a device whose scope changed receives the difference on its next
// pull — the rows newly in scope, and deletes for the rows it may no longer hold — without a
// reset: a kiosk moved to another area, an admin whose site access changed, the company's
// history window changed, and a new day (yesterday's rows age out, presence stays exact).
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onSite, type PresenceEvent } from '../../domain/presence';
import { MemoryDevice } from '../../sync/memory-store';
import type { PullResponse } from '../../sync/protocol';
import { areas, entities, journeyFlows, journeys, kiosks, sites, users, userSiteAccess } from '../db/schema/index';
import { syncScopeSettings } from '../db/schema/sync-scopes';
import { visitEvents } from '../db/schema/visits';
import { flowChange, journeyChange } from '../journeys/journeys.projections';
import { recordChanges } from '../sync/changes';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { eventChange } from '../visits/visits.projections';

const DAY = 86_400_000;
type Changes = PullResponse['changes'];

eachDatabase((get) => {
  const clock = testClock();
  let app: FastifyInstance;
  let acme: string;
  let reception: string; // Head Office
  let loadingBay: string; // Warehouse
  let headOffice: string;
  let person: string;
  let folks: string[]; // people with no events of their own yet
  let admin: string;
  let adminId: string;
  const db = () => get().database.db;

  const pull = async (token: string, deviceId: string, cursor?: string, limit = 1000) => {
    const changes: Changes = [];
    let reset = false;
    for (;;) {
      const qs = new URLSearchParams({ deviceId, limit: String(limit), ...(cursor ? { cursor } : {}) });
      const res = await app.inject({ method: 'GET', url: `/api/sync/pull?${qs}`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const page = res.json() as PullResponse;
      changes.push(...page.changes);
      reset ||= !!page.reset;
      cursor = page.cursor;
      if (!page.hasMore) return { changes, cursor, reset };
    }
  };
  const ids = (changes: Changes, op: 'put' | 'del' = 'put') =>
    new Set(changes.filter((c) => c.op === op).map((c) => c.id));

  const expected = async (areaId: string, daysAhead: number) => {
    const id = uuidv7();
    const at = clock.now() + daysAhead * DAY;
    await recordChanges(db(), acme, [
      {
        table: 'expectedVisits',
        id,
        op: 'put',
        version: 1,
        data: { id, personId: person, areaId, status: 'approved', visitAt: at, version: 1 },
      },
    ]);
    return id;
  };
  const journeyFor = async (areaIds: string[]) => {
    const j = { entityId: acme, id: uuidv7(), name: `Journey ${uuidv7()}`, settings: { areas: areaIds } };
    const [jr] = await db().insert(journeys).values(j).returning();
    const [fr] = await db()
      .insert(journeyFlows)
      .values({ entityId: acme, id: uuidv7(), journeyId: j.id, name: 'Arrival' })
      .returning();
    await recordChanges(db(), acme, [journeyChange(jr!), flowChange(fr!)]);
    return { journey: j.id, flow: fr!.id };
  };
  const events = async (list: Array<{ kind: 'in' | 'out'; daysAgo: number; who?: string }>) => {
    const rows = list.map((e) => ({
      entityId: acme,
      id: uuidv7(),
      personId: e.who ?? person,
      kind: e.kind,
      areaId: reception,
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
  const newKiosk = async (areaId: string) => {
    const name = `Desk ${uuidv7()}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/kiosk',
      headers: bearer(admin),
      payload: { kiosk_name: name, area_id: areaId },
    });
    const [k] = await db()
      .select({ id: kiosks.id })
      .from(kiosks)
      .where(and(eq(kiosks.entityId, acme), eq(kiosks.kioskName, name)));
    return { token: res.json().data.access_token as string, id: k!.id };
  };

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    const [a] = await db().select().from(entities).where(eq(entities.subdomain, 'acme'));
    acme = a!.id;
    await db().update(sites).set({ timeZone: 'Europe/London' }).where(eq(sites.entityId, acme));
    const named = async (name: string) =>
      (
        await db()
          .select()
          .from(areas)
          .where(and(eq(areas.entityId, acme), eq(areas.name, name)))
      )[0]!;
    reception = (await named('Reception')).id;
    const bay = await named('Loading Bay');
    loadingBay = bay.id;
    headOffice = (await named('Reception')).siteId;
    expect(bay.siteId).not.toBe(headOffice);
    const [u] = await db()
      .select()
      .from(users)
      .where(and(eq(users.entityId, acme), eq(users.email, 'employee@acme.test')));
    person = u!.id;
    folks = (await db().select({ id: users.id }).from(users).where(eq(users.entityId, acme)))
      .map((r) => r.id)
      .filter((id) => id !== person);
    admin = await tokenFor(app, 'admin@acme.test');
    adminId = (
      await db()
        .select()
        .from(users)
        .where(and(eq(users.entityId, acme), eq(users.email, 'admin@acme.test')))
    )[0]!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives a kiosk moved to another area that area’s journeys, flows and expected visits, and deletes the old ones', async () => {
    const here = await journeyFor([reception]);
    const there = await journeyFor([loadingBay]);
    const everywhere = await journeyFor([]);
    const [visitHere, visitThere] = [await expected(reception, 1), await expected(loadingBay, 1)];
    const kiosk = await newKiosk(reception);
    const device = uuidv7();
    const first = await pull(kiosk.token, device);
    const held = ids(first.changes);
    for (const id of [here.journey, here.flow, everywhere.journey, everywhere.flow, visitHere])
      expect(held.has(id)).toBe(true);
    for (const id of [there.journey, there.flow, visitThere]) expect(held.has(id)).toBe(false);

    const moved = await app.inject({
      method: 'PUT',
      url: `/api/kiosk_move/${kiosk.id}`,
      headers: bearer(admin),
      payload: { area_id: loadingBay },
    });
    expect(moved.statusCode).toBe(200);
    const next = await pull(kiosk.token, device, first.cursor);
    expect(next.reset).toBe(false);
    expect([there.journey, there.flow, visitThere].every((id) => ids(next.changes).has(id))).toBe(true);
    expect([here.journey, here.flow, visitHere].every((id) => ids(next.changes, 'del').has(id))).toBe(true);
    // What both areas hold is neither sent again nor deleted.
    for (const id of [everywhere.journey, everywhere.flow]) {
      expect(ids(next.changes).has(id)).toBe(false);
      expect(ids(next.changes, 'del').has(id)).toBe(false);
    }
    // Nothing more once the difference is sent.
    expect((await pull(kiosk.token, device, next.cursor)).changes).toEqual([]);
  });

  it('sends the same difference whatever the page size', async () => {
    await journeyFor([reception]);
    await expected(reception, 2);
    const kiosk = await newKiosk(reception);
    const first = await pull(kiosk.token, uuidv7());
    await db().update(kiosks).set({ areaId: loadingBay }).where(eq(kiosks.id, kiosk.id));
    const whole = (await pull(kiosk.token, uuidv7(), first.cursor)).changes;
    const paged = (await pull(kiosk.token, uuidv7(), first.cursor, 2)).changes;
    expect(ids(paged)).toEqual(ids(whole));
    expect(ids(paged, 'del')).toEqual(ids(whole, 'del'));
    expect(ids(whole, 'del').size).toBeGreaterThan(0);
  });

  it('drops the expected visits of sites an admin may no longer see, and sends them back when access returns', async () => {
    const [visitHere, visitThere] = [await expected(reception, 3), await expected(loadingBay, 3)];
    const device = uuidv7();
    const first = await pull(admin, device);
    expect([visitHere, visitThere].every((id) => ids(first.changes).has(id))).toBe(true);
    await db().insert(userSiteAccess).values({ entityId: acme, userId: adminId, siteId: headOffice });
    const narrowed = await pull(admin, device, first.cursor);
    expect(ids(narrowed.changes, 'del').has(visitThere)).toBe(true);
    expect(ids(narrowed.changes, 'del').has(visitHere)).toBe(false);
    await db().delete(userSiteAccess).where(eq(userSiteAccess.userId, adminId));
    const widened = await pull(admin, device, narrowed.cursor);
    expect(ids(widened.changes).has(visitThere)).toBe(true);
    expect(widened.reset).toBe(false);
  });

  it('follows the history window setting: a shorter window deletes older history, a longer one sends it', async () => {
    const other = folks[0]!;
    const [tenIn, tenOut] = await events([
      { kind: 'in', daysAgo: 10, who: other },
      { kind: 'out', daysAgo: 9.9, who: other },
    ]);
    const [twentyIn, twentyOut] = await events([
      { kind: 'in', daysAgo: 20, who: other },
      { kind: 'out', daysAgo: 19.9, who: other },
    ]);
    const device = uuidv7();
    const first = await pull(admin, device);
    expect(ids(first.changes).has(tenIn!)).toBe(true);
    expect(ids(first.changes).has(twentyIn!)).toBe(false);
    const setWindow = (days: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/sync/history-window',
        headers: bearer(admin),
        payload: { history_days: days },
      });
    expect((await setWindow(0)).statusCode).toBe(400);
    expect((await setWindow(3)).json().data.history_days).toBe(3);
    const shorter = await pull(admin, device, first.cursor);
    expect(ids(shorter.changes, 'del').has(tenIn!)).toBe(true);
    // The person's latest event is a sign-out older than the window: it leaves as well, its
    // delete carrying the row so that the device drops any older row of theirs with it.
    expect(shorter.changes.find((c) => c.id === tenOut)).toMatchObject({ op: 'del', data: { kind: 'out' } });
    expect((await setWindow(30)).statusCode).toBe(200);
    const longer = await pull(admin, device, shorter.cursor);
    for (const id of [tenIn, tenOut, twentyIn, twentyOut]) expect(ids(longer.changes).has(id!)).toBe(true);
    await db().delete(syncScopeSettings).where(eq(syncScopeSettings.entityId, acme));
  });

  it('ages yesterday’s events out of a kiosk that stays online, keeping each on-site person’s sign-in', async () => {
    const [stays, leaves] = [folks[1]!, folks[2]!];
    const [staysIn] = await events([{ kind: 'in', daysAgo: 0.05, who: stays }]);
    const [leavesIn, leavesOut] = await events([
      { kind: 'in', daysAgo: 0.05, who: leaves },
      { kind: 'out', daysAgo: 0.04, who: leaves },
    ]);
    const soon = await expected(reception, 0);
    const [longAgo] = await events([{ kind: 'in', daysAgo: 21, who: folks[3] }]);
    const kiosk = await newKiosk(reception);
    const device = uuidv7();
    const first = await pull(kiosk.token, device);
    for (const id of [staysIn, leavesIn, leavesOut, soon, longAgo]) expect(ids(first.changes).has(id!)).toBe(true);
    // The person signed in three weeks ago leaves today: the kiosk gets the sign-out.
    const [endsIt] = await events([{ kind: 'out', daysAgo: 0.01, who: folks[3] }]);
    const later = await pull(kiosk.token, device, first.cursor);
    expect(ids(later.changes).has(endsIt!)).toBe(true);
    clock.advance(DAY);
    const day2 = await pull(kiosk.token, device, later.cursor);
    expect(day2.reset).toBe(false);
    expect(ids(day2.changes, 'del').has(leavesIn!)).toBe(true);
    // Yesterday's sign-outs leave too; each delete carries its row, so the kiosk drops the
    // person's older rows with it — the three-week-old sign-in is never left to pass for the latest.
    for (const id of [endsIt, leavesOut]) expect(day2.changes.find((c) => c.id === id)?.data).toMatchObject({ id });
    expect(ids(day2.changes, 'del').has(staysIn!)).toBe(false);
    const kept = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => clock.now());
    for (const { changes } of [first, later, day2])
      await kept.applyPull({ changes, cursor: 'c', hasMore: false, lastSeq: 0, rejections: [], serverTime: 0 });
    const held = [...kept.table('visitEvents').values()] as unknown as PresenceEvent[];
    expect(held.map((e) => e.id)).toEqual([staysIn]);
    expect([...onSite(held).keys()]).toEqual([stays]);
    expect(ids(day2.changes, 'del').has(soon)).toBe(false); // yesterday's expected visits are still held
    clock.advance(DAY);
    const day3 = await pull(kiosk.token, device, day2.cursor);
    expect(ids(day3.changes, 'del').has(soon)).toBe(true);
    expect(ids(day3.changes, 'del').has(staysIn!)).toBe(false);
    const [k] = await db()
      .select()
      .from(visitEvents)
      .where(inArray(visitEvents.id, [staysIn!]));
    expect(k).toBeDefined();
  });
});
