// A push batch of sign-ins and sign-outs is judged in bulk (attendance-judge-many.ts).
// The verdicts must be the ones the same events get when pushed one at a time, including an
// event whose "was the person on site" depends on an earlier event of the same batch.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { areas, attendanceRecords, journeyFlows, users, visitEvents } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, entityFacts, seededApp, testClock, tokenFor } from '../test/harness';

const THURSDAY = (h: number, m = 0) => Date.UTC(2026, 0, 15, h, m);
const FRIDAY = (h: number, m = 0) => Date.UTC(2026, 0, 16, h, m);

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let acme: string;
  let sam: string;
  let area: string;
  let flow: string;
  let seq = 0;
  const deviceId = uuidv7();
  const clock = testClock(FRIDAY(18));

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    const db = get().database.db;
    acme = (await entityFacts(get().database, 'acme')).entity.id;
    sam = (await db.select().from(users).where(eq(users.email, 'sam.staff@acme.test')))[0]!.id;
    area = (await db.select().from(areas).where(eq(areas.entityId, acme)))[0]!.id;
    flow = (
      await db
        .select()
        .from(journeyFlows)
        .where(and(eq(journeyFlows.entityId, acme), eq(journeyFlows.name, 'Staff day')))
    )[0]!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  // A day: signed out early morning, late in, out before the end, late in again, in once more.
  const day = (t: (h: number, m?: number) => number) =>
    (
      [
        ['out', t(7)],
        ['in', t(9, 30)],
        ['out', t(10)],
        ['in', t(10, 30)],
        ['in', t(10, 40)],
      ] as const
    ).map(([kind, at]) => ({
      seq: ++seq,
      mutationId: uuidv7(),
      name: kind === 'in' ? 'visit.signIn' : 'visit.signOut',
      clientTime: clock.now(),
      clockOffsetMs: 0,
      args: {
        eventId: uuidv7(),
        personId: sam,
        areaId: area,
        at,
        ...(kind === 'in' ? { journeyFlowId: flow } : {}),
        details: { mass: true, journeyFlowId: flow },
      },
    }));

  const push = async (mutations: ReturnType<typeof day>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(admin),
      payload: { deviceId, mutations },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(mutations.map(() => 'applied'));
  };

  const verdicts = async (ids: string[]) => {
    const db = get().database.db;
    const events = await db
      .select()
      .from(visitEvents)
      .where(and(eq(visitEvents.entityId, acme), inArray(visitEvents.id, ids)));
    const records = await db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.entityId, acme), inArray(attendanceRecords.id, ids)));
    return ids.map((id) => {
      const d = events.find((e) => e.id === id)!.details as Record<string, unknown>;
      const r = records.find((x) => x.id === id);
      return { lateness: d.lateness, code: d.attendanceCode, situation: r?.situation, reason: r?.reasonName };
    });
  };

  it('judges a batch as it judges the same events one at a time', async () => {
    const together = day(THURSDAY);
    await push(together);
    const alone = day(FRIDAY);
    for (const m of alone) await push([m]);
    const bulk = await verdicts(together.map((m) => m.args.eventId));
    const single = await verdicts(alone.map((m) => m.args.eventId));
    // The first event of each day follows a different history (none before Thursday).
    expect(bulk.slice(1)).toEqual(single.slice(1));
    // Signed in at 09:30 by the same batch, so 10:00 is an early sign-out, and 10:40 is no late sign-in.
    expect(bulk[1]).toMatchObject({ lateness: 'late_sign_in', code: 'LATE', reason: 'Traffic delay' });
    expect(bulk[2]).toMatchObject({ lateness: 'early_sign_out', situation: 'early_sign_out' });
    expect(bulk[3]).toMatchObject({ lateness: 'late_sign_in', code: 'LATE' });
    expect(bulk[4]).toMatchObject({ lateness: undefined, code: 'PRESENT' });
  });
});
