// What a person and a user type look like on a device (catalogue tables `people`, `userTypes`).
import { eq } from 'drizzle-orm';
import { userTypes } from '../db/schema/journeys';
import { users } from '../db/schema/people';
import type { ChangeInput, Executor } from '../sync/changes';

type UserRow = typeof users.$inferSelect;
type UserTypeRow = typeof userTypes.$inferSelect;

export const personChange = (u: UserRow): ChangeInput => ({
  table: 'people',
  id: u.id,
  op: 'put',
  version: u.version,
  data: {
    id: u.id,
    fullName: u.fullName,
    email: u.email,
    phone: u.phone,
    countryCode: u.countryCode,
    userTypeId: u.userTypeId,
    roleId: u.roleId,
    image: u.image,
    archived: u.archived,
    labels: u.labels,
    customFields: u.customFields,
    version: u.version,
  },
});

export const userTypeChange = (t: UserTypeRow): ChangeInput => ({
  table: 'userTypes',
  id: t.id,
  op: 'put',
  version: 1,
  data: {
    id: t.id,
    name: t.name,
    registrationMethod: t.registrationMethod,
    gracePeriodMinutes: t.gracePeriodMinutes,
    profilePhoto: t.profilePhoto === '1',
    parentId: t.parentId,
  },
});

export async function peopleSnapshotOf(db: Executor, entityId: string): Promise<ChangeInput[]> {
  const out: ChangeInput[] = [];
  for (const t of await db.select().from(userTypes).where(eq(userTypes.entityId, entityId)))
    out.push(userTypeChange(t));
  for (const u of await db.select().from(users).where(eq(users.entityId, entityId))) out.push(personChange(u));
  return out;
}
