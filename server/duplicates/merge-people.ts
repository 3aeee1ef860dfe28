// Merging people, inside the caller's feed transaction: everything that names a removed person is
// re-pointed at the kept one, the removed users rows go (tombstones for devices), and
// merged_people remembers old → new for mutations a device recorded offline before it heard.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TableName } from '../../sync/catalogue';
import { mergedPeople } from '../db/schema/duplicates';
import { userCards, userPhotos } from '../db/schema/dashboard';
import { users } from '../db/schema/people';
import { markChange } from '../emergency/emergency.projections';
import { rowChange } from '../kiosk/kiosk.projections';
import { documentChange } from '../people/documents.projections';
import { personChange } from '../people/people.projections';
import { photoUrl } from '../people/people.service';
import { expectedVisitChanges } from '../preregistration/projections';
import type { ChangeInput, Tx } from '../sync/changes';
import { rowsOf } from './duplicates.repo';

/** Columns that name a person in a tenant table (found with grep over server/db/schema). Tables
 * keyed by the person alone (cards, photos, scopes, site access, sessions, secrets) are below. */
export const PERSON_COLUMNS: ReadonlyArray<readonly [string, string, TableName?]> = [
  ['visit_events', 'person_id', 'visitEvents'],
  ['visit_events', 'recorded_by'],
  ['visits', 'person_id'],
  ['kiosk_visits', 'person_id', 'kioskVisits'],
  ['compliance_answers', 'person_id', 'complianceAnswers'],
  ['visit_checks', 'person_id', 'visitChecks'],
  ['host_notifications', 'person_id', 'hostNotifications'],
  ['host_notifications', 'host_id', 'hostNotifications'],
  ['attendance_records', 'person_id'],
  ['expected_visits', 'person_id', 'expectedVisits'],
  ['expected_visits', 'host_id', 'expectedVisits'],
  ['expected_visits', 'created_by'],
  ['expected_visits', 'decided_by'],
  ['roll_call_marks', 'person_id', 'rollCallMarks'],
  ['roll_call_marks', 'marked_by', 'rollCallMarks'],
  ['emergency_sessions', 'started_by'],
  ['emergency_sessions', 'ended_by'],
  ['user_documents', 'user_id', 'personDocuments'],
  ['remote_positions', 'person_id'],
  ['mutation_log', 'user_id'],
  ['rfid_enrolment_links', 'user_id'],
  ['rfid_enrolment_links', 'created_by'],
  ['kiosk_pairing_codes', 'created_by'],
  ['kiosk_commands', 'requested_by'],
  ['kiosks', 'registered_by'],
  ['report_exports', 'requested_by'],
  ['privacy_settings', 'updated_by'],
];

const ids = (list: readonly string[]) =>
  sql.join(
    list.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** PERSON_COLUMNS by table: one update per table re-points all its columns (one scan, one new
 * row version per row, where a statement per column wrote a row twice when two columns named
 * the removed person). */
const TABLES = (() => {
  const byTable = new Map<string, { table: string; columns: string[]; wire?: TableName }>();
  for (const [table, column, wire] of PERSON_COLUMNS) {
    const t = byTable.get(table) ?? { table, columns: [] };
    t.columns.push(column);
    t.wire ??= wire;
    byTable.set(table, t);
  }
  return [...byTable.values()];
})();

type Row = Record<string, unknown> & { id: string };

/** Snake-case database row (raw query) → the camelCase shape the projections take. */
const camel = (r: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));

function changeOf(table: TableName, raw: Record<string, unknown>): ChangeInput[] {
  const r = camel(raw) as Row;
  // Raw rows carry bigint epochs as strings on pg: the wire wants numbers.
  if ('at' in r && r.at != null) r.at = Number(r.at);
  switch (table) {
    case 'rollCallMarks':
      return [markChange(r as never)];
    case 'personDocuments':
      return [documentChange(r as never)];
    case 'expectedVisits':
      return expectedVisitChanges(r as never);
    default:
      return [rowChange(table, r)];
  }
}

/** Re-points one table's person columns; returns the moved rows when devices hold the table. */
async function repoint(tx: Tx, w: MergeWork, t: (typeof TABLES)[number]) {
  const gone = ids(w.removeIds);
  const sets = sql.join(
    t.columns.map(
      (c) =>
        sql`${sql.identifier(c)} = case when ${sql.identifier(c)} in (${gone}) then ${w.keepId}::uuid else ${sql.identifier(c)} end`,
    ),
    sql`, `,
  );
  const named = sql.join(
    t.columns.map((c) => sql`${sql.identifier(c)} in (${gone})`),
    sql` or `,
  );
  const version = t.table === 'expected_visits' ? sql`, version = version + 1` : sql``;
  const moved = await tx.execute(sql`update ${sql.identifier(t.table)} set ${sets} ${version}
    where entity_id = ${w.entityId} and (${named}) ${t.wire ? sql`returning *` : sql``}`);
  return t.wire ? rowsOf<Record<string, unknown>>(moved) : [];
}

/**
 * The sign-in events, the one table that grows with a person's history (thousands of rows):
 * re-pointed and fed to devices in one statement, the feed rows built in SQL (the shape of
 * server/visits/visits.projections.ts eventChange, checked by duplicates.test.ts) and numbered
 * after `last`. Returns how many feed rows it wrote.
 */
