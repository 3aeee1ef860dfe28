// A new device's first sync at a company with 20,000 people and
// 100,000 visit events over a year, through the engine over HTTP, page by page until hasMore is
// false: an admin tablet and a kiosk, with sync scopes and without them (the same run).
// The data is generated with set-based SQL in a company of its own; its change-feed rows are
// the server's own projections (snapshotOf), checked on a sample after the pull.
import { isDeepStrictEqual } from 'node:util';
import { and, desc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_PULL_LIMIT } from '../../sync/protocol';
import type { Db } from '../../server/db/database';
import { areas, entities, roles, sites, syncCounters, users, visitEvents } from '../../server/db/schema/index';
import { lockFeed } from '../../server/sync/changes';
import { personChange } from '../../server/people/people.projections';
import { eventChange } from '../../server/visits/visits.projections';
import { snapshotOf } from '../../server/sync-registry';
import { newDevice } from '../support/device';
import { onSite as onSiteOf, type PresenceEvent } from '../../domain/presence';
import { CATCH_UP_EVENTS, catchUpInNode, pushWeekOfEvents } from './catch-up';
import { firstSyncInNode, kioskLogin, mb, unscopedApp } from './first-sync';
import { count, seconds, timed, type SectionResult } from '../support/report';
import { countOf, uuidArray } from '../support/sql';
import type { SyncSection } from './sections';

const PEOPLE = Number(process.env.BENCH_PULL_PEOPLE ?? 20_000);
const EVENTS = Number(process.env.BENCH_PULL_EVENTS ?? 100_000);
const SPAN_DAYS = Number(process.env.BENCH_PULL_SPAN_DAYS ?? 365);
const EVENT_CHUNK = 20_000;
const FEED_CHUNK = 10_000;

interface PullCompany {
  entityId: string;
  areaId: string;
  adminEmail: string;
  adminId: string;
  personIds: string[];
}

