// The auto sign-out job on a controlled clock: midnight in two time zones, a DST
// change, after 24 hours, catch-up after downtime without doubling, what devices pull, and the
// login-mode and user-type access effects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { textIn, type LocalizedText } from '../../domain/localized-text';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { acmeFacts, eventsOf, newPerson, setArea, setSite, signIn, visitOf } from '../test/auto-sign-out-fixture';
import { onAreaModeChanged, onUserTypeAccessRemoved } from './auto-sign-out.service';

eachDatabase((get) => {
  const clock = testClock(Date.UTC(2026, 0, 15, 9));
  let app: FastifyInstance;
  let f: Awaited<ReturnType<typeof acmeFacts>>;
  const db = () => get().database.db;
  const run = () => app.services.autoSignOut.run();
  const at = (iso: string) => Date.parse(iso);
  const setNow = (t: number) => clock.advance(t - clock.now());

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    f = await acmeFacts(db());
    // Every seeded area is "at midnight"; the two sites sit east and west of UTC.
    await setSite(db(), f.entityId, f.siteNamed('Head Office').id, { timeZone: 'Asia/Dubai' });
    await setSite(db(), f.entityId, f.siteNamed('Warehouse').id, { timeZone: 'America/New_York' });
  });
  afterAll(async () => app.close());

  describe('at midnight in the site time zone', () => {
    it('signs out in Dubai at its midnight and in New York at its own, once each, seen through pull', async () => {
      const dubai = await newPerson(db(), f.entityId, f.admin.roleId);
      const ny = await newPerson(db(), f.entityId, f.admin.roleId);
      setNow(at('2026-01-15T15:00:00Z'));
      const inDubai = await signIn(db(), f.entityId, dubai, f.areaNamed('Reception').id, clock.now()); // 19:00 local
      const inNy = await signIn(db(), f.entityId, ny, f.areaNamed('Loading Bay').id, clock.now()); // 10:00 local

      setNow(at('2026-01-15T19:59:00Z'));
      await run();
      expect((await visitOf(db(), f.entityId, inDubai))?.status).toBe('signed_in');

      setNow(at('2026-01-15T20:01:00Z'));
      await run();
      const dubaiEvents = await eventsOf(db(), f.entityId, dubai);
      expect(dubaiEvents.map((e) => e.kind)).toEqual(['in', 'out']);
      expect(dubaiEvents[1]).toMatchObject({
        at: at('2026-01-15T20:00:00Z'),
        details: { auto: true, reason: 'at_midnight', signInEventId: inDubai },
      });
      expect((await visitOf(db(), f.entityId, inDubai))?.status).toBe('auto_signed_out');
      expect((await visitOf(db(), f.entityId, inNy))?.status).toBe('signed_in');

      setNow(at('2026-01-16T05:00:30Z'));
      await run();
      await run();
      expect((await eventsOf(db(), f.entityId, ny)).map((e) => [e.kind, e.at])).toEqual([
        ['in', at('2026-01-15T15:00:00Z')],
        ['out', at('2026-01-16T05:00:00Z')],
      ]);
      expect((await eventsOf(db(), f.entityId, dubai)).length).toBe(2);

      // A device pulling the feed receives both sign-outs.
      const token = await tokenFor(app, 'admin@acme.test');
      const pulled = await app.inject({
        method: 'GET',
        url: `/api/sync/pull?deviceId=${uuidv7()}&limit=1000`,
        headers: bearer(token),
      });
      const outs = (
        pulled.json() as { changes: Array<{ table: string; data: { details?: { reason?: string } } }> }
      ).changes
        .filter((c) => c.table === 'visitEvents' && c.data?.details?.reason === 'at_midnight')
        .map((c) => c.data);
      expect(outs.length).toBeGreaterThanOrEqual(2);
    });

    it('follows London across the spring DST change (midnight is 23:00 UTC after it)', async () => {
      await setSite(db(), f.entityId, f.siteNamed('Head Office').id, { timeZone: 'Europe/London' });
      const person = await newPerson(db(), f.entityId, f.admin.roleId);
      setNow(at('2026-03-29T12:00:00Z')); // BST began at 01:00 UTC that morning
      await signIn(db(), f.entityId, person, f.areaNamed('Meeting Rooms').id, clock.now());
      setNow(at('2026-03-29T22:59:00Z'));
      await run();
      expect((await eventsOf(db(), f.entityId, person)).length).toBe(1);
      setNow(at('2026-03-29T23:00:01Z'));
      await run();
      expect((await eventsOf(db(), f.entityId, person))[1]).toMatchObject({
        kind: 'out',
        at: at('2026-03-29T23:00:00Z'),
      });
      await setSite(db(), f.entityId, f.siteNamed('Head Office').id, { timeZone: 'Asia/Dubai' });
    });

    it('catches up once after downtime: a server down over two midnights signs out at the first', async () => {
      const person = await newPerson(db(), f.entityId, f.admin.roleId);
      setNow(at('2026-04-01T14:00:00Z')); // 10:00 in New York
      await signIn(db(), f.entityId, person, f.areaNamed('Stores').id, clock.now());
      setNow(at('2026-04-03T12:00:00Z')); // back up two days later
      await Promise.all([run(), run()]);
      await run();
      const list = await eventsOf(db(), f.entityId, person);
      expect(list.map((e) => [e.kind, e.at])).toEqual([
        ['in', at('2026-04-01T14:00:00Z')],
        ['out', at('2026-04-02T04:00:00Z')], // midnight EDT
      ]);
    });
  });

  it('signs out after 24 hours in an "after 24 hours" area, and never in an area without a mode', async () => {
    await setArea(db(), f.entityId, f.areaNamed('Stores').id, { autoSignOutMode: 'after 24 hours' });
    await setArea(db(), f.entityId, f.areaNamed('Loading Bay').id, { autoSignOutMode: null });
    const day = await newPerson(db(), f.entityId, f.admin.roleId);
    const stay = await newPerson(db(), f.entityId, f.admin.roleId);
    setNow(at('2026-05-01T08:00:00Z'));
    await signIn(db(), f.entityId, day, f.areaNamed('Stores').id, clock.now());
    await signIn(db(), f.entityId, stay, f.areaNamed('Loading Bay').id, clock.now());
    setNow(at('2026-05-02T07:59:00Z'));
    await run();
    expect((await eventsOf(db(), f.entityId, day)).length).toBe(1);
    setNow(at('2026-05-04T00:00:00Z'));
    await run();
    expect((await eventsOf(db(), f.entityId, day))[1]).toMatchObject({
      kind: 'out',
      at: at('2026-05-02T08:00:00Z'),
      details: { reason: 'after_24_hours' },
    });
    expect((await eventsOf(db(), f.entityId, stay)).length).toBe(1);
    await setArea(db(), f.entityId, f.areaNamed('Stores').id, { autoSignOutMode: 'at midnight' });
    await setArea(db(), f.entityId, f.areaNamed('Loading Bay').id, { autoSignOutMode: 'at midnight' });
  });

  it('ends open check-in-only visits when the area becomes sign in/sign out, with the reason', async () => {
    const area = f.areaNamed('Meeting Rooms').id;
    await setArea(db(), f.entityId, area, { loginMode: 'check in only', autoSignOutMode: null });
    const person = await newPerson(db(), f.entityId, f.admin.roleId);
    setNow(at('2026-06-01T09:00:00Z'));
    const visit = await signIn(db(), f.entityId, person, area, clock.now());
    setNow(at('2026-06-01T10:00:00Z'));
    const unchanged = await db().transaction((tx) =>
      onAreaModeChanged(
        tx,
        f.entityId,
        area,
        { loginMode: 'check in only' },
        { loginMode: 'remote check in only' },
        clock.now(),
      ),
    );
    expect(unchanged).toBe(0);
    const ended = await db().transaction((tx) =>
      onAreaModeChanged(
        tx,
        f.entityId,
        area,
        { loginMode: 'check in only' },
        { loginMode: 'sign in/sign out' },
        clock.now(),
      ),
    );
    expect(ended).toBe(1);
    expect((await eventsOf(db(), f.entityId, person))[1]).toMatchObject({
      kind: 'out',
      at: clock.now(),
      details: { auto: true, reason: 'login_mode_changed' },
    });
    expect((await visitOf(db(), f.entityId, visit))?.status).toBe('auto_signed_out');
    await setArea(db(), f.entityId, area, { loginMode: 'sign in/sign out', autoSignOutMode: 'at midnight' });
  });

  it('ends check-in-only visits when an admin changes the area through PUT /api/areas/:id', async () => {
    const area = f.areaNamed('Loading Bay').id;
    setNow(at('2026-06-03T08:00:00Z'));
    const token = await tokenFor(app, 'admin@acme.test');
    const put = async (loginMode: string) => {
      const got = await app.inject({ method: 'GET', url: `/api/areas/${area}`, headers: bearer(token) });
      if (got.statusCode !== 200) throw new Error(got.body);
      const { id: _id, site_id: _site, ...fields } = (got.json() as { data: Record<string, unknown> }).data;
      const res = await app.inject({
        method: 'PUT',
        url: `/api/areas/${area}`,
        headers: bearer(token),
        payload: { ...fields, login_mode: loginMode },
      });
      expect(res.statusCode).toBe(200);
    };
    await put('check in only');
    const person = await newPerson(db(), f.entityId, f.admin.roleId);
    setNow(at('2026-06-03T09:00:00Z'));
    await signIn(db(), f.entityId, person, area, clock.now());
    setNow(at('2026-06-03T11:00:00Z'));
    await put('sign in/sign out');
    expect((await eventsOf(db(), f.entityId, person))[1]).toMatchObject({
      kind: 'out',
      at: at('2026-06-03T11:00:00Z'),
      details: { reason: 'login_mode_changed' },
    });
  });

  it("signs out a user type's people from an area it lost access to, and nobody else", async () => {
    const area = f.areaNamed('Reception').id;
    const [typeA, typeB] = f.types;
    const a = await newPerson(db(), f.entityId, f.admin.roleId, typeA!.id);
    const b = await newPerson(db(), f.entityId, f.admin.roleId, typeB!.id);
    setNow(at('2026-06-02T09:00:00Z'));
    await signIn(db(), f.entityId, a, area, clock.now());
    await signIn(db(), f.entityId, b, area, clock.now());
    setNow(at('2026-06-02T09:30:00Z'));
    const n = await db().transaction((tx) => onUserTypeAccessRemoved(tx, f.entityId, typeA!.id, [area], clock.now()));
    expect(n).toBe(1);
    expect((await eventsOf(db(), f.entityId, a))[1]).toMatchObject({ details: { reason: 'access_removed' } });
    expect((await eventsOf(db(), f.entityId, b)).length).toBe(1);
    setNow(at('2026-06-02T10:00:00Z'));
  });

  it('signs out the people of a user type whose journey no longer serves their area, when an admin edits it', async () => {
    const visitorType = f.types.find((t) => t.name === 'Visitor')!;
    const staffType = f.types.find((t) => t.name === 'Staff')!;
    const reception = f.areaNamed('Reception').id;
    const loadingBay = f.areaNamed('Loading Bay').id;
    const atReception = await newPerson(db(), f.entityId, f.admin.roleId, visitorType.id);
    const atLoadingBay = await newPerson(db(), f.entityId, f.admin.roleId, visitorType.id);
    const staff = await newPerson(db(), f.entityId, f.admin.roleId, staffType.id);
    setNow(at('2026-06-03T09:00:00Z'));
    await signIn(db(), f.entityId, atReception, reception, clock.now());
    await signIn(db(), f.entityId, atLoadingBay, loadingBay, clock.now());
    await signIn(db(), f.entityId, staff, reception, clock.now());
    setNow(at('2026-06-03T09:30:00Z'));
    const token = await tokenFor(app, 'admin@acme.test');

    // The seeded visitor journey serves every area; the admin narrows it to the Loading Bay.
    const list = await app.inject({ method: 'GET', url: '/api/journeys', headers: bearer(token) });
    // The demo's journeys are named in three languages: the answer's name is one text per language.
    const journey = (list.json().data as Array<{ id: string; name: LocalizedText }>).find(
      (j) => textIn(j.name, 'en') === 'Visitor sign-in',
    )!;
    const put = await app.inject({
      method: 'PUT',
      url: `/api/journeys/${journey.id}`,
      headers: bearer(token),
      payload: { name: 'Visitor sign-in', settings: { areas: [loadingBay] } },
    });
    expect(put.statusCode).toBe(200);

    const gone = await eventsOf(db(), f.entityId, atReception);
    expect(gone.map((e) => e.kind)).toEqual(['in', 'out']);
    expect(gone[1]).toMatchObject({ at: clock.now(), details: { auto: true, reason: 'access_removed' } });
    // Still served where they are, or never served by a journey at all: left alone.
    expect((await eventsOf(db(), f.entityId, atLoadingBay)).length).toBe(1);
    expect((await eventsOf(db(), f.entityId, staff)).length).toBe(1);
    setNow(at('2026-06-03T10:00:00Z'));
  });
});
