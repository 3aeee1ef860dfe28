// Fixtures for the report server tests (server/reports/*.test.ts): the demo seed on a fixed clock
// with the tokens and acme's ids the reports are asked with, visits written as the sync handlers
// write them (events, then their pairing), the two demo kiosks and their log lines, a reporting
// permission taken off for a while, and an export job waited for.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { DatabaseHandle, Db } from '../db/database';
import { areas, entities, roles, sites, users, userTypes, visitEvents } from '../db/schema/index';
import { kioskLogs, kiosks } from '../db/schema/kiosk';
import { pairVisits } from '../dashboard/visit-pairing';
import { bearer, entityFacts, seededApp, tokenFor, type Clock } from './harness';

export interface ReportFixture {
  app: FastifyInstance;
  db: Db;
  /** acme's entity id. */
  acme: string;
  /** Tokens of admin@acme.test and reporter@acme.test (the demo's "employee with reporting"). */
  admin: string;
  reporter: string;
  globex: Awaited<ReturnType<typeof entityFacts>>;
  /** A site, a person and a user type of globex's, to ask acme's reports with (the first rows). */
  globexIds: { site: string; user: string; userType: string };
  /** acme's ids by name: people by their email's local part ('sam.staff'), areas, sites and user
   * types by their names, and each area's site as `site:<area name>`. */
  id: Record<string, string>;
}

