// Attendance codes and write-back of a Wonde integration on a real database against the fake
// Wonde: the timesheet shows the directory's code once mapped; the job posts the register marks
// of linked people with the mapped codes, never the same mark twice, once when two runs race,
// and resends a mark a crash left pending. Another company's admin gets 404, an employee 403.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { startWondeFake, type WondeFake } from '../../tests/fake-directories/wonde';
import { pairVisits } from '../dashboard/visit-pairing';
import {
  areas,
  attendanceModes,
  attendanceRecords,
  entities,
  integrationPeople,
  integrationWriteBackMarks,
  integrations,
  sites,
  users,
  visitEvents,
} from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { credentialsBox } from './directory-access';

const NOW = Date.parse('2026-11-26T12:00:00Z');

eachDatabase((get) => {
  let app: FastifyInstance;
  let wonde: WondeFake;
  let admin: string;
  let acme: string;
  let area: string;
  let integId: string;
  let modeId: string;
  const reasonId = uuidv7();
  const person: Record<string, string> = {};
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, token = admin) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const db = () => get().database.db;

  /** A sign-in or sign-out as the server judged it (the attendance feature writes these). */
  async function mark(who: string, kind: 'in' | 'out', at: string, m: { reason?: boolean; code?: string } = {}) {
    const id = uuidv7();
    const when = Date.parse(at);
    await db()
      .insert(visitEvents)
      .values({ entityId: acme, id, personId: who, kind, areaId: area, at: when, receivedAt: new Date(when) });
    await db()
      .insert(attendanceRecords)
      .values({
        entityId: acme,
        id,
        personId: who,
        kind,
        areaId: area,
        attendanceModeId: modeId,
        situation: m.reason ? 'late_sign_in' : null,
        reasonId: m.reason ? reasonId : null,
        reasonName: m.reason ? 'Train delay' : null,
        attendanceCode: m.code ?? 'P',
        source: 'kiosk',
        at: when,
      });
    return id;
  }

  beforeAll(async () => {
    wonde = await startWondeFake({ students: 2, employees: 1 });
    process.env.WONDE_BASE_URL = wonde.url;
    app = await seededApp(get().database, testClock(NOW));
    admin = await tokenFor(app, 'admin@acme.test');
    acme = (await db().select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
    for (const u of await db().select().from(users).where(eq(users.entityId, acme))) person[u.email] = u.id;
    const [reception] = await db().select().from(areas).where(eq(areas.entityId, acme)).limit(1);
    area = reception!.id;
    await db()
      .update(sites)
      .set({ timeZone: 'Europe/London' })
      .where(and(eq(sites.entityId, acme), eq(sites.id, reception!.siteId)));
    modeId = uuidv7();
    await db()
      .insert(attendanceModes)
      .values({
        entityId: acme,
        id: modeId,
        name: 'Oak registers',
        workingDays: [1, 2, 3, 4, 5],
        startMinutes: 540,
        endMinutes: 960,
        lateGraceMinutes: 5,
        earlyGraceMinutes: 5,
        attendanceCode: 'P',
        integration: 'Oak School',
        reasons: [{ id: reasonId, name: 'Train delay', type: 'late_sign_in', attendanceCode: 'L1' }],
      });
    integId = uuidv7();
    await db()
      .insert(integrations)
      .values({
        entityId: acme,
        id: integId,
        kind: 'wonde',
        name: 'Oak School',
        status: 'active',
        frequency: 'daily',
        credentials: credentialsBox(process.env.INTEGRATION_KEY).seal({
          kind: 'wonde',
          schoolId: wonde.schoolId,
          token: 'wonde-token',
        }),
        mapping: {},
        sites: [],
        groups: [],
        fields: [],
        createdAt: new Date(NOW),
      });
    await db().insert(integrationPeople).values({
      entityId: acme,
      integrationId: integId,
      externalId: 'S1000001',
      userId: person['sam.staff@acme.test']!,
    });
    const sam = person['sam.staff@acme.test']!;
    // Tuesday 24 Nov 2026 (GMT): late with a reason at 09:20, out on time at 16:00.
    const ids = [
      await mark(sam, 'in', '2026-11-24T09:20:00Z', { reason: true, code: 'L1' }),
      await mark(sam, 'out', '2026-11-24T16:00:00Z'),
    ];
    await pairVisits(db(), acme, ids);
    // Carla is not in the directory: her marks are never written back.
    await mark(person['carla.contractor@acme.test']!, 'in', '2026-11-24T09:00:00Z');
    // Olivia is Oak's staff: Wonde's register takes pupils' marks only, so hers are left out.
    const olivia = person['admin@acme.test']!;
    await db().insert(integrationPeople).values({
      entityId: acme,
      integrationId: integId,
      externalId: 'E2000001',
      userId: olivia,
      directoryType: 'employee',
    });
    await mark(olivia, 'in', '2026-11-24T08:30:00Z');
  });
  afterAll(async () => {
    await app?.close();
    await wonde?.close();
    delete process.env.WONDE_BASE_URL;
  });

  const codes = () => ({
    [`reason:${reasonId}`]: 'ATT-LATE',
    [`mode:${modeId}:on_time`]: 'ATT-PRESENT',
    [`mode:${modeId}:late_sign_in`]: '',
  });

  it('attendance-code mapping used in a timesheet row', async () => {
    const sam = person['sam.staff@acme.test']!;
    const sheet = async () =>
      (await call('GET', `/api/reports/timesheet?tz=Europe/London&from=2026-11-24&to=2026-11-24&person=${sam}`)).json()
        .data[0].days[0].codes as string[];
    expect(await sheet()).toEqual(['L1', 'P']);

    const screen = (await call('GET', `/api/integrations/${integId}/attendance-codes`)).json().data;
    expect(screen.modes.find((m: { id: string }) => m.id === modeId).reasons[0]).toMatchObject({ name: 'Train delay' });
    const saved = await call('PUT', `/api/integrations/${integId}/attendance-codes`, { codes: codes() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.codes).toEqual({
      [`reason:${reasonId}`]: 'ATT-LATE',
      [`mode:${modeId}:on_time`]: 'ATT-PRESENT',
    });
    expect(await sheet()).toEqual(['ATT-LATE', 'ATT-PRESENT']);

    const unknown = await call('PUT', `/api/integrations/${integId}/attendance-codes`, {
      codes: { [`reason:${uuidv7()}`]: 'X' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('write-back calls made with the right payload', async () => {
    expect((await call('GET', `/api/integrations/${integId}/write-back`)).json().data).toMatchObject({
      supported: true,
      attendance: false,
    });
    // Off: nothing is written.
    expect((await call('POST', `/api/integrations/${integId}/write-back/run`)).json().data.ran).toBe(false);
    await call('PUT', `/api/integrations/${integId}/write-back`, { attendance: true, comments: true });
    const first = await call('POST', `/api/integrations/${integId}/write-back/run`);
    expect(first.json().data, first.body).toMatchObject({ ran: true, sentNow: 2, sent: 2, lastError: null });
    expect(wonde.writeBacks).toEqual([
      {
        attendance: [
          {
            date: '2026-11-24',
            session: 'AM',
            student_id: 'S1000001',
            attendance_code_id: 'ATT-LATE',
            comment: 'Train delay',
          },
          { date: '2026-11-24', session: 'PM', student_id: 'S1000001', attendance_code_id: 'ATT-PRESENT' },
        ],
      },
    ]);

    // The same marks are never written twice.
    expect((await call('POST', `/api/integrations/${integId}/write-back/run`)).json().data.sentNow).toBe(0);
    expect(wonde.writeBacks).toHaveLength(1);

    // Two runs at once (two instances): the new mark is written once.
    await mark(person['sam.staff@acme.test']!, 'in', '2026-11-25T08:55:00Z');
    const jobs = app.services.writeBackJobs;
    // One of them writes the mark; the other is turned away by the first's lock (null) or, when
    // the first has already finished on a loaded machine, finds nothing left to send.
    const raced = await Promise.all([jobs.run(acme, integId), jobs.run(acme, integId)]);
    expect(raced.reduce((n, r) => n + (r?.sent ?? 0), 0)).toBe(1);
    expect(wonde.writeBacks).toHaveLength(2);
    expect(wonde.writeBacks[1]).toEqual({
      attendance: [{ date: '2026-11-25', session: 'AM', student_id: 'S1000001', attendance_code_id: 'ATT-PRESENT' }],
    });

    // A crash between "about to send" and "sent": the next run (the sweep) sends that mark again.
    await db()
      .update(integrationWriteBackMarks)
      .set({ state: 'pending', sentAt: null })
      .where(and(eq(integrationWriteBackMarks.entityId, acme), eq(integrationWriteBackMarks.day, '2026-11-25')));
    await jobs.sweep();
    expect(wonde.writeBacks).toHaveLength(3);
    expect(wonde.writeBacks[2]).toEqual(wonde.writeBacks[1]);
    expect((await call('GET', `/api/integrations/${integId}/write-back`)).json().data).toMatchObject({
      sent: 3,
      pending: 0,
    });
  });

  it('answers 404 to another company and 403 without the integration permission', async () => {
    const globex = await tokenFor(app, 'admin@globex.test');
    for (const path of ['attendance-codes', 'write-back'])
      expect((await call('GET', `/api/integrations/${integId}/${path}`, undefined, globex)).statusCode).toBe(404);
    const run = await call('POST', `/api/integrations/${integId}/write-back/run`, undefined, globex);
    expect(run.statusCode).toBe(404);
    const employee = await tokenFor(app, 'employee@acme.test');
    expect((await call('GET', `/api/integrations/${integId}/write-back`, undefined, employee)).statusCode).toBe(403);
  });
  it('records which directory people are pupils and which are staff, from a Wonde sync', async () => {
    const created = await call('POST', '/api/integrations', {
      name: 'Oak directory',
      credentials: { kind: 'wonde', schoolId: wonde.schoolId, token: 'wonde-token' },
      frequency: 'daily',
      mapping: {},
      sites: [],
      groups: [],
      fields: ['upi'],
      user_type_id: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { data: { id: string } }).data.id;
    expect((await call('POST', `/api/integrations/${id}/sync`)).statusCode).toBe(202);
    await app.services.integrationJobs.idle();
    const links = await db()
      .select({ externalId: integrationPeople.externalId, type: integrationPeople.directoryType })
      .from(integrationPeople)
      .where(and(eq(integrationPeople.entityId, acme), eq(integrationPeople.integrationId, id)));
    expect(Object.fromEntries(links.map((l) => [l.externalId, l.type]))).toEqual({
      S1000000: 'student',
      S1000001: 'student',
      E1000000: 'employee',
    });
  });
});