/** A company with PEOPLE people (one of them a logged-in admin) and EVENTS events, with its change feed. */
export async function createCompany(db: Db): Promise<PullCompany> {
  const [acme] = await db.select({ id: entities.id }).from(entities).where(eq(entities.subdomain, 'acme'));
  const [acmeAdmin] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.email, 'admin@acme.test'));
  const entityId = uuidv7();
  const subdomain = `bench-${entityId.slice(-8)}`;
  const now = new Date();
  // A Cloud company, as acme: the PWA's admin lands on the dashboard (no package: /404).
  await db.insert(entities).values({ id: entityId, name: 'Bench Pull', subdomain, package: 'Cloud', createdAt: now });
  await db.execute(sql`insert into roles (entity_id, id, name, permissions)
    select ${entityId}, gen_random_uuid(), name, permissions from roles where entity_id = ${acme!.id}`);
  const roleId = async (name: string) =>
    (
      await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.entityId, entityId), eq(roles.name, name)))
    )[0]!.id;
  const siteId = uuidv7();
  const areaId = uuidv7();
  await db.insert(sites).values({ entityId, id: siteId, name: 'Bench Site', radius: 200 });
  await db.insert(areas).values({ entityId, id: areaId, siteId, name: 'Bench Gate', loginMode: 'sign in/sign out' });
  const adminId = uuidv7();
  const adminEmail = `admin@${subdomain}.test`;
  await db.insert(users).values({
    entityId,
    id: adminId,
    email: adminEmail,
    fullName: 'Bench Admin',
    roleId: await roleId('admin'),
    passwordHash: acmeAdmin!.hash,
    dashboardAccess: true,
    updatedAt: now,
  });

  const others = Array.from({ length: PEOPLE - 1 }, () => uuidv7());
  await db.execute(sql`insert into users (entity_id, id, email, full_name, role_id, updated_at)
    select ${entityId}, t.id, 'person' || t.n || '@' || ${subdomain} || '.test', 'Person ' || t.n, ${await roleId('default users')}, now()
    from unnest(${uuidArray(others)}) with ordinality as t(id, n)`);
  const personIds = [adminId, ...others];
  // Fresh statistics, so the foreign-key checks below are planned for 20,000 people, not 10.
  await db.execute(sql`analyze users`);
  // A year of history: event k at base + k·step. Each person's events alternate in, out, …; in
  // the last round only one person in 20 stays signed in, so about 5% are on site now.
  const step = Math.floor((SPAN_DAYS * 86_400_000) / EVENTS);
  const base = Date.now() - EVENTS * step;
  const lastRound = Math.floor((EVENTS - 1) / PEOPLE);
  const deviceId = uuidv7();
  for (let from = 0; from < EVENTS; from += EVENT_CHUNK) {
    const ids = Array.from({ length: Math.min(EVENT_CHUNK, EVENTS - from) }, () => uuidv7());
    // Event k (0-based) is person k mod PEOPLE's (k div PEOPLE)-th event: in, out, in, …
    await db.execute(sql`insert into visit_events (entity_id, id, person_id, kind, area_id, at, device_id, recorded_by, received_at)
      select ${entityId}, t.id, p.id,
        case when ((t.n - 1 + ${from}) / ${PEOPLE}) % 2 = 0
          and (((t.n - 1 + ${from}) / ${PEOPLE}) < ${lastRound} or p.ord % 20 = 1) then 'in' else 'out' end,
        ${areaId}::uuid, ${base}::bigint + (t.n + ${from}) * ${step}::bigint, ${deviceId}::uuid, ${adminId}::uuid, now()
      from unnest(${uuidArray(ids)}) with ordinality as t(id, n)
      join unnest(${uuidArray(personIds)}) with ordinality as p(id, ord) on p.ord = 1 + ((t.n - 1 + ${from}) % ${PEOPLE})`);
  }

  // The change feed: the server's own projection of every row (snapshotOf), written with
  // set-based SQL in one writer's transaction, as recordChanges would write it row by row.
  const changes = await snapshotOf(db, entityId);
  await db.transaction(async (tx) => {
    let last = await lockFeed(tx, entityId);
    for (let i = 0; i < changes.length; i += FEED_CHUNK) {
      const chunk = changes.slice(i, i + FEED_CHUNK);
      await tx.execute(sql`insert into sync_changes (entity_id, tbl, row_id, seq, op, version, data)
        select ${entityId}, c->>'table', (c->>'id')::uuid, ${last}::bigint + x.ord, c->>'op', (c->>'version')::int, c->'data'
        from jsonb_array_elements(${JSON.stringify(chunk)}::jsonb) with ordinality as x(c, ord)`);
      last += chunk.length;
    }
    await tx.update(syncCounters).set({ last }).where(eq(syncCounters.entityId, entityId));
  });
  // What autovacuum would do to a table this size before anyone pulled from it.
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze visit_events`);
  await db.execute(sql`analyze sync_changes`);
  return { entityId, areaId, adminEmail, adminId, personIds };
}

/** The pulled rows equal what the server's projections make of the database rows. */
async function sampleMatches(db: Db, company: PullCompany, device: ReturnType<typeof newDevice>): Promise<boolean> {
  const person = company.personIds[Math.floor(company.personIds.length / 2)]!;
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.entityId, company.entityId), eq(users.id, person)));
  const [e] = await db
    .select()
    .from(visitEvents)
    .where(eq(visitEvents.entityId, company.entityId))
    .orderBy(desc(visitEvents.at))
    .limit(1); // the latest event: every device's scope holds it
  const expected = (c: { data: Record<string, unknown> | null; id: string; version: number }) => ({
    ...c.data,
    id: c.id,
    version: c.version,
  });
  return (
    isDeepStrictEqual(device.table('people').get(u!.id), expected(personChange(u!))) &&
    isDeepStrictEqual(device.table('visitEvents').get(e!.id), expected(eventChange(e!)))
  );
}

export const pullSection: SyncSection = {
  name: 'pull',
  databases: 'each',
  async run(target): Promise<SectionResult> {
    const db = target.database.db;
    const generated = await timed(() => createCompany(db));
    const company = generated.result;
    const feedRows = await countOf(
      db,
      sql`select count(*)::int as n from sync_changes where entity_id = ${company.entityId}`,
    );
    const admin = await target.login(company.adminEmail);
    const kiosk = await kioskLogin(target.url, admin.token, company.areaId);
    const unscoped = await unscopedApp(target);
    const runs = [
      { who: 'admin tablet, before (unscoped)', r: await firstSyncInNode(unscoped.url, admin) },
      { who: 'admin tablet, scoped', r: await firstSyncInNode(target.url, admin) },
      { who: 'kiosk, before (unscoped)', r: await firstSyncInNode(unscoped.url, kiosk) },
      { who: 'kiosk, scoped', r: await firstSyncInNode(target.url, kiosk) },
    ];
    await unscoped.app.close();
    // A week offline: 10,000 events arrive after the scoped devices' first sync.
    await pushWeekOfEvents(target.url, admin.token, company.personIds, company.areaId, CATCH_UP_EVENTS);
    const catchUps = [
      { who: 'admin tablet', r: await catchUpInNode(target.url, admin.token, runs[1]!.r.device) },
      { who: 'kiosk', r: await catchUpInNode(target.url, kiosk.token, runs[3]!.r.device) },
    ];
    // Who is on site now, after the catch-up: the scoped devices must hold every one of them.
    const onSite = await countOf(
      db,
      sql`select count(*)::int as n from (select distinct on (person_id) kind from visit_events
        where entity_id = ${company.entityId} order by person_id, at desc, id desc) l where kind = 'in'`,
    );
    const scopedAdmin = runs[1]!.r;
    const matches = await sampleMatches(db, company, scopedAdmin.device);
    return {
      title: `first sync of a new device (MemoryDevice, Node) — ${target.kind}`,
      figures: [
        ...runs.flatMap(({ who, r }) => [
          {
            label: `${who}: seconds to ready`,
            value: seconds(r.ms),
            target: '≤ 5 s',
            met: r.ms <= 5_000,
            note: `${count(r.pulls)} pages of ≤ ${count(DEFAULT_PULL_LIMIT)}`,
          },
          {
            label: '    rows received / compressed',
            value: `${count(r.rows)} / ${mb(r.compressedBytes)}`,
            note: `${count(feedRows)} rows in the feed`,
          },
          { label: '    people / visit events held', value: `${count(r.people)} / ${count(r.events)}` },
        ]),
        {
          label: 'scoped devices hold every on-site person',
          value: `${count(onSite)} on site`,
          target: 'every one',
          met: [runs[1]!, runs[3]!].every(({ r }) => heldOnSite(r.device) === onSite),
        },
        { label: 'sample rows equal the projections', value: matches ? 'yes' : 'no', target: 'yes', met: matches },
        ...catchUps.map(({ who, r }) => ({
          label: `${who}, a week offline: catch-up of ${count(CATCH_UP_EVENTS)} new events`,
          value: seconds(r.ms),
          target: '≤ 2 s',
          met: r.ms <= 2_000,
          note: `${count(r.pulls)} pages, ${count(r.rows)} rows`,
        })),
      ],
      notes: [
        `Data generation (SQL, not timed above): ${seconds(generated.ms)}. ${count(PEOPLE)} people, ${count(EVENTS)} events over ${SPAN_DAYS} days, ~5% on site.`,
        'Compressed: each page’s JSON with brotli at the quality the server uses (server/http/compress-json.ts).',
      ],
    };
  },
};

/** People on site as the device derives them from the events it holds. */
function heldOnSite(device: ReturnType<typeof newDevice>): number {
  const events = [...device.table('visitEvents').values()] as unknown as PresenceEvent[];
  return onSiteOf(events).size;
}
