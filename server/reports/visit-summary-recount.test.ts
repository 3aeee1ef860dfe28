// The visit summary against a recount done here, visit by visit: random visits of random people
// (some sign-ins recording a user type, some leaving it to the person's current type), in UTC
// and in zones with DST and a 45-minute offset, before and after a merge of two people, a
// change of a person's type and a retention run. Whatever shape the summary query takes, its
// answers must stay these.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { areas, users, userTypes, visitEvents, visits } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { mergePeople } from '../duplicates/merge-people';
import { runRetention } from '../privacy/retention-run';
import { lockFeed, writeChanges } from '../sync/changes';
import { bearer, testClock } from '../test/harness';
import { openReportFixture, writeVisitEvents } from '../test/report-fixture';

const NOW = Date.UTC(2026, 3, 20, 12, 0, 0);
const DAY = 86_400_000;
const ZONES = ['UTC', 'Europe/London', 'America/New_York', 'Asia/Kathmandu'];

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const dayIn = (t: number, tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(t);

interface SummaryRow {
  day: string;
  user_type_id: string | null;
  area_id: string | null;
  count: number;
}

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let acme: string;
  let people: Array<{ id: string; userTypeId: string | null }>;
  let areaIds: string[];
  let typeIds: string[];

  beforeAll(async () => {
    ({ app, admin, acme } = await openReportFixture(get().database, testClock(NOW)));
    const db = get().database.db;
    people = (await db.select().from(users).where(eq(users.entityId, acme))).map((u) => ({
      id: u.id,
      userTypeId: u.userTypeId,
    }));
    areaIds = (await db.select().from(areas).where(eq(areas.entityId, acme))).map((a) => a.id);
    typeIds = (await db.select().from(userTypes).where(eq(userTypes.entityId, acme))).map((t) => t.id);
    // 300 visits over the 120 days before NOW: a random person, area and time; every third
    // sign-in records a user type (not always the person's), the rest leave it null.
    const next = random(16);
    const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
    const events: Array<typeof visitEvents.$inferInsert> = [];
    for (let i = 0; i < 300; i++) {
      const inAt = NOW - Math.floor(next() * 120 * DAY);
      const person = pick(people).id;
      const areaId = next() < 0.1 ? null : pick(areaIds);
      const base = { entityId: acme, personId: person, areaId, receivedAt: new Date(inAt) };
      events.push({ ...base, id: uuidv7(), kind: 'in', at: inAt, userTypeId: i % 3 === 0 ? pick(typeIds) : null });
      if (next() < 0.8)
        events.push({ ...base, id: uuidv7(), kind: 'out', at: inAt + Math.floor(next() * 10 * 3600_000) });
    }
    await writeVisitEvents(db, acme, events);
  });
  afterAll(async () => {
    await app.close();
  });

  /** Today's meaning, counted one visit at a time: the visit's day in the zone, the type its
   * sign-in recorded or else the person's current one, and its area. */
  async function recount(tz: string, from: string, to: string) {
    const db = get().database.db;
    const typeOf = new Map(
      (await db.select().from(users).where(eq(users.entityId, acme))).map((u) => [u.id, u.userTypeId]),
    );
    const counts = new Map<string, number>();
    for (const v of await db.select().from(visits).where(eq(visits.entityId, acme))) {
      const day = dayIn(v.timeIn, tz);
      if (day < from || day > to) continue;
      const key = [day, v.userTypeId ?? typeOf.get(v.personId) ?? null, v.areaId].join('|');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts.entries()].map(([k, count]) => `${k}|${count}`).sort();
  }

  async function reported(tz: string, from: string, to: string) {
    const res = await app.inject({
      url: `/api/reports/visit-summary?tz=${encodeURIComponent(tz)}&start_date=${from}&end_date=${to}`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: SummaryRow[]; count: number };
    return body.data.map((r) => [r.day, r.user_type_id, r.area_id, r.count].join('|')).sort();
  }

  async function expectSameAsRecount() {
    for (const tz of ZONES)
      for (const [from, to] of [
        ['2025-12-20', '2026-04-20'],
        ['2026-03-01', '2026-03-31'],
      ] as const) {
        const want = await recount(tz, from!, to!);
        expect(want.length).toBeGreaterThan(0);
        expect(await reported(tz, from!, to!), `${tz} ${from}..${to}`).toEqual(want);
      }
  }

  it('counts every visit once, by its day in the zone, its user type and its area', async () => {
    await expectSameAsRecount();
  });

  it('follows a change of a person’s user type for the sign-ins that recorded none', async () => {
    const db = get().database.db;
    const person = people.find((p) => p.userTypeId)!;
    const other = typeIds.find((t) => t !== person.userTypeId)!;
    await db
      .update(users)
      .set({ userTypeId: other })
      .where(and(eq(users.entityId, acme), eq(users.id, person.id)));
    await expectSameAsRecount();
  });

  it('moves the visits of merged people to the kept person and drops retention’s deletions', async () => {
    const db = get().database.db;
    const [keep, remove] = people.filter((p) => p.userTypeId && p.id !== people[0]!.id).slice(-2);
    await db.transaction(async (tx) => {
      const last = await lockFeed(tx, acme);
      const { changes, fed } = await mergePeople(
        tx,
        {
          entityId: acme,
          keepId: keep!.id,
          removeIds: [remove!.id],
          fields: {},
          imageFrom: keep!.id,
          by: keep!.id,
          now: NOW,
        },
        last,
      );
      await writeChanges(tx, acme, last + fed, changes);
    });
    await expectSameAsRecount();
    // Keep 60 days: the visits before 2026-02-19 go.
    const work = await db.transaction((tx) =>
      runRetention(tx, acme, NOW, { dataRetentionDays: 60, scansRetentionDays: 60 }),
    );
    expect(work.counts.visits).toBeGreaterThan(0);
    await expectSameAsRecount();
  });
});
