// Privacy manager and the retention job against a real database, on a clock the test moves:
// settings good and bad, the permission, version conflicts; rows older than N days gone, newer
// kept, visitors anonymised, tombstones pulled by a device; two instances running at once do
// the work once; a server that was down catches up.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/database';
import {
  emergencySessions,
  emergencySummaries,
  kioskLogs,
  mailLog,
  mutationLog,
  retentionRuns,
  roles,
  rollCallMarks,
  userTypes,
  users,
  visitEvents,
} from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, callerOf, entityFacts, seededApp, testClock, tokenFor } from '../test/harness';

const DAY = 86_400_000;

eachDatabase((get, kind) => {
  const clock = testClock();
  let app: FastifyInstance;
  let admin: string;
  let employee: string;
  let globexAdmin: string;
  let acme: string;
  const call = callerOf(
    () => app,
    () => admin,
  );
  const db = () => get().database.db;

  async function pull(cursor: string | null, deviceId: string) {
    const res = await app.inject({
      url: `/api/sync/pull?deviceId=${deviceId}&limit=5000${cursor ? `&cursor=${cursor}` : ''}`,
      headers: bearer(admin),
    });
    return res.json() as {
      cursor: string;
      changes: Array<{ table: string; id: string; op: string; data: Record<string, unknown> | null }>;
    };
  }

  /** A visitor who cannot log in, last changed `ageDays` ago, with a sign-in then. */
  async function visitor(name: string, ageDays: number) {
    const [role] = await db()
      .select()
      .from(roles)
      .where(and(eq(roles.entityId, acme), eq(roles.name, 'default users')));
    const [type] = await db()
      .select()
      .from(userTypes)
      .where(and(eq(userTypes.entityId, acme), eq(userTypes.name, 'Visitor')));
    const id = uuidv7();
    const at = clock.now() - ageDays * DAY;
    await db()
      .insert(users)
      .values({
        entityId: acme,
        id,
        email: `${name.toLowerCase().replace(/\s/g, '.')}@visitor.test`,
        phone: String(Math.floor(Math.random() * 1e9)),
        fullName: name,
        roleId: role!.id,
        userTypeId: type!.id,
        updatedAt: new Date(at),
      });
    const eventId = uuidv7();
    await db()
      .insert(visitEvents)
      .values({ entityId: acme, id: eventId, personId: id, kind: 'in', at, receivedAt: new Date(at) });
    return { id, eventId };
  }

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    employee = await tokenFor(app, 'employee@acme.test');
    globexAdmin = await tokenFor(app, 'admin@globex.test');
    acme = (await entityFacts(get().database, 'acme')).entity.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('starts from the defaults with no run, and needs show_privacy_manager_list', async () => {
    const res = await call('GET', '/api/privacy');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      data_retention_days: 365,
      scans_retention_days: 90,
      version: 0,
      last_run: null,
    });
    expect((await call('GET', '/api/privacy', undefined, employee)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/api/privacy', { data_retention_days: 5, scans_retention_days: 5 }, employee)).statusCode,
    ).toBe(403);
  });

  it('refuses missing, zero, negative and fractional days beside the field and writes nothing', async () => {
    for (const [payload, field] of [
      [{ scans_retention_days: 10 }, 'data_retention_days'],
      [{ data_retention_days: 10, scans_retention_days: 0 }, 'scans_retention_days'],
      [{ data_retention_days: -3, scans_retention_days: 10 }, 'data_retention_days'],
      [{ data_retention_days: 2.5, scans_retention_days: 10 }, 'data_retention_days'],
      [{ data_retention_days: 10, scans_retention_days: '' }, 'scans_retention_days'],
    ] as const) {
      const res = await call('PUT', '/api/privacy', payload);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect((await call('GET', '/api/privacy')).json().data.version).toBe(0);
  });

  it('saves the settings and answers a second admin who edited the old version with a conflict', async () => {
    const saved = await call('PUT', '/api/privacy', { data_retention_days: 30, scans_retention_days: 10, version: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ data_retention_days: 30, scans_retention_days: 10, version: 1 });
    const stale = await call('PUT', '/api/privacy', { data_retention_days: 99, scans_retention_days: 99, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    expect((await call('GET', '/api/privacy')).json().data.data_retention_days).toBe(30);
    // Another company has its own settings.
    expect((await call('GET', '/api/privacy', undefined, globexAdmin)).json().data.data_retention_days).toBe(365);
  });

  it('removes what is older than N days, keeps what is newer, and devices pull the tombstones', async () => {
    const deviceId = uuidv7();
    const old = await visitor('Olga Oldvisit', 40);
    const recent = await visitor('Rita Recent', 5);
    const logOld = uuidv7();
    const logNew = uuidv7();
    const kioskId = uuidv7();
    await db()
      .insert(kioskLogs)
      .values([
        { entityId: acme, id: logOld, kioskId, kind: 'error', code: 'x', at: clock.now() - 31 * DAY },
        { entityId: acme, id: logNew, kioskId, kind: 'error', code: 'x', at: clock.now() - 29 * DAY },
      ]);
    await db()
      .insert(mailLog)
      .values({
        entityId: acme,
        id: uuidv7(),
        to: 'someone@visitor.test',
        subject: 's',
        text: 't',
        html: 'h',
        status: 'logged',
        createdAt: new Date(clock.now() - 60 * DAY),
      });
    // An emergency that ended 35 days ago: its marks go, its counts stay without names.
    const sessionId = uuidv7();
    const [adminRow] = await db()
      .select()
      .from(users)
      .where(and(eq(users.entityId, acme), eq(users.email, 'admin@acme.test')));
    await db()
      .insert(emergencySessions)
      .values({
        entityId: acme,
        id: sessionId,
        name: 'Drill',
        startedAt: clock.now() - 36 * DAY,
        startedBy: adminRow!.id,
        endedAt: clock.now() - 35 * DAY,
        receivedAt: new Date(clock.now() - 36 * DAY),
      });
    await db()
      .insert(rollCallMarks)
      .values({
        entityId: acme,
        id: uuidv7(),
        sessionId,
        personId: old.id,
        status: 'safe',
        at: clock.now() - 36 * DAY,
        markedBy: adminRow!.id,
        deviceId: uuidv7(),
        receivedAt: new Date(clock.now() - 36 * DAY),
      });
    // The sync log: an old mutation keeps its id and outcome (a replay stays a duplicate) but
    // loses the arguments that name the person; a recent one keeps them.
    const logDevice = uuidv7();
    const oldMutation = uuidv7();
    const newMutation = uuidv7();
    const logRow = (mutationId: string, seq: number, daysAgo: number) => ({
      entityId: acme,
      mutationId,
      deviceId: logDevice,
      seq,
      userId: adminRow!.id,
      name: 'kiosk.journey',
      args: { fullName: 'Olga Oldvisit' },
      status: 'applied' as const,
      clientTime: clock.now() - daysAgo * DAY,
      clockOffsetMs: 0,
      receivedAt: new Date(clock.now() - daysAgo * DAY),
    });
    await db()
      .insert(mutationLog)
      .values([logRow(oldMutation, 1, 40), logRow(newMutation, 2, 5)]);
    const before = await pull(null, deviceId);

    const [outcome] = (await app.services.retention.runDue()).filter((o) => o.entityId === acme);
    const syncLog = await db().select().from(mutationLog).where(eq(mutationLog.deviceId, logDevice));
    expect(syncLog.find((m) => m.mutationId === oldMutation)).toMatchObject({ args: null, status: 'applied' });
    expect(syncLog.find((m) => m.mutationId === newMutation)?.args).toEqual({ fullName: 'Olga Oldvisit' });
    expect(outcome).toMatchObject({
      ran: true,
      removed: {
        visit_events: 1,
        kiosk_logs: 1,
        mail_log: 1,
        visitors_anonymised: 1,
        roll_call_marks: 1,
        sync_records: 1,
      },
    });

    const events = await db().select().from(visitEvents).where(eq(visitEvents.entityId, acme));
    expect(events.some((e) => e.id === old.eventId)).toBe(false);
    expect(events.some((e) => e.id === recent.eventId)).toBe(true);
    const logs = await db().select().from(kioskLogs).where(eq(kioskLogs.entityId, acme));
    expect(logs.map((l) => l.id)).toEqual([logNew]);
    const [olga] = await db()
      .select()
      .from(users)
      .where(and(eq(users.entityId, acme), eq(users.id, old.id)));
    expect(olga).toMatchObject({ fullName: 'Anonymised visitor', phone: null });
    expect(olga!.email).not.toContain('olga');
    const [rita] = await db()
      .select()
      .from(users)
      .where(and(eq(users.entityId, acme), eq(users.id, recent.id)));
    expect(rita!.fullName).toBe('Rita Recent');
    const [summary] = await db().select().from(emergencySummaries).where(eq(emergencySummaries.sessionId, sessionId));
    expect(summary!.counts).toEqual({ safe: 1 });
    expect(await db().select().from(rollCallMarks).where(eq(rollCallMarks.sessionId, sessionId))).toEqual([]);

    const after = await pull(before.cursor, deviceId);
    expect(after.changes).toContainEqual(expect.objectContaining({ table: 'visitEvents', id: old.eventId, op: 'del' }));
    expect(after.changes).toContainEqual(expect.objectContaining({ table: 'kioskLogs', id: logOld, op: 'del' }));
    const person = after.changes.find((c) => c.table === 'people' && c.id === old.id);
    expect(person?.data).toMatchObject({ fullName: 'Anonymised visitor', phone: null });
    expect(JSON.stringify(after.changes)).not.toContain('Olga');

    const page = (await call('GET', '/api/privacy')).json().data;
    expect(page.last_run).toMatchObject({ ran_at: clock.now(), removed: { visit_events: 1, kiosk_logs: 1 } });
  });

  it('runs at most once a day, and catches up after a server was down', async () => {
    const runs = async () => (await db().select().from(retentionRuns).where(eq(retentionRuns.entityId, acme))).length;
    const n = await runs();
    expect((await app.services.retention.runFor(acme)).ran).toBe(false);
    expect(await runs()).toBe(n);
    clock.advance(3 * DAY); // the servers were down for three days
    expect((await app.services.retention.runFor(acme)).ran).toBe(true);
    expect(await runs()).toBe(n + 1);
  });

  it('does the work once when two instances run the job at the same time', async () => {
    clock.advance(DAY);
    await visitor('Tess Twice', 45);
    // PostgreSQL: the second instance has its own connections, as a second process would.
    let second: DatabaseHandle | undefined;
    if (kind === 'postgres') second = await openDatabase({ databaseUrl: get().url! });
    const other = await buildApp({ database: second ?? get().database, now: clock.now });
    try {
      const runsBefore = (await db().select().from(retentionRuns).where(eq(retentionRuns.entityId, acme))).length;
      const [a, b] = await Promise.all([app.services.retention.runFor(acme), other.services.retention.runFor(acme)]);
      expect([a.ran, b.ran].filter(Boolean)).toHaveLength(1);
      const done = a.ran ? a : b;
      expect(done.ran && done.removed.visitors_anonymised).toBe(1);
      const runsAfter = (await db().select().from(retentionRuns).where(eq(retentionRuns.entityId, acme))).length;
      expect(runsAfter).toBe(runsBefore + 1);
    } finally {
      await other.close();
      await second?.close();
    }
  });
});
