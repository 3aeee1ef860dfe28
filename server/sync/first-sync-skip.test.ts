// A first sync does not read the history it leaves out (server/sync/scope.ts firstSyncSkip):
// the rows a new kiosk and a new admin device receive must still be exactly the domain's
// scopedEvents() of the whole history — including two events of one person at the same instant,
// where only the id decides which is the latest — and the cursor it ends on must move past the
// skipped rows, so the next pull brings only what is new.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyDayStart, scopedEvents, scopeWindows, type DeviceKind } from '../../domain/sync-scope';
import type { PullResponse } from '../../sync/protocol';
import { areas, entities, sites, users } from '../db/schema/index';
import { visitEvents } from '../db/schema/visits';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { eventChange } from '../visits/visits.projections';
import { recordChanges } from './changes';

const DAY = 86_400_000;

/** A small deterministic generator, so a failure can be replayed. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

eachDatabase((get) => {
  const clock = testClock();
  const now = clock.now();
  let app: FastifyInstance;
  let acme: string;
  const all: Array<{ id: string; personId: string; kind: 'in' | 'out'; areaId: string; at: number }> = [];

  const pullAll = async (token: string, limit: number, cursor?: string) => {
    const deviceId = uuidv7();
    const changes: PullResponse['changes'] = [];
    let pages = 0;
    for (;;) {
      const qs = new URLSearchParams({ deviceId, limit: String(limit), ...(cursor ? { cursor } : {}) });
      const res = await app.inject({ method: 'GET', url: `/api/sync/pull?${qs}`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const page = res.json() as PullResponse;
      changes.push(...page.changes);
      cursor = page.cursor;
      pages++;
      if (!page.hasMore) return { changes, cursor, pages };
    }
  };
  const eventIds = (changes: PullResponse['changes']) =>
    new Set(changes.filter((c) => c.table === 'visitEvents' && c.op === 'put').map((c) => c.id));
  const expectedFor = (kind: DeviceKind) => {
    const { historyFrom } = scopeWindows(kind, companyDayStart(now, ['Europe/London']));
    return new Set(scopedEvents(all, historyFrom).map((e) => e.id));
  };

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    const db = get().database.db;
    const [a] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    acme = a!.id;
    await db.update(sites).set({ timeZone: 'Europe/London' }).where(eq(sites.entityId, acme));
    const area = (await db.select({ id: areas.id }).from(areas).where(eq(areas.entityId, acme)))[0]!.id;
    const people = (await db.select({ id: users.id }).from(users).where(eq(users.entityId, acme))).map((u) => u.id);
    const random = mulberry32(21);
    for (const personId of people) {
      // Each person: a few events over 40 days, some in the window, some only long ago.
      const n = 1 + Math.floor(random() * 6);
      for (let i = 0; i < n; i++) {
        const at = Math.round(now - random() * 40 * DAY);
        all.push({ id: uuidv7(), personId, kind: random() < 0.5 ? 'in' : 'out', areaId: area, at });
        // Now and then a second event at the very same instant: only the id orders them.
        if (random() < 0.25)
          all.push({ id: uuidv7(), personId, kind: random() < 0.5 ? 'in' : 'out', areaId: area, at });
      }
    }
    await db.insert(visitEvents).values(all.map((e) => ({ ...e, entityId: acme, receivedAt: new Date(now) })));
    await recordChanges(
      db,
      acme,
      all.map((e) =>
        eventChange({
          ...e,
          journeyFlowId: null,
          userTypeId: null,
          deviceId: null,
          details: null,
        }),
      ),
    );
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives a new kiosk and a new admin device exactly the domain’s scoped events, in any page size', async () => {
    const admin = await tokenFor(app, 'admin@acme.test');
    const area = all[0]!.areaId;
    const res = await app.inject({
      method: 'POST',
      url: '/api/kiosk',
      headers: bearer(admin),
      payload: { kiosk_name: 'Skip desk', area_id: area },
    });
    const kiosk = res.json().data.access_token as string;
    for (const limit of [5, 1000]) {
      expect(eventIds((await pullAll(kiosk, limit)).changes)).toEqual(expectedFor('kiosk'));
      expect(eventIds((await pullAll(admin, limit)).changes)).toEqual(expectedFor('admin'));
    }
  });

  it('ends the first sync past the rows it skipped: the next pull brings only what is new', async () => {
    const admin = await tokenFor(app, 'admin@acme.test');
    const first = await pullAll(admin, 1000);
    const again = await pullAll(admin, 1000, first.cursor);
    expect(again.changes).toEqual([]);
    const db = get().database.db;
    const late = { id: uuidv7(), personId: all[0]!.personId, kind: 'out' as const, areaId: all[0]!.areaId, at: now };
    await db.insert(visitEvents).values({ ...late, entityId: acme, receivedAt: new Date(now) });
    await recordChanges(db, acme, [
      eventChange({
        ...late,
        journeyFlowId: null,
        userTypeId: null,
        deviceId: null,
        details: null,
      }),
    ]);
    const next = await pullAll(admin, 1000, again.cursor);
    expect(next.changes.map((c) => c.id)).toEqual([late.id]);
  });
});
