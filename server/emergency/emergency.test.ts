// Emergency sessions against real databases: start, mark and end through sync pushes, the
// merged incident and its exact counts over REST, permissions, the inaccessible-sites rule,
// and another company's ids answering 404.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PullResponse, PushResponse } from '../../sync/protocol';
import { entities } from '../db/schema/entities';
import { userSiteAccess } from '../db/schema/emergency';
import { users } from '../db/schema/people';
import { areas, sites } from '../db/schema/places';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';

const MIN = 60_000;

eachDatabase((get) => {
  const clock = testClock();
  let app: FastifyInstance;
  let admin: string;
  let warden: string;
  let people: string[];
  let office: { site: string; area: string };
  let warehouse: { site: string; area: string };
  let globex: { admin: string; site: string; person: string };

  const seqs = new Map<string, number>();
  const mutation = (deviceId: string, name: string, args: Record<string, unknown>, clientTime = clock.now()) => {
    const seq = (seqs.get(deviceId) ?? 0) + 1;
    seqs.set(deviceId, seq);
    return { seq, mutationId: uuidv7(), name, args, clientTime, clockOffsetMs: 0 };
  };
  const push = async (token: string, deviceId: string, mutations: ReturnType<typeof mutation>[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(token),
      payload: { deviceId, mutations },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as PushResponse).results;
  };
  const get$ = (token: string, url: string) => app.inject({ url, headers: bearer(token) });
  const start = (deviceId: string, siteIds: string[], at = clock.now(), sessionId = uuidv7(), name = 'Fire drill') => ({
    sessionId,
    m: mutation(deviceId, 'emergency.start', { sessionId, name, siteIds, at }),
  });
  const mark = (
    deviceId: string,
    sessionId: string,
    personId: string,
    status: string,
    at = clock.now(),
    settles?: boolean,
  ) =>
    mutation(deviceId, 'emergency.mark', {
      markId: uuidv7(),
      sessionId,
      personId,
      status,
      at,
      ...(settles ? { settles } : {}),
    });
  const signIn = (deviceId: string, personId: string, areaId: string, kind: 'signIn' | 'signOut' = 'signIn') =>
    mutation(deviceId, `visit.${kind}`, { eventId: uuidv7(), personId, areaId, at: clock.now() });

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    warden = await tokenFor(app, 'warden@acme.test');
    const db = get().database.db;
    const entityOf = async (sub: string) =>
      (await db.select().from(entities).where(eq(entities.subdomain, sub)))[0]!.id;
    const [acme, gx] = [await entityOf('acme'), await entityOf('globex')];
    const place = async (entityId: string, name: string) => {
      const [site] = await db
        .select()
        .from(sites)
        .where(and(eq(sites.entityId, entityId), eq(sites.name, name)));
      const [area] = await db
        .select()
        .from(areas)
        .where(and(eq(areas.entityId, entityId), eq(areas.siteId, site!.id)));
      return { site: site!.id, area: area!.id };
    };
    office = await place(acme, 'Head Office');
    warehouse = await place(acme, 'Warehouse');
    people = (await db.select({ id: users.id }).from(users).where(eq(users.entityId, acme))).map((u) => u.id);
    const gxSite = (await place(gx, 'Globex Plant')).site;
    globex = {
      admin: await tokenFor(app, 'admin@globex.test'),
      site: gxSite,
      person: (await db.select().from(users).where(eq(users.entityId, gx)))[0]!.id,
    };
    // Everyone at Acme signs in at Head Office; the last two at the Warehouse.
    const kiosk = uuidv7();
    await push(
      admin,
      kiosk,
      people.map((p, i) => signIn(kiosk, p, i >= people.length - 2 ? warehouse.area : office.area)),
    );
    clock.advance(MIN);
  });

  describe('a roll call', () => {
    it('merges two offline starts for one site, keeps every mark, flags the differing one and counts exactly', async () => {
      const [tabletA, tabletB] = [uuidv7(), uuidv7()];
      const emit = vi.spyOn(app.realtimeHub, 'emitToEntity');
      const a = start(tabletA, [office.site]);
      clock.advance(3 * MIN);
      const b = start(tabletB, [office.site], clock.now(), undefined, 'Alarm B');
      // Tablet B reconnects first; A's earlier start still names the incident.
      await push(warden, tabletB, [
        b.m,
        mark(tabletB, b.sessionId, people[0]!, 'missing'),
        mark(tabletB, b.sessionId, people[1]!, 'safe'),
      ]);
      expect(emit.mock.calls.filter(([, e]) => e === 'pongStartSessionDiffAdmin')).toHaveLength(1);
      clock.advance(30_000);
      await push(admin, tabletA, [
        a.m,
        mark(tabletA, a.sessionId, people[0]!, 'safe', clock.now() - MIN),
        mark(tabletA, a.sessionId, people[2]!, 'injured'),
      ]);
      // A's start joins B's incident quietly: no second pop-up.
      expect(emit.mock.calls.filter(([, e]) => e === 'pongStartSessionDiffAdmin')).toHaveLength(1);
      expect(emit.mock.calls.filter(([, e]) => e === 'updateEmergencySessionData')).toHaveLength(2);
      emit.mockRestore();

      const list = (await get$(warden, '/api/emergency/sessions?state=active')).json();
      expect(list.count).toBe(1);
      expect(list.data[0]).toMatchObject({
        id: a.sessionId,
        name: 'Fire drill',
        memberIds: [a.sessionId, b.sessionId],
        siteNames: ['Head Office'],
      });
      const onSiteAtOffice = people.length - 2;
      expect(list.data[0].summary).toMatchObject({
        total: onSiteAtOffice,
        accounted: 2,
        conflicts: 1,
        byStatus: { safe: 1, injured: 1, missing: 1, unaccounted: onSiteAtOffice - 3, left_site: 0 },
      });
      // Any member's id opens the same incident.
      const detail = (await get$(warden, `/api/emergency/sessions/${b.sessionId}`)).json();
      expect(detail.data.session.id).toBe(a.sessionId);
      const p0 = detail.data.people.find((p: { personId: string }) => p.personId === people[0]);
      expect(p0).toMatchObject({ status: 'missing' });
      expect(p0.conflict.map((m: { status: string }) => m.status)).toEqual(['safe', 'missing']);

      // A person settles the conflict; then the session ends with a summary kept in history.
      clock.advance(MIN);
      await push(warden, tabletB, [mark(tabletB, b.sessionId, people[0]!, 'safe', clock.now(), true)]);
      clock.advance(MIN);
      const [ended] = await push(warden, tabletB, [
        mutation(tabletB, 'emergency.end', { sessionId: b.sessionId, at: clock.now() }),
      ]);
      expect(ended!.status).toBe('applied');
      const summary = (await get$(admin, `/api/emergency/sessions/${a.sessionId}/summary`)).json().data;
      expect(summary.session).toMatchObject({ active: false, endedAt: clock.now() });
      expect(summary.summary).toMatchObject({
        total: onSiteAtOffice,
        accounted: 3,
        conflicts: 0,
        durationMs: clock.now() - (clock.now() - 5.5 * MIN),
      });
      expect((await get$(admin, '/api/emergency/sessions?state=ended')).json().count).toBe(1);

      const csv = await get$(admin, `/api/emergency/sessions/${a.sessionId}/export.csv?siteIds=${office.site}`);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toContain('Name');
      expect(lines).toHaveLength(onSiteAtOffice + 1);
      expect(lines.some((l) => l.includes('Injured'))).toBe(true);
    });

    it('sends sessions and marks to wardens through the change feed', async () => {
      const page = (await get$(warden, `/api/sync/pull?deviceId=${uuidv7()}&limit=5000`)).json() as PullResponse;
      const tables = new Set(page.changes.map((c) => c.table));
      expect(tables.has('emergencySessions') && tables.has('rollCallMarks')).toBe(true);
      const session = page.changes.find((c) => c.table === 'emergencySessions')!.data!;
      expect(Object.keys(session).sort()).toEqual([
        'endedAt',
        'endedBy',
        'id',
        'name',
        'siteIds',
        'startedAt',
        'startedBy',
      ]);
    });

    it('lists everyone on site now, filtered by site and searched', async () => {
      const all = (await get$(warden, '/api/emergency/on-site')).json();
      expect(all.count).toBe(people.length);
      const atWarehouse = (await get$(warden, `/api/emergency/on-site?siteId=${warehouse.site}`)).json();
      expect(atWarehouse.count).toBe(2);
      const found = (await get$(warden, '/api/emergency/on-site?search=wendy')).json();
      expect(found.data.map((r: { fullName: string }) => r.fullName)).toEqual(['Wendy Warden']);
      expect((await get$(warden, '/api/emergency/devices')).json().data.length).toBeGreaterThan(0);
    });
  });

  describe('permissions', () => {
    it('refuses start, mark and end to a role without emergency, and the reads to one without the page keys', async () => {
      const employee = await tokenFor(app, 'employee@acme.test');
      const device = uuidv7();
      const s = start(device, [office.site]);
      const results = await push(employee, device, [s.m, mark(device, s.sessionId, people[0]!, 'safe')]);
      expect(results.map((r) => r.code)).toEqual(['action_not_allowed', 'action_not_allowed']);
      for (const url of ['/api/emergency/sessions', '/api/emergency/on-site']) {
        expect((await get$(employee, url)).statusCode).toBe(403);
      }
    });

    it('refuses to end a session with people still signed in at a site the actor cannot access, until they leave', async () => {
      const db = get().database.db;
      const [wardenRow] = await db.select().from(users).where(eq(users.email, 'warden@acme.test'));
      await db
        .insert(userSiteAccess)
        .values({ entityId: wardenRow!.entityId, userId: wardenRow!.id, siteId: office.site });
      clock.advance(60 * MIN);
      const device = uuidv7();
      const s = start(device, [office.site, warehouse.site]);
      expect((await push(warden, device, [s.m]))[0]!.status).toBe('applied');
      const end = () => mutation(device, 'emergency.end', { sessionId: s.sessionId, at: clock.now() });
      const [refused] = await push(warden, device, [end()]);
      expect(refused).toMatchObject({ status: 'rejected', code: 'emergency_sites_inaccessible' });
      expect((await get$(warden, `/api/emergency/sessions/${s.sessionId}`)).json().data.session.active).toBe(true);
      // The warden's list leaves out incidents of sites they cannot access at all.
      expect((await get$(warden, '/api/emergency/access')).json().data.siteIds).toEqual([office.site]);

      // The two people at the Warehouse sign out; now the warden may end it.
      const kiosk = uuidv7();
      clock.advance(MIN);
      await push(
        admin,
        kiosk,
        people.slice(-2).map((p) => signIn(kiosk, p, warehouse.area, 'signOut')),
      );
      clock.advance(MIN);
      expect((await push(warden, device, [end()]))[0]!.status).toBe('applied');
      await db.delete(userSiteAccess).where(eq(userSiteAccess.userId, wardenRow!.id));
    });
  });

  describe('tenancy', () => {
    it("answers another company's session, site and person with 404", async () => {
      const device = uuidv7();
      const s = start(device, [office.site]);
      await push(admin, device, [s.m]);
      for (const url of [
        `/api/emergency/sessions/${s.sessionId}`,
        `/api/emergency/sessions/${s.sessionId}/summary`,
        `/api/emergency/sessions/${s.sessionId}/export.csv`,
      ]) {
        const res = await get$(globex.admin, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('Head Office');
      }
      const gxDevice = uuidv7();
      const foreignSite = start(gxDevice, [office.site]);
      const results = await push(globex.admin, gxDevice, [
        foreignSite.m,
        mark(gxDevice, s.sessionId, globex.person, 'safe'),
        mutation(gxDevice, 'emergency.end', { sessionId: s.sessionId, at: clock.now() }),
      ]);
      expect(results.map((r) => r.code)).toEqual(['not_found', 'not_found', 'not_found']);
      // Acme's own marks on a Globex person fail the same way.
      const [acmeMark] = await push(admin, device, [mark(device, s.sessionId, globex.person, 'safe')]);
      expect(acmeMark!.code).toBe('not_found');
      expect((await get$(globex.admin, '/api/emergency/sessions')).json().count).toBe(0);
    });
  });
});
