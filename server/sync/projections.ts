// What each synced record looks like on a device. Never a password hash or a token.
import { eq } from 'drizzle-orm';
import { areas, sites } from '../db/schema/places';
import { users } from '../db/schema/people';
import { userTypes } from '../db/schema/journeys';
import { visitEvents } from '../db/schema/sync';
import type { ChangeInput, Executor } from './changes';
import { kioskSnapshotOf } from '../kiosk/kiosk.projections';
import { preregistrationSnapshotOf } from '../preregistration/projections';
import { emergencySnapshotOf } from '../emergency/emergency.projections';
import { documentsSnapshotOf } from '../people/documents.projections';

type UserRow = typeof users.$inferSelect;
type EventRow = typeof visitEvents.$inferSelect;

export const personChange = (u: UserRow): ChangeInput => ({
  table: 'people', id: u.id, op: 'put', version: u.version,
  data: {
    id: u.id, fullName: u.fullName, email: u.email, phone: u.phone, countryCode: u.countryCode, userTypeId: u.userTypeId,
    roleId: u.roleId, image: u.image, archived: u.archived, labels: u.labels, version: u.version,
  },
});

export const eventChange = (e: Pick<EventRow, 'id' | 'personId' | 'kind' | 'areaId' | 'journeyFlowId' | 'userTypeId' | 'at' | 'deviceId' | 'details'>): ChangeInput => ({
  table: 'visitEvents', id: e.id, op: 'put', version: 1,
  data: { id: e.id, personId: e.personId, kind: e.kind, areaId: e.areaId, journeyFlowId: e.journeyFlowId, userTypeId: e.userTypeId, at: e.at, deviceId: e.deviceId, details: e.details },
});

/** Every synced row of an entity as changes: seeds the feed for data written before it existed. */
export async function snapshotOf(db: Executor, entityId: string): Promise<ChangeInput[]> {
  const out: ChangeInput[] = [];
  for (const s of await db.select().from(sites).where(eq(sites.entityId, entityId))) {
    out.push({ table: 'sites', id: s.id, op: 'put', version: 1, data: { id: s.id, name: s.name, lat: s.lat, long: s.long, radius: s.radius } });
  }
  for (const a of await db.select().from(areas).where(eq(areas.entityId, entityId))) {
    out.push({ table: 'areas', id: a.id, op: 'put', version: 1, data: { id: a.id, siteId: a.siteId, name: a.name, parentAreaId: a.parentAreaId, loginMode: a.loginMode } });
  }
  for (const t of await db.select().from(userTypes).where(eq(userTypes.entityId, entityId))) {
    out.push({ table: 'userTypes', id: t.id, op: 'put', version: 1, data: { id: t.id, name: t.name, registrationMethod: t.registrationMethod, gracePeriodMinutes: t.gracePeriodMinutes } });
  }
  for (const u of await db.select().from(users).where(eq(users.entityId, entityId))) out.push(personChange(u));
  for (const e of await db.select().from(visitEvents).where(eq(visitEvents.entityId, entityId))) out.push(eventChange(e));
  out.push(...await kioskSnapshotOf(db, entityId));
  out.push(...await preregistrationSnapshotOf(db, entityId));
  out.push(...await emergencySnapshotOf(db, entityId));
  out.push(...await documentsSnapshotOf(db, entityId));
  return out;
}
