// Sync scopes on the pull: a kiosk holds today's events and whatever decides who is
// on site now; an admin's device adds 14 days of history; a kiosk holds expected visits from
// yesterday to a week ahead. Older history stays on the server, and a later pull turns a row
// that left the scope into a delete.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { onSite, type PresenceEvent } from '../../domain/presence';
import { MemoryDevice } from '../../sync/memory-store';
import type { PullResponse } from '../../sync/protocol';
import { areas, entities, sites, users } from '../db/schema/index';
import { visitEvents } from '../db/schema/visits';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { eventChange } from '../visits/visits.projections';
import { recordChanges } from './changes';

const DAY = 86_400_000;

eachDatabase((get) => {
  const clock = testClock();
  const now = clock.now();
  let app: FastifyInstance;
  let acme: string;
  let area: string;
  let people: string[];
  let admin: string;
  let kiosk: string;

  /** Writes events the way a push does: the row and its change in the feed. */
  const events = async (list: Array<{ person: number; kind: 'in' | 'out'; daysAgo: number }>) => {
    const db = get().database.db;
    const rows = list.map((e) => ({
      entityId: acme,
      id: uuidv7(),
      personId: people[e.person]!,
      kind: e.kind,
      areaId: area,
      at: Math.round(now - e.daysAgo * DAY),
      receivedAt: new Date(now),
    }));
    await db.insert(visitEvents).values(rows);
    await recordChanges(
      db,
      acme,
      rows.map((r) => eventChange({ ...r, journeyFlowId: null, userTypeId: null, deviceId: null, details: null })),
    );
    return rows.map((r) => r.id);
  };
  const expected = async (id: string, daysAhead: number, version = 1) =>
    recordChanges(get().database.db, acme, [
      {
        table: 'expectedVisits',
        id,
        op: 'put',
        version,
        data: { id, personId: people[0]!, status: 'approved', visitAt: now + daysAhead * DAY, version },
      },
    ]);

  const pullAll = async (token: string, cursor?: string, limit = 1000) => {
    const deviceId = uuidv7();
    const changes: PullResponse['changes'] = [];
    for (;;) {
      const qs = new URLSearchParams({ deviceId, limit: String(limit), ...(cursor ? { cursor } : {}) });
      const res = await app.inject({ method: 'GET', url: `/api/sync/pull?${qs}`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const page = res.json() as PullResponse;
      changes.push(...page.changes);
      cursor = page.cursor;
      if (!page.hasMore) return { changes, cursor };
    }
  };
  const ids = (changes: PullResponse['changes'], op: 'put' | 'del' = 'put') =>
    new Set(changes.filter((c) => c.op === op).map((c) => c.id));

  let stayed: string; // signed in three weeks ago and never signed out
  let leftIn: string;
  let leftOut: string; // a visit completed twenty days ago
  let tenDays: string[]; // a visit ten days ago, completed
  let today: string;

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    const db = get().database.db;
    const [a] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    acme = a!.id;
    // Today is the site's day: a London site, and a clock at 09:00 UTC on 15 January.
    await db.update(sites).set({ timeZone: 'Europe/London' }).where(eq(sites.entityId, acme));
    area = (await db.select({ id: areas.id }).from(areas).where(eq(areas.entityId, acme)))[0]!.id;
    people = (await db.select({ id: users.id }).from(users).where(eq(users.entityId, acme))).map((u) => u.id);
    stayed = (await events([{ person: 0, kind: 'in', daysAgo: 21 }]))[0]!;
    const left = await events([
      { person: 1, kind: 'in', daysAgo: 20 },
      { person: 1, kind: 'out', daysAgo: 19.9 },
    ]);
    [leftIn, leftOut] = [left[0]!, left[1]!];
    tenDays = await events([
      { person: 2, kind: 'in', daysAgo: 10 },
      { person: 2, kind: 'out', daysAgo: 9.9 },
    ]);
    today = (await events([{ person: 3, kind: 'in', daysAgo: 0.1 }]))[0]!;
    admin = await tokenFor(app, 'admin@acme.test');
    const res = await app.inject({
      method: 'POST',
      url: '/api/kiosk',
      headers: bearer(admin),
      payload: { kiosk_name: 'Scope desk', area_id: area },
    });
    kiosk = res.json().data.access_token;
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives a new kiosk today’s events and a sign-in from three weeks ago, not an old completed visit', async () => {
    const got = ids((await pullAll(kiosk)).changes);
    expect(got.has(stayed)).toBe(true);
    expect(got.has(today)).toBe(true);
    for (const old of [leftIn, leftOut, ...tenDays]) expect(got.has(old)).toBe(false);
  });

  it('gives a new admin device fourteen days of history as well', async () => {
    const got = ids((await pullAll(admin)).changes);
    for (const held of [stayed, today, ...tenDays]) expect(got.has(held)).toBe(true);
    expect(got.has(leftIn) || got.has(leftOut)).toBe(false);
  });

  it('sends the same rows whatever the page size of the first sync', async () => {
    const whole = ids((await pullAll(kiosk)).changes);
    const paged = ids((await pullAll(kiosk, undefined, 3)).changes);
    expect(paged).toEqual(whole);
  });

  it('after the first sync, sends a late sign-out older than the window as a delete that takes the visit it ends', async () => {
    const first = await pullAll(kiosk);
    // An offline kiosk pushes last week's events: the three-week visit ended, and an older one.
    const [ended] = await events([{ person: 0, kind: 'out', daysAgo: 7 }]);
    const [older] = await events([{ person: 1, kind: 'in', daysAgo: 25 }]);
    const next = (await pullAll(kiosk, first.cursor)).changes;
    expect(ids(next).has(ended!)).toBe(false);
    // The delete carries the row, so the kiosk drops the person's older rows with it.
    expect(next.find((c) => c.id === ended)).toMatchObject({ op: 'del', data: { personId: people[0], kind: 'out' } });
    expect(ids(next, 'del').has(older!)).toBe(true);
    const device = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => now);
    for (const changes of [first.changes, next])
      await device.applyPull({ changes, cursor: 'c', hasMore: false, lastSeq: 0, rejections: [], serverTime: now });
    const held = [...device.table('visitEvents').values()] as unknown as PresenceEvent[];
    expect(held.map((e) => e.id).sort()).toEqual([today]);
    expect([...onSite(held).keys()]).toEqual([people[3]]);
  });

  it('gives a kiosk expected visits from yesterday to a week ahead, and deletes one moved out of it', async () => {
    const [soon, later, past] = [uuidv7(), uuidv7(), uuidv7()];
    await expected(soon, 1);
    await expected(later, 30);
    await expected(past, -3);
    const first = await pullAll(kiosk);
    expect([soon, later, past].map((id) => ids(first.changes).has(id))).toEqual([true, false, false]);
    const adminGot = ids((await pullAll(admin)).changes);
    expect([soon, later, past].every((id) => adminGot.has(id))).toBe(true);
    await expected(soon, 20, 2);
    expect(ids((await pullAll(kiosk, first.cursor)).changes, 'del').has(soon)).toBe(true);
  });
});

describe('scoped pull cursors', () => {
  it('answer a cursor this server never gave with a reset', async () => {
    const { decodePullCursor, encodePullCursor } = await import('./scope');
    expect(decodePullCursor(encodePullCursor(5, { end: 9, at: 123 }))).toEqual({
      seq: 5,
      snapshot: { end: 9, at: 123 },
    });
    expect(decodePullCursor(encodePullCursor(9, { end: 9, at: 123 }))).toEqual({ seq: 9 });
    for (const bad of ['s1.a.1.1', 's1.1.1', 's1.x!.1.1', 'zz']) expect(decodePullCursor(bad)).toBeNull();
  });
});