export async function openReportFixture(database: DatabaseHandle, clock: Clock): Promise<ReportFixture> {
  const app = await seededApp(database, clock);
  const admin = await tokenFor(app, 'admin@acme.test');
  const reporter = await tokenFor(app, 'reporter@acme.test');
  const globex = await entityFacts(database, 'globex');
  const db = database.db;
  const acme = (await db.select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
  const id: Record<string, string> = {};
  for (const u of await db.select().from(users).where(eq(users.entityId, acme))) id[u.email.split('@')[0]!] = u.id;
  for (const a of await db.select().from(areas).where(eq(areas.entityId, acme))) {
    id[a.name] = a.id;
    id[`site:${a.name}`] = a.siteId;
  }
  for (const s of await db.select().from(sites).where(eq(sites.entityId, acme))) id[s.name] = s.id;
  for (const t of await db.select().from(userTypes).where(eq(userTypes.entityId, acme))) id[t.name] = t.id;
  const globexIds = {
    site: (await db.select().from(sites).where(eq(sites.entityId, globex.entity.id)))[0]!.id,
    user: (await db.select().from(users).where(eq(users.entityId, globex.entity.id)))[0]!.id,
    userType: (await db.select().from(userTypes).where(eq(userTypes.entityId, globex.entity.id)))[0]!.id,
  };
  return { app, db, acme, admin, reporter, globex, globexIds, id };
}

/** A GET as a bearer, and one that must answer 200 (its body); the app and the default token are
 * read at call time, so a suite can set them in its beforeAll. */
export function reportCalls(app: () => FastifyInstance, admin: () => string) {
  const api = (url: string, token = admin()) => app().inject({ url, headers: bearer(token) });
  const ok = async (url: string, token = admin()) => {
    const res = await api(url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  return { api, ok };
}

/** Writes visit events and pairs them into visits, a thousand at a time (all written before any
 * is paired, as events that arrive together are). */
export async function writeVisitEvents(db: Db, entityId: string, events: Array<typeof visitEvents.$inferInsert>) {
  for (let i = 0; i < events.length; i += 1_000) await db.insert(visitEvents).values(events.slice(i, i + 1_000));
  for (let i = 0; i < events.length; i += 1_000)
    await pairVisits(
      db,
      entityId,
      events.slice(i, i + 1_000).map((e) => e.id!),
    );
}

/** One visit: its sign-in (recording the user type `details.userTypeId` names, if any), its
 * sign-out unless `outAt` is null, then their pairing. Returns the sign-in's id. */
export async function writeVisit(
  db: Db,
  entityId: string,
  v: { person: string; area: string; inAt: number; outAt: number | null; details?: object; outDetails?: object },
) {
  const inId = uuidv7();
  const ids = [inId];
  const base = { entityId, personId: v.person, areaId: v.area };
  await db.insert(visitEvents).values({
    ...base,
    id: inId,
    kind: 'in',
    at: v.inAt,
    details: (v.details ?? null) as Record<string, unknown> | null,
    receivedAt: new Date(v.inAt),
    userTypeId: (v.details as { userTypeId?: string } | undefined)?.userTypeId ?? null,
  });
  if (v.outAt) {
    const outId = uuidv7();
    ids.push(outId);
    await db.insert(visitEvents).values({
      ...base,
      id: outId,
      kind: 'out',
      at: v.outAt,
      details: (v.outDetails ?? null) as Record<string, unknown> | null,
      receivedAt: new Date(v.outAt),
    });
  }
  await pairVisits(db, entityId, ids);
  return inId;
}

/** acme's two kiosks, registered by admin 90 days before `now`: Front desk at Reception (k1) and
 * Dock at the Loading Bay (k2). */
export async function writeKiosks(db: Db, f: { acme: string; id: Record<string, string> }, now: number) {
  const kiosk = (name: string, area: string) => ({
    entityId: f.acme,
    id: uuidv7(),
    kioskName: name,
    areaId: area,
    registeredBy: f.id.admin!,
    createdAt: new Date(now - 90 * 86_400_000),
  });
  const k1 = kiosk('Front desk', f.id.Reception!);
  const k2 = kiosk('Dock', f.id['Loading Bay']!);
  await db.insert(kiosks).values([k1, k2]);
  return { k1: k1.id, k2: k2.id };
}

/** A kiosk log line, as a kiosk sends one. */
export const kioskLogRow = (
  entityId: string,
  kioskId: string,
  kind: string,
  code: string,
  at: number,
  data: object | null = null,
): typeof kioskLogs.$inferInsert => ({
  entityId,
  id: uuidv7(),
  kioskId,
  kind,
  code,
  data: data as Record<string, unknown>,
  at,
});

/** Takes these permissions off the demo's "employee with reporting" role (the reporter's) while
 * `work` runs, and gives the role its permissions back after, whatever happens. */
export async function withoutPermissions(db: Db, entityId: string, keys: string[], work: () => Promise<void>) {
  const where = (roleId?: string) =>
    and(eq(roles.entityId, entityId), roleId ? eq(roles.id, roleId) : eq(roles.name, 'employee with reporting'));
  const [role] = await db.select().from(roles).where(where());
  const off = Object.fromEntries(keys.map((key) => [key, { pivot: { allowed: 0 as const } }]));
  await db
    .update(roles)
    .set({ permissions: { ...role!.permissions, ...off } })
    .where(where(role!.id));
  try {
    await work();
  } finally {
    await db.update(roles).set({ permissions: role!.permissions }).where(where(role!.id));
  }
}

export interface ExportJob {
  id: string;
  status: string;
  size: number | null;
  rows_total: number | null;
  requested_by: { full_name: string };
}

/** Waits until the export job is done or failed (it runs in the background; a wait, not a timing
 * assertion) and returns it as the export list shows it. */
export async function settledExport(app: FastifyInstance, token: string, exportId: string): Promise<ExportJob> {
  for (;;) {
    const list = (await app.inject({ url: '/api/exports', headers: bearer(token) })).json().data as ExportJob[];
    const job = list.find((j) => j.id === exportId);
    if (job && (job.status === 'done' || job.status === 'failed')) return job;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Asks for an export as `asker`, waits for its job and returns its file, read as `reader`. */
export async function exportedFile(app: FastifyInstance, payload: object, asker: string, reader = asker) {
  const asked = await app.inject({ method: 'POST', url: '/api/exports', headers: bearer(asker), payload });
  expect(asked.statusCode, asked.body).toBe(201);
  const exportId = asked.json().data.id as string;
  if ((await settledExport(app, reader, exportId)).status === 'failed') throw new Error('export failed');
  return app.inject({ url: `/api/exports/${exportId}/file`, headers: bearer(reader) });
}
