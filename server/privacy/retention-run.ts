// One retention run for one company, inside the caller's transaction: removes or anonymises
// what is past the company's retention and returns the counts and the feed changes (tombstones
// for devices, anonymised people as puts). What is kept, and why, is in docs/decisions.md.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { cutoffOf, emptyCounts, type RetentionCounts } from '../../domain/retention';
import { RECENT_RECEIPT_MS } from '../../domain/device-time';
import type { TableName } from '../../sync/catalogue';
import type { ChangeInput, Tx } from '../sync/changes';
import { personChange } from '../people/people.projections';
import { users } from '../db/schema/people';

/** The name an anonymised visitor keeps: visit counts in reports still add up, no one is named. */
export const ANONYMISED_NAME = 'Anonymised visitor';

export interface RetentionWork {
  counts: RetentionCounts;
  changes: ChangeInput[];
  dataCutoff: number;
  scansCutoff: number;
}

const tombstone = (table: TableName, id: string): ChangeInput =>
  ({ table, id, op: 'del', version: 0, data: null }) as ChangeInput;

/** Rows of a raw query on either driver (PGlite and pg both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function ids(tx: Tx, query: SQL): Promise<string[]> {
  return rowsOf<{ id: string }>(await tx.execute(query)).map((r) => r.id);
}

export async function runRetention(
  tx: Tx,
  entityId: string,
  now: number,
  settings: { dataRetentionDays: number; scansRetentionDays: number },
): Promise<RetentionWork> {
  const counts = emptyCounts();
  const changes: ChangeInput[] = [];
  const dataCutoff = cutoffOf(now, settings.dataRetentionDays);
  const scansCutoff = cutoffOf(now, settings.scansRetentionDays);
  const dataAt = new Date(dataCutoff).toISOString();
  const scansAt = new Date(scansCutoff).toISOString();
  // Never an event received in the last day, whatever time it names: a device
  // whose clock said 2000 must not have its sign-ins deleted as they land.
  const recentAt = new Date(now - RECENT_RECEIPT_MS).toISOString();

  // Events and records stamped with an epoch `at`, synced to devices: deleted, with tombstones.
  const synced: Array<[keyof RetentionCounts, TableName, string]> = [
    ['visit_events', 'visitEvents', 'visit_events'],
    ['kiosk_visits', 'kioskVisits', 'kiosk_visits'],
    ['compliance_answers', 'complianceAnswers', 'compliance_answers'],
    ['visit_checks', 'visitChecks', 'visit_checks'],
    ['host_notifications', 'hostNotifications', 'host_notifications'],
    ['kiosk_logs', 'kioskLogs', 'kiosk_logs'],
  ];
  for (const [kind, table, name] of synced) {
    const gone = await ids(
      tx,
      sql`delete from ${sql.identifier(name)} where entity_id = ${entityId} and at < ${dataCutoff}
          ${name === 'visit_events' ? sql`and received_at < ${recentAt}::timestamptz` : sql``} returning id`,
    );
    counts[kind] = gone.length;
    for (const id of gone) changes.push(tombstone(table, id));
  }
  counts.visits = (
    await ids(
      tx,
      sql`delete from visits where entity_id = ${entityId} and time_in < ${dataCutoff}
        and not exists (select 1 from visit_events e where e.entity_id = visits.entity_id and e.id = visits.id
          and e.received_at >= ${recentAt}::timestamptz) returning id`,
    )
  ).length;
  const expected = await ids(
    tx,
    sql`delete from expected_visits where entity_id = ${entityId} and visit_at < ${dataCutoff} returning id`,
  );
  counts.expected_visits = expected.length;
  for (const id of expected) changes.push(tombstone('expectedVisits', id));
  counts.mail_log = (
    await ids(tx, sql`delete from mail_log where entity_id = ${entityId} and created_at < ${dataAt} returning id`)
  ).length;

  // The sync log keeps each mutation's id, device and outcome (so a replay is still answered
  // "duplicate" and never applied twice) but not its arguments, which name people.
  counts.sync_records = (
    await ids(
      tx,
      sql`update mutation_log set args = null
          where entity_id = ${entityId} and args is not null and received_at < ${dataAt} returning mutation_id as id`,
    )
  ).length;

  // Roll calls of sessions that ended before the cut-off: counts per status stay, names go.
  await tx.execute(sql`
    insert into emergency_summaries (entity_id, session_id, counts, summarised_at)
    select m.entity_id, m.session_id, jsonb_object_agg(m.status, m.n), ${now}::bigint
    from (select entity_id, session_id, status, count(distinct person_id)::int as n from roll_call_marks
          where entity_id = ${entityId} and session_id in (
            select id from emergency_sessions where entity_id = ${entityId} and ended_at < ${dataCutoff})
          group by entity_id, session_id, status) m
    group by m.entity_id, m.session_id
    on conflict (entity_id, session_id) do nothing`);
  const marks = await ids(
    tx,
    sql`delete from roll_call_marks where entity_id = ${entityId} and session_id in (
          select id from emergency_sessions where entity_id = ${entityId} and ended_at < ${dataCutoff})
        returning id`,
  );
  counts.roll_call_marks = marks.length;
  for (const id of marks) changes.push(tombstone('rollCallMarks', id));

  // Scans: uploaded documents (their files cascade) and the photos a pre-registration carried.
  const documents = await ids(
    tx,
    sql`delete from user_documents where entity_id = ${entityId} and created_at < ${scansAt} returning id`,
  );
  counts.documents = documents.length;
  for (const id of documents) changes.push(tombstone('personDocuments', id));
  counts.photos += (
    await ids(
      tx,
      sql`update expected_visits set photo_base64 = null, photo_type = null
          where entity_id = ${entityId} and photo_base64 is not null and created_at < ${scansAt} returning id`,
    )
  ).length;

  // Visitors: people who cannot log in (role "default users", no password, no dashboard access,
  // not the owner) and were not seen since the cut-off are anonymised; their rows stay so that
  // counts and foreign keys hold. Their photos and cards go with their names.
  const visitors = sql`
    select u.id from users u join roles r on r.entity_id = u.entity_id and r.id = u.role_id
    join entities e on e.id = u.entity_id
    where u.entity_id = ${entityId} and r.name = 'default users' and u.password_hash is null
      and not u.dashboard_access and u.id is distinct from e.owner_id and u.full_name <> ${ANONYMISED_NAME}`;
  const stale = await ids(
    tx,
    sql`${visitors} and u.updated_at < ${dataAt}
      and not exists (select 1 from visit_events v where v.entity_id = u.entity_id and v.person_id = u.id and v.at >= ${dataCutoff})
      and not exists (select 1 from expected_visits x where x.entity_id = u.entity_id and x.person_id = u.id)`,
  );
  const oldPhotos = await ids(
    tx,
    sql`select p.user_id as id from user_photos p where p.entity_id = ${entityId} and p.updated_at < ${scansAt}
        and p.user_id in (${visitors})`,
  );
  const photoOwners = [...new Set([...stale, ...oldPhotos])];
  if (photoOwners.length) {
    const list = sql.join(
      photoOwners.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    counts.photos += (
      await ids(
        tx,
        sql`delete from user_photos where entity_id = ${entityId} and user_id in (${list}) returning user_id as id`,
      )
    ).length;
  }
  if (stale.length) {
    const list = sql.join(
      stale.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    for (const id of await ids(
      tx,
      sql`delete from user_cards where entity_id = ${entityId} and user_id in (${list}) returning user_id as id`,
    ))
      changes.push(tombstone('personCards', id));
  }
  const stamp = { image: null, version: sql`${users.version} + 1`, updatedAt: new Date(now) };
  const anonymised = stale.length
    ? await tx
        .update(users)
        .set({
          ...stamp,
          fullName: ANONYMISED_NAME,
          email: sql`'anonymised-' || ${users.id} || '@invalid'`,
          phone: null,
          countryCode: null,
          passportId: null,
          labels: [],
        })
        .where(and(eq(users.entityId, entityId), inArray(users.id, stale)))
        .returning()
    : [];
  const photoOnly = oldPhotos.filter((id) => !stale.includes(id));
  const unpictured = photoOnly.length
    ? await tx
        .update(users)
        .set(stamp)
        .where(and(eq(users.entityId, entityId), inArray(users.id, photoOnly)))
        .returning()
    : [];
  counts.visitors_anonymised = anonymised.length;
  for (const u of [...anonymised, ...unpictured]) changes.push(personChange(u));
  return { counts, changes, dataCutoff, scansCutoff };
}
