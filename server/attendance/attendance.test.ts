// Attendance modes and reasons (spec 2 §7 "Attendance") against real databases:
// every rule good and bad (400 with the field's message, nothing written), version conflicts,
// permission keys, another company's ids (404), and the server's own late/early judgement of
// sign-ins in the site's time zone.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { areas, attendanceModes, attendanceRecords, journeyFlows, sites, users, visitEvents } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, callerOf, entityFacts, seededApp, testClock, tokenFor } from '../test/harness';

// Thursday 15 January 2026.
const THURSDAY = (h: number, m = 0) => Date.UTC(2026, 0, 15, h, m);

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let employee: string;
  let globexAdmin: string;
  let acme: string;
  let globex: string;
  const clock = testClock(THURSDAY(9));
  const call = callerOf(
    () => app,
    () => admin,
  );
  const mode = (patch: object = {}) => ({
    name: 'Night shift',
    workingDays: [1, 2, 3, 4, 5],
    startTime: '08:00',
    endTime: '18:00',
    lateGraceMinutes: 10,
    earlyGraceMinutes: 5,
    attendanceCode: 'ON-TIME',
    integration: null,
    ...patch,
  });
  const reason = (modeId: string, patch: object = {}) => ({
    attendanceModeId: modeId,
    name: 'Bus late',
    type: 'late_sign_in',
    durationMinutes: 30,
    startTime: '08:10',
    endTime: '10:00',
    attendanceCode: 'LATE-BUS',
    presented: 'The bus arrived late this morning',
    ...patch,
  });
  const modeCount = async () =>
    (await get().database.db.select().from(attendanceModes).where(eq(attendanceModes.entityId, acme))).length;

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    employee = await tokenFor(app, 'employee@acme.test');
    globexAdmin = await tokenFor(app, 'admin@globex.test');
    acme = (await entityFacts(get().database, 'acme')).entity.id;
    globex = (await entityFacts(get().database, 'globex')).entity.id;
  });
  afterAll(async () => {
    await app.close();
  });

  describe('modes', () => {
    it('creates a mode that devices receive, and says its name is taken in any case', async () => {
      const res = await call('POST', '/api/attendance_mode', mode());
      expect(res.statusCode).toBe(201);
      const created = res.json().data;
      expect(created).toMatchObject({
        name: 'Night shift',
        startTime: '08:00',
        endTime: '18:00',
        version: 1,
        reasons: [],
      });
      const listed = (await call('GET', `/api/attendance_mode/${acme}`)).json().data;
      expect(listed.map((m: { name: string }) => m.name)).toContain('Night shift');
      expect((await call('GET', '/api/attendance-mode/unique?name=night%20SHIFT')).json().data).toEqual({
        available: false,
      });
      expect(
        (await call('GET', `/api/attendance-mode/unique?name=Night%20shift&id=${created.id}`)).json().data.available,
      ).toBe(true);
      expect((await call('GET', '/api/attendance-mode/unique?name=Day%20shift')).json().data.available).toBe(true);
      const pull = await app.inject({ url: `/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, headers: bearer(admin) });
      const change = pull.json().changes.find((c: { id: string }) => c.id === created.id);
      expect(change).toMatchObject({
        table: 'attendanceModes',
        data: { startMinutes: 480, attendanceCode: 'ON-TIME' },
      });
    });

    it('refuses bad input beside each field and writes nothing', async () => {
      const before = await modeCount();
      const cases: Array<[object, string, string]> = [
        [mode({ name: 'NIGHT SHIFT' }), 'name', 'attendance.validation.name_taken'],
        [mode({ name: '   ' }), 'name', 'attendance.validation.required'],
        [mode({ name: 'x'.repeat(51) }), 'name', 'attendance.validation.too_long'],
        [mode({ name: 'Late', workingDays: [] }), 'workingDays', 'attendance.validation.days'],
        [mode({ name: 'Late', startTime: '25:00' }), 'startTime', 'attendance.validation.time'],
        [mode({ name: 'Late', endTime: '07:00' }), 'endTime', 'attendance.validation.end_after_start'],
        [mode({ name: 'Late', lateGraceMinutes: -1 }), 'lateGraceMinutes', 'attendance.validation.number'],
        [mode({ name: 'Late', attendanceCode: '' }), 'attendanceCode', 'attendance.validation.required'],
      ];
      for (const [body, field, key] of cases) {
        const res = await call('POST', '/api/attendance_mode', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().errors[field]).toEqual([expect.any(String)]);
        // In the caller's words, not the key (locales/en.json "attendance.validation").
        expect(res.json().errors[field][0], key).not.toMatch(/^attendance\./);
      }
      expect(await modeCount()).toBe(before);
    });

    it('meets a second admin with a version conflict instead of overwriting', async () => {
      const created = (await call('POST', '/api/attendance_mode', mode({ name: 'Shared' }))).json().data;
      const first = await call('PUT', `/api/attendance_mode/${created.id}`, mode({ name: 'Shared A', version: 1 }));
      expect(first.statusCode).toBe(200);
      expect(first.json().data.version).toBe(2);
      const second = await call('PUT', `/api/attendance_mode/${created.id}`, mode({ name: 'Shared B', version: 1 }));
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('version_conflict');
      expect((await call('GET', `/api/attendance_modes/${created.id}`)).json().data.name).toBe('Shared A');
    });
  });

  describe('reasons', () => {
    let modeId: string;
    beforeAll(async () => {
      modeId = (await call('POST', '/api/attendance_mode', mode({ name: 'Reasons mode' }))).json().data.id;
    });

    it('adds a late reason inside the mode and refuses every broken rule', async () => {
      const ok = await call('POST', '/api/reason', reason(modeId));
      expect(ok.statusCode).toBe(201);
      expect(ok.json().data.reasons).toMatchObject([{ name: 'Bus late', startTime: '08:10', endTime: '10:00' }]);
      const bad: Array<[object, string]> = [
        [reason(modeId, { name: 'BUS LATE', startTime: '12:00', endTime: '13:00' }), 'name'],
        [reason(modeId, { name: 'x'.repeat(21) }), 'name'],
        [reason(modeId, { name: 'Short', presented: 'Too short' }), 'presented'],
        [reason(modeId, { name: 'Zero', durationMinutes: 0 }), 'durationMinutes'],
        [reason(modeId, { name: 'Early bird', startTime: '07:00', endTime: '08:30' }), 'startTime'],
        [reason(modeId, { name: 'Overlap', startTime: '09:00', endTime: '11:00' }), 'startTime'],
        [reason(modeId, { name: 'Backwards', startTime: '11:00', endTime: '10:30' }), 'endTime'],
        [reason(modeId, { name: 'Kind', type: 'sideways' }), 'type'],
      ];
      for (const [body, field] of bad) {
        const res = await call('POST', '/api/reason', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json().errors)).toContain(field);
      }
      const [row] = await get()
        .database.db.select()
        .from(attendanceModes)
        .where(and(eq(attendanceModes.entityId, acme), eq(attendanceModes.id, modeId)));
      expect(row!.reasons).toHaveLength(1);
      // The same hours for the other type do not overlap; the same name in another mode is free.
      const early = await call('POST', '/api/reason', reason(modeId, { name: 'Dentist', type: 'early_sign_out' }));
      expect(early.statusCode).toBe(201);
      const other = (await call('POST', '/api/attendance_mode', mode({ name: 'Other mode' }))).json().data.id;
      expect((await call('POST', '/api/reason', reason(other))).statusCode).toBe(201);
    });

    it('edits a reason by its id, with the mode version, and deletes it', async () => {
      const current = (await call('GET', `/api/attendance_modes/${modeId}`)).json().data;
      const id = current.reasons[0].id;
      const edited = await call(
        'PUT',
        `/api/reason/${id}`,
        reason(modeId, { name: 'Train late', version: current.version }),
      );
      expect(edited.statusCode).toBe(200);
      expect(edited.json().data.reasons.find((r: { id: string }) => r.id === id).name).toBe('Train late');
      const stale = await call(
        'PUT',
        `/api/reason/${id}`,
        reason(modeId, { name: 'Tram late', version: current.version }),
      );
      expect(stale.statusCode).toBe(409);
      expect((await call('PUT', `/api/reason/${uuidv7()}`, reason(modeId))).statusCode).toBe(404);
      expect((await call('DELETE', `/api/reason/${id}`)).statusCode).toBe(200);
      const after = (await call('GET', `/api/attendance_modes/${modeId}`)).json().data;
      expect(after.reasons.map((r: { name: string }) => r.name)).toEqual(['Dentist']);
    });

    it('lists attendance codes, without those the mode already gave a reason', async () => {
      const all = (await call('GET', `/api/attendance_code/${acme}/none`)).json().data.map((c: { id: string }) => c.id);
      expect(all).toEqual(expect.arrayContaining(['ON-TIME', 'LATE-BUS', 'LATE', 'PRESENT']));
      const free = (await call('GET', `/api/attendance_code/${acme}/none?add_reason=1&attendance_mode_id=${modeId}`))
        .json()
        .data.map((c: { id: string }) => c.id);
      expect(free).not.toContain('LATE-BUS'); // Dentist keeps its code LATE-BUS in this mode
    });

    it('deletes a mode no journey uses; refuses one a journey uses; other rows are 404', async () => {
      const spare = (await call('POST', '/api/attendance_mode', mode({ name: 'Spare' }))).json().data.id;
      expect((await call('DELETE', `/api/attendance_mode/${spare}`)).statusCode).toBe(200);
      expect((await call('GET', `/api/attendance_modes/${spare}`)).statusCode).toBe(404);
      const seeded = (await call('GET', `/api/attendance_mode/${acme}`))
        .json()
        .data.find((m: { name: string }) => m.name === 'Office hours');
      const used = await call('DELETE', `/api/attendance_mode/${seeded.id}`);
      expect(used.statusCode).toBe(400);
      expect(used.json().code).toBe('attendance_mode_in_use');
      expect((await call('DELETE', `/api/journey_thing/${seeded.id}`)).statusCode).toBe(404);
    });
  });

  describe('access', () => {
    it('needs add_attendance_mode, add_reason and show_attendance_modes', async () => {
      const id = (await call('GET', `/api/attendance_mode/${acme}`)).json().data[0].id;
      expect((await call('POST', '/api/attendance_mode', mode({ name: 'Nope' }), employee)).statusCode).toBe(403);
      expect((await call('PUT', `/api/attendance_mode/${id}`, mode({ name: 'Nope' }), employee)).statusCode).toBe(403);
      expect((await call('POST', '/api/reason', reason(id), employee)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/attendance_mode/${id}`, undefined, employee)).statusCode).toBe(403);
      expect((await call('GET', `/api/attendance_modes/${id}`, undefined, employee)).statusCode).toBe(403);
    });

    it("answers 404 for another company's modes and reasons", async () => {
      const mine = (await call('GET', `/api/attendance_mode/${acme}`))
        .json()
        .data.find((m: { name: string }) => m.name === 'Office hours');
      const g = (m: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, body?: object) => call(m, url, body, globexAdmin);
      expect((await g('GET', `/api/attendance_modes/${mine.id}`)).statusCode).toBe(404);
      expect((await g('PUT', `/api/attendance_mode/${mine.id}`, mode({ name: 'Stolen' }))).statusCode).toBe(404);
      expect((await g('POST', '/api/reason', reason(mine.id, { name: 'Stolen' }))).statusCode).toBe(404);
      expect((await g('PUT', `/api/reason/${mine.reasons[0].id}`, reason(mine.id))).statusCode).toBe(404);
      expect((await g('DELETE', `/api/reason/${mine.reasons[0].id}`)).statusCode).toBe(404);
      expect((await g('DELETE', `/api/attendance_mode/${mine.id}`)).statusCode).toBe(404);
      expect((await g('GET', `/api/attendance_code/${acme}/none`)).statusCode).toBe(404);
      expect((await g('GET', `/api/attendance_mode/${acme}`)).statusCode).toBe(404);
      expect((await call('GET', `/api/attendance_modes/${mine.id}`)).json().data.reasons).toHaveLength(
        mine.reasons.length,
      );
      expect(globex).not.toBe(acme);
    });
  });

  describe('late and early, judged by the server in the site time zone', () => {
    let staffFlow: string;
    let sam: string;
    let area: string;
    let siteId: string;
    let seq = 0;
    let deviceId = uuidv7();
    // Each test is its own device: a device's events are monotone, and the
    // Dubai test records an earlier hour of the day than the one before it.
    beforeEach(() => {
      deviceId = uuidv7();
      seq = 0;
    });
    beforeAll(async () => {
      const db = get().database.db;
      staffFlow = (
        await db
          .select()
          .from(journeyFlows)
          .where(and(eq(journeyFlows.entityId, acme), eq(journeyFlows.name, 'Staff day')))
      )[0]!.id;
      sam = (await db.select().from(users).where(eq(users.email, 'sam.staff@acme.test')))[0]!.id;
      const facts = await entityFacts(get().database, 'acme');
      siteId = (await db.select().from(sites).where(eq(sites.entityId, facts.entity.id)))[0]!.id;
      area = (
        await db
          .select()
          .from(areas)
          .where(and(eq(areas.entityId, acme), eq(areas.siteId, siteId)))
      )[0]!.id;
    });
    const push = async (name: string, args: { at: number; [key: string]: unknown }) => {
      // The device pushes as it records: a time in the future of receipt is not believed.
      if (args.at > clock.now()) clock.advance(args.at - clock.now());
      const res = await app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: bearer(admin),
        payload: {
          deviceId,
          mutations: [{ seq: ++seq, mutationId: uuidv7(), name, args, clientTime: clock.now(), clockOffsetMs: 0 }],
        },
      });
      expect(res.statusCode).toBe(200);
      return res.json().results[0];
    };
    const stored = async (eventId: string) => {
      const db = get().database.db;
      const [event] = await db
        .select()
        .from(visitEvents)
        .where(and(eq(visitEvents.entityId, acme), eq(visitEvents.id, eventId)));
      const [record] = await db
        .select()
        .from(attendanceRecords)
        .where(and(eq(attendanceRecords.entityId, acme), eq(attendanceRecords.id, eventId)));
      return { details: event?.details as Record<string, unknown>, record };
    };
    const signIn = (at: number, details: object = {}) => {
      const eventId = uuidv7();
      return push('visit.signIn', {
        eventId,
        personId: sam,
        areaId: area,
        journeyFlowId: staffFlow,
        at,
        details: { mass: true, ...details },
      }).then(() => stored(eventId));
    };
    const signOut = (at: number, details: object = {}) => {
      const eventId = uuidv7();
      return push('visit.signOut', {
        eventId,
        personId: sam,
        areaId: area,
        at,
        details: { mass: true, journeyFlowId: staffFlow, ...details },
      }).then(() => stored(eventId));
    };

    it('asks for the only late reason after start plus grace, and stores its code whatever the device said', async () => {
      clock.advance(THURSDAY(10) - clock.now());
      const asked = (
        await call('GET', `/api/get_reasons_should_check_in_visit?user_id=${sam}&area_id=${area}&action=in`)
      ).json().data;
      expect(asked).toMatchObject({ should_check: true, situation: 'late_sign_in', attendance_code: 'LATE' });
      expect(asked.reasons.map((r: { name: string }) => r.name)).toEqual(['Traffic delay']);
      const late = await signIn(THURSDAY(10), { attendanceCode: 'FORGED' });
      expect(late.details).toMatchObject({
        attendanceCode: 'LATE',
        lateness: 'late_sign_in',
        reasonId: asked.reasons[0].id,
      });
      expect(late.record).toMatchObject({
        situation: 'late_sign_in',
        reasonName: 'Traffic delay',
        attendanceCode: 'LATE',
        source: 'dashboard',
      });
    });

    it('takes the early reason the person picked of several; none picked → the mode code', async () => {
      const modeRow = (await call('GET', `/api/attendance_mode/${acme}`))
        .json()
        .data.find((m: { name: string }) => m.name === 'Office hours');
      const family = modeRow.reasons.find((r: { name: string }) => r.name === 'Family matter');
      const picked = await signOut(THURSDAY(15), { reasonId: family.id });
      expect(picked.details).toMatchObject({
        reasonId: family.id,
        attendanceCode: 'FAMILY',
        lateness: 'early_sign_out',
      });
      await signIn(THURSDAY(15, 5));
      const unpicked = await signOut(THURSDAY(15, 30), { reasonId: uuidv7() });
      expect(unpicked.details.reasonId).toBeUndefined();
      expect(unpicked.record).toMatchObject({ situation: 'early_sign_out', attendanceCode: 'PRESENT', reasonId: null });
    });

    it('reads the clock of the site: 05:30 UTC is 09:30 in Dubai, late; 05:00 UTC is on time', async () => {
      const db = get().database.db;
      await db
        .update(sites)
        .set({ timeZone: 'Asia/Dubai' })
        .where(and(eq(sites.entityId, acme), eq(sites.id, siteId)));
      await signOut(THURSDAY(4));
      const onTime = await signIn(THURSDAY(5));
      expect(onTime.details.lateness).toBeUndefined();
      expect(onTime.details.attendanceCode).toBe('PRESENT');
      await signOut(THURSDAY(5, 10), {});
      const late = await signIn(THURSDAY(5, 30));
      expect(late.details).toMatchObject({ lateness: 'late_sign_in', attendanceCode: 'LATE' });
      await db
        .update(sites)
        .set({ timeZone: 'UTC' })
        .where(and(eq(sites.entityId, acme), eq(sites.id, siteId)));
    });
  });
});
