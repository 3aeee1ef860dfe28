// What the kiosk's tables look like on a device (wire table names = Dexie table names).
import { eq } from 'drizzle-orm';
import { announcements, attendanceModes, complianceForms, customFields } from '../db/schema/kiosk-config';
import { complianceAnswers, hostNotifications, kioskVisits, visitChecks } from '../db/schema/kiosk';
import { userCards } from '../db/schema/dashboard';
import type { TableName, WireRow } from '../../sync/catalogue';
import type { ChangeInput, Executor } from '../sync/changes';

type Row = Record<string, unknown> & { id: string };

/** A row as a put change, without its entity id (the device knows its entity). */
export function rowChange<T extends TableName>(table: T, row: Row, version = 1): ChangeInput {
  const { entityId: _entityId, ...data } = row;
  // A whole database row: server/sync/projections.test.ts checks each against its catalogue row.
  return { table, id: row.id, op: 'put', version, data: data as WireRow<T> } as ChangeInput;
}

/** Every kiosk configuration and journey row of an entity, for the feed's snapshot. */
export async function kioskSnapshotOf(db: Executor, entityId: string): Promise<ChangeInput[]> {
  const out: ChangeInput[] = [];
  const add = (table: TableName, rows: Row[]) => rows.forEach((r) => out.push(rowChange(table, r)));
  // Journeys and flows: server/journeys/journeys.projections.ts (live rows, with versions).
  // A device stores the change's version as the row's: a form's change carries its form version.
  for (const f of await db.select().from(complianceForms).where(eq(complianceForms.entityId, entityId)))
    out.push(rowChange('complianceForms', f, f.version));
  for (const m of await db.select().from(attendanceModes).where(eq(attendanceModes.entityId, entityId)))
    out.push(rowChange('attendanceModes', m, m.version));
  add('customFields', await db.select().from(customFields).where(eq(customFields.entityId, entityId)));
  add('announcements', await db.select().from(announcements).where(eq(announcements.entityId, entityId)));
  add('kioskVisits', await db.select().from(kioskVisits).where(eq(kioskVisits.entityId, entityId)));
  add('complianceAnswers', await db.select().from(complianceAnswers).where(eq(complianceAnswers.entityId, entityId)));
  add('visitChecks', await db.select().from(visitChecks).where(eq(visitChecks.entityId, entityId)));
  add('hostNotifications', await db.select().from(hostNotifications).where(eq(hostNotifications.entityId, entityId)));
  for (const c of await db.select().from(userCards).where(eq(userCards.entityId, entityId))) {
    out.push({ table: 'personCards', id: c.userId, op: 'put', version: 1, data: { id: c.userId, rfid: c.rfid } });
  }
  return out;
}
