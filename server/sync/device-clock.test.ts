// kiosks that synced once with a right clock, went offline, and whose clock then
// moved (+3 days, −5 days, reset to 2000). Their sign-ins must be stored at the right time (their
// monotonic anchor) or, when nothing can be trusted, at their receipt and flagged; the on-site
// list, auto sign-out and retention must stay right either way.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { onSite } from '../../domain/presence';
import { DEFAULT_RETENTION } from '../../domain/retention';
import type { PushResponse } from '../../sync/protocol';
import { areas } from '../db/schema/places';
import { users } from '../db/schema/people';
import { entities } from '../db/schema/entities';
import { mutationLog } from '../db/schema/sync';
import { visitEvents } from '../db/schema/visits';
import { runRetention } from '../privacy/retention-run';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const JUMPS = [
  ['+3 days', (t: number) => t + 3 * DAY],
  ['−5 days', (t: number) => t - 5 * DAY],
  ['a reset to 2000-01-01', (t: number) => Date.UTC(2000, 0, 1) + (t % DAY)],
] as const;

eachDatabase((get) => {
  const clock = testClock();
  let app: FastifyInstance;
  let admin: string;
  let acme: string;
  let area: string;
  const db = () => get().database.db;

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    acme = (await db().select({ id: entities.id }).from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
    area = (await db().select({ id: areas.id }).from(areas).where(eq(areas.entityId, acme)))[0]!.id;
    // Auto sign-out after 24 hours in this area, so a sign-in stored days early would be ended.
    await db().update(areas).set({ autoSignOutMode: 'after 24 hours' }).where(eq(areas.id, area));
  });

  /** Fresh visitors for each case, copied from a seeded person: nobody's history mixes with another case. */
  const people = {
    async splice(_from: number, n: number) {
      const [model] = await db().select().from(users).where(eq(users.entityId, acme)).limit(1);
      const made = Array.from({ length: n }, () => {
        const id = uuidv7();
        return {
          ...model!,
          id,
          email: `${id}@visitors.test`,
          phone: null,
          passportId: null,
          fullName: `Visitor ${id.slice(-4)}`,
        };
      });
      await db().insert(users).values(made);
      return made.map((u) => u.id);
    },
  };

  const push = async (deviceId: string, mutations: unknown[]) => {
    // A fresh login each time: the test clock moves past a session's lifetime.
    admin = await tokenFor(app, 'admin@acme.test');
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: { deviceId, mutations },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as PushResponse).results.map((r) => r.status);
  };
  /** A mutation as a device records it: `wall` is its (possibly wrong) clock, `clock` the rest. */
  const entry = (seq: number, name: string, personId: string, wall: number, clock: object = {}) => ({
    seq,
    mutationId: uuidv7(),
    name,
    clientTime: wall,
    clockOffsetMs: 0,
    args: { eventId: uuidv7(), personId, areaId: area, at: wall },
    ...clock,
  });
  const eventsOf = (ids: string[]) => db().select().from(visitEvents).where(inArray(visitEvents.personId, ids));
  const onSiteNow = async (ids: string[]) => [...onSite(await eventsOf(ids)).keys()].sort();

  describe.each(JUMPS)('a kiosk whose clock moved by %s while offline', (_label, jump) => {
    it('stores its sign-ins at the times its monotonic clock measured, so sign-outs by another kiosk stand', async () => {
      const [p0, ...visitors] = (await people.splice(0, 4)) as [string, ...string[]];
      const kiosk = uuidv7();
      const other = uuidv7();
      const synced = clock.now();
      // Synced once with a right clock: its anchor is the server's time then.
      expect(
        await push(kiosk, [
          entry(1, 'visit.signIn', p0, synced, { anchorServerTime: synced, sinceAnchorMs: 0, clockTrusted: true }),
        ]),
      ).toEqual(['applied']);
      // Offline: an hour later its clock jumps; it signs three visitors in, each a minute apart.
      const signIns = visitors.map((p, i) => {
        const truth = synced + HOUR + i * 60_000;
        return entry(i + 2, 'visit.signIn', p, jump(truth), {
          anchorServerTime: synced,
          sinceAnchorMs: truth - synced,
          clockTrusted: true,
        });
      });
      // Another kiosk, online with a right clock, signs them out half an hour later.
      clock.advance(HOUR + 30 * 60_000);
      expect(
        await push(
          other,
          visitors.map((p, i) => entry(i + 1, 'visit.signOut', p, clock.now())),
        ),
      ).toEqual(visitors.map(() => 'applied'));
      clock.advance(HOUR);
      expect(await push(kiosk, signIns)).toEqual(visitors.map(() => 'applied'));

      const stored = await eventsOf(visitors);
      for (const [i, p] of visitors.entries()) {
        const signIn = stored.find((e) => e.personId === p && e.kind === 'in')!;
        expect(signIn.at).toBe(synced + HOUR + i * 60_000);
        expect(signIn.clockUntrusted).toBe(false);
      }
      expect(await onSiteNow(visitors)).toEqual([]);
    });

    it('stores at their receipt, flagged, the sign-ins of a kiosk reloaded without an anchor; auto sign-out and retention leave them', async () => {
      const [p0, ...visitors] = (await people.splice(0, 4)) as [string, ...string[]];
      const kiosk = uuidv7();
      const synced = clock.now();
      await push(kiosk, [entry(1, 'visit.signIn', p0, synced)]);
      clock.advance(2 * HOUR);
      // One reloaded page (no anchor of its own lifetime) and two entries from before the anchors existed.
      const entries = visitors.map((p, i) =>
        entry(i + 2, 'visit.signIn', p, jump(synced + HOUR), i === 0 ? { clockTrusted: false } : {}),
      );
      expect(await push(kiosk, entries)).toEqual(visitors.map(() => 'applied'));
      const receivedAt = clock.now();
      const stored = await eventsOf(visitors);
      expect(stored.map((e) => [e.at, e.clockUntrusted])).toEqual(visitors.map(() => [receivedAt, true]));
      const logged = await db()
        .select({ untrusted: mutationLog.clockUntrusted, at: mutationLog.correctedAt })
        .from(mutationLog)
        .where(and(eq(mutationLog.entityId, acme), eq(mutationLog.deviceId, kiosk)));
      expect(logged.filter((l) => l.untrusted)).toHaveLength(3);
      // Nobody is ended or deleted: they are on site, as they were signed in.
      await app.services.autoSignOut.run();
      expect(await onSiteNow(visitors)).toEqual([...visitors].sort());
      await db().transaction((tx) => runRetention(tx, acme, clock.now(), DEFAULT_RETENTION));
      expect(await eventsOf(visitors)).toHaveLength(3);
    });
  });

  it('holds a late backlog from auto sign-out for a day after its receipt, then ends it', async () => {
    const visitors = await people.splice(0, 3);
    const device = uuidv7();
    // A device the server never heard from, offset right, recorded 30 hours ago: believable.
    const recorded = clock.now() - 30 * HOUR;
    await push(
      device,
      visitors.map((p, i) => entry(i + 1, 'visit.signIn', p, recorded)),
    );
    const stored = await eventsOf(visitors);
    expect(stored.map((e) => [e.at, e.clockUntrusted])).toEqual(visitors.map(() => [recorded, false]));
    await app.services.autoSignOut.run();
    expect(await onSiteNow(visitors)).toEqual([...visitors].sort());
    clock.advance(DAY + 60_000);
    await app.services.autoSignOut.run();
    expect(await onSiteNow(visitors)).toEqual([]);
  });

  it('never deletes an event received in the last day, whatever time it names', async () => {
    const [p] = (await people.splice(0, 1)) as [string];
    const eventId = uuidv7();
    const old = clock.now() - 400 * DAY;
    await db()
      .insert(visitEvents)
      .values({
        entityId: acme,
        id: eventId,
        personId: p,
        kind: 'in',
        areaId: area,
        at: old,
        receivedAt: new Date(clock.now() - HOUR),
      });
    await db().transaction((tx) => runRetention(tx, acme, clock.now(), DEFAULT_RETENTION));
    expect(await db().select().from(visitEvents).where(eq(visitEvents.id, eventId))).toHaveLength(1);
    clock.advance(DAY);
    await db().transaction((tx) => runRetention(tx, acme, clock.now(), DEFAULT_RETENTION));
    expect(await db().select().from(visitEvents).where(eq(visitEvents.id, eventId))).toHaveLength(0);
  });
});