async function repointEvents(tx: Tx, w: MergeWork, last: number): Promise<number> {
  const gone = ids(w.removeIds);
  const [row] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`
      with moved as (
        update visit_events set
          person_id = case when person_id in (${gone}) then ${w.keepId}::uuid else person_id end,
          recorded_by = case when recorded_by in (${gone}) then ${w.keepId}::uuid else recorded_by end
        where entity_id = ${w.entityId} and (person_id in (${gone}) or recorded_by in (${gone}))
        returning *
      ), fed as (
        insert into sync_changes (entity_id, tbl, row_id, seq, op, version, data)
        select entity_id, 'visitEvents', id, ${last}::bigint + row_number() over (order by at, id), 'put', 1,
          jsonb_build_object('id', id, 'personId', person_id, 'kind', kind, 'areaId', area_id,
            'journeyFlowId', journey_flow_id, 'userTypeId', user_type_id, 'at', at, 'deviceId', device_id,
            'details', details)
            -- Like eventChange: the device-clock flag only when set.
            || case when clock_untrusted then jsonb_build_object('clockUntrusted', true) else '{}'::jsonb end
        from moved
        on conflict (entity_id, tbl, row_id) do update
          set seq = excluded.seq, op = excluded.op, version = excluded.version, data = excluded.data
        returning 1
      )
      select count(*)::int as n from fed`),
  );
  return Number(row?.n ?? 0);
}

export interface MergeWork {
  entityId: string;
  keepId: string;
  removeIds: string[];
  /** The kept person's chosen values (the photo goes through imageFrom). */
  fields: Partial<
    Pick<typeof users.$inferInsert, 'fullName' | 'email' | 'phone' | 'countryCode' | 'userTypeId' | 'labels'>
  >;
  imageFrom: string;
  by: string;
  now: number;
}

/**
 * The merge, inside the caller's transaction that holds the feed lock (`last` from lockFeed):
 * the moved sign-in events are already in the feed (`fed` rows after `last`); `changes` are the
 * rest, for writeChanges after `last + fed`.
 */
export async function mergePeople(
  tx: Tx,
  w: MergeWork,
  last: number,
): Promise<{ kept: typeof users.$inferSelect; changes: ChangeInput[]; fed: number }> {
  const { entityId, keepId, removeIds } = w;
  const changes: ChangeInput[] = [];
  const gone = ids(removeIds);
  const fed = await repointEvents(tx, w, last);
  for (const t of TABLES) {
    if (t.table === 'visit_events') continue;
    for (const r of await repoint(tx, w, t)) changes.push(...changeOf(t.wire!, r));
  }
  // A device id belongs to one user at a time: the removed person's devices become the kept one's.
  await tx.execute(sql`delete from devices d where d.entity_id = ${entityId} and d.user_id in (${gone})
    and exists (select 1 from devices k where k.entity_id = d.entity_id and k.id = d.id and k.user_id = ${keepId}::uuid)`);
  await tx.execute(
    sql`update devices set user_id = ${keepId}::uuid where entity_id = ${entityId} and user_id in (${gone})`,
  );
  await tx.execute(
    sql`update entities set owner_id = ${keepId}::uuid where id = ${entityId} and owner_id in (${gone})`,
  );

  // One card and one photo per person: the kept person keeps theirs, or takes the first removed one's.
  const [card] = await tx
    .select()
    .from(userCards)
    .where(and(eq(userCards.entityId, entityId), eq(userCards.userId, keepId)));
  if (!card) {
    const [first] = await tx
      .select()
      .from(userCards)
      .where(and(eq(userCards.entityId, entityId), inArray(userCards.userId, removeIds)))
      .limit(1);
    if (first) {
      await tx.delete(userCards).where(and(eq(userCards.entityId, entityId), eq(userCards.userId, first.userId)));
      await tx.insert(userCards).values({ entityId, userId: keepId, rfid: first.rfid });
      changes.push({ table: 'personCards', id: keepId, op: 'put', version: 1, data: { id: keepId, rfid: first.rfid } });
    }
  }
  let image: string | null | undefined;
  if (w.imageFrom !== keepId) {
    const [photo] = await tx
      .select()
      .from(userPhotos)
      .where(and(eq(userPhotos.entityId, entityId), eq(userPhotos.userId, w.imageFrom)));
    await tx.delete(userPhotos).where(and(eq(userPhotos.entityId, entityId), eq(userPhotos.userId, keepId)));
    if (photo) await tx.insert(userPhotos).values({ ...photo, userId: keepId, updatedAt: new Date(w.now) });
    image = photo ? '' : null;
  }

  // The removed rows go first: the kept person may take a removed person's email or phone.
  await tx
    .insert(mergedPeople)
    .values(removeIds.map((oldId) => ({ entityId, oldId, newId: keepId, mergedBy: w.by, mergedAt: w.now })))
    .onConflictDoUpdate({ target: [mergedPeople.entityId, mergedPeople.oldId], set: { newId: keepId } });
  for (const id of removeIds) {
    changes.push({ table: 'personCards', id, op: 'del', version: 0, data: null });
    changes.push({ table: 'people', id, op: 'del', version: 0, data: null });
  }
  // Earlier merges into a removed person now lead to the kept one.
  await tx
    .update(mergedPeople)
    .set({ newId: keepId })
    .where(and(eq(mergedPeople.entityId, entityId), inArray(mergedPeople.newId, removeIds)));
  await tx.delete(users).where(and(eq(users.entityId, entityId), inArray(users.id, removeIds)));

  const [current] = await tx
    .select()
    .from(users)
    .where(and(eq(users.entityId, entityId), eq(users.id, keepId)));
  const version = current!.version + 1;
  const [kept] = await tx
    .update(users)
    .set({
      ...w.fields,
      ...(image === undefined ? {} : { image: image === null ? null : photoUrl({ id: keepId, version }) }),
      version,
      updatedAt: new Date(w.now),
    })
    .where(and(eq(users.entityId, entityId), eq(users.id, keepId)))
    .returning();
  changes.push(personChange(kept!));
  return { kept: kept!, changes, fed };
}
