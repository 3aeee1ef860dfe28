// The contract between the server's projections and the device's row types: every row the
// server sends (a feature's snapshot, and the change feed that mutations write) parses with the
// catalogue's row schema of its table, the same schema the device's Dexie tables are typed by.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isTableName, syncedTables } from '../../sync/catalogue';
import type { Change as PullChange, PullResponse } from '../../sync/protocol';
import { complianceForms } from '../db/schema/kiosk-config';
import { areas, entities, sites, users } from '../db/schema/index';
import { snapshotOf } from '../sync-registry';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';

type Change = Pick<PullChange, 'table' | 'id' | 'op' | 'data'>;

/** The changes whose table is not in the catalogue or whose row does not parse, with the reason. */
function breaches(changes: readonly Change[]): string[] {
  const out: string[] = [];
  for (const c of changes) {
    if (!isTableName(c.table)) {
      out.push(`${c.table}: not a catalogue table`);
      continue;
    }
    if (c.op === 'del') continue;
    const parsed = v.safeParse(syncedTables[c.table].row, c.data);
    if (!parsed.success)
      out.push(`${c.table}/${c.id}: ${parsed.issues.map((i) => `${v.getDotPath(i) ?? ''} ${i.message}`).join('; ')}`);
  }
  return out;
}

eachDatabase((get) => {
  let app: FastifyInstance;
  const companies: Array<{ subdomain: string; id: string }> = [];
  let pulled: Change[] = [];

  /** A little journey data for one company, pushed as its admin: sign-in and out, a compliance
   * answer, checks, a host notification, an emergency session with a mark. */
  async function journeyData(subdomain: string, entityId: string): Promise<Change[]> {
    const db = get().database.db;
    const token = await tokenFor(app, `admin@${subdomain}.test`);
    const [admin] = await db
      .select()
      .from(users)
      .where(and(eq(users.entityId, entityId), eq(users.email, `admin@${subdomain}.test`)));
    const [site] = await db.select().from(sites).where(eq(sites.entityId, entityId));
    const [area] = await db.select().from(areas).where(eq(areas.entityId, entityId));
    const [form] = await db.select().from(complianceForms).where(eq(complianceForms.entityId, entityId));
    const personId = admin!.id;
    const at = Date.UTC(2026, 0, 15, 9, 0, 0);
    const session = uuidv7();
    const calls: Array<[string, Record<string, unknown>]> = [
      ['visit.signIn', { eventId: uuidv7(), personId, areaId: area!.id, at, details: { stage: 'ready to sign in' } }],
      ['checks.record', { checkId: uuidv7(), personId, temperature: { raw: '36.6', threshold: 37.5 }, mask: true, at }],
      ['host.notify', { notificationId: uuidv7(), hostId: personId, personId, message: 'At reception', at }],
      ['emergency.start', { sessionId: session, name: 'Drill', siteIds: [site!.id], at: at + 1 }],
      ['emergency.mark', { markId: uuidv7(), sessionId: session, personId, status: 'safe', at: at + 2 }],
      ['visit.signOut', { eventId: uuidv7(), personId, areaId: area!.id, at: at + 3 }],
    ];
    if (form) {
      const answers = form.questions.map((q) => ({ questionId: q.id, answer: q.desired }));
      calls.push([
        'compliance.answer',
        {
          answerId: uuidv7(),
          personId,
          complianceId: form.id,
          complianceVersion: form.version,
          answers,
          agreed: true,
          at,
        },
      ]);
    }
    const deviceId = uuidv7();
    const mutations = calls.map(([name, args], i) => ({
      seq: i + 1,
      mutationId: uuidv7(),
      name,
      args,
      clientTime: at,
      clockOffsetMs: 0,
    }));
    const push = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(token),
      payload: { deviceId, mutations },
    });
    expect(push.statusCode).toBe(200);
    expect(push.json().results.map((r: { status: string }) => r.status)).toEqual(calls.map(() => 'applied'));
    const pull = await app.inject({
      method: 'GET',
      url: `/api/sync/pull?deviceId=${deviceId}&limit=5000`,
      headers: bearer(token),
    });
    expect(pull.statusCode).toBe(200);
    return (pull.json() as PullResponse).changes;
  }

  beforeAll(async () => {
    app = await seededApp(get().database);
    for (const e of await get().database.db.select().from(entities))
      companies.push({ subdomain: e.subdomain, id: e.id });
    for (const c of companies) pulled = pulled.concat(await journeyData(c.subdomain, c.id));
  });
  afterAll(async () => {
    await app.close();
  });

  it('snapshots both demo companies into rows that parse with their catalogue table', async () => {
    expect(companies.map((c) => c.subdomain).sort()).toEqual(['acme', 'globex']);
    for (const c of companies) {
      const changes = await snapshotOf(get().database.db, c.id);
      const tables = new Set(changes.map((ch) => ch.table));
      // The journey data is in the snapshot too, so its tables are checked, not just configuration.
      for (const t of [
        'people',
        'areas',
        'journeys',
        'visitEvents',
        'visitChecks',
        'hostNotifications',
        'emergencySessions',
        'rollCallMarks',
      ]) {
        expect(tables.has(t as never), `${c.subdomain} ${t}`).toBe(true);
      }
      expect(breaches(changes), c.subdomain).toEqual([]);
    }
  });

  it('pulls the rows that mutations wrote in shapes that parse with their catalogue table', () => {
    const tables = new Set(pulled.map((c) => c.table));
    for (const t of ['visitEvents', 'visitChecks', 'hostNotifications', 'complianceAnswers', 'rollCallMarks'])
      expect(tables.has(t), t).toBe(true);
    expect(breaches(pulled)).toEqual([]);
  });
});
