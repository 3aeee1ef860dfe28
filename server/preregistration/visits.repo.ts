// Expected visits and their visitors in the database; every write records its changes in the
// entity's feed in the same transaction, so kiosks pull what the link and the admin did.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database';
import { userTypes } from '../db/schema/journeys';
import { roles, users } from '../db/schema/people';
import { expectedVisits } from '../db/schema/preregistration';
import { ApiError, notFound } from '../http/api-error';
import { withFeed, type ChangeInput, type Tx } from '../sync/changes';
import { personChange } from '../people/people.projections';
import { expectedVisitChanges, type VisitRow } from './projections';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const randomToken = (bytes: number) => randomBytes(bytes).toString('base64url');

export { withFeed };

export interface VisitorInput {
  email: string;
  phone: string;
  countryCode?: string;
  firstName: string;
  lastName: string;
  userTypeId: string;
  passportId?: string | null;
}

/** The visitor as a person of the entity: found by email, or created with the default users' role. */
export async function findOrCreatePerson(tx: Tx, entityId: string, input: VisitorInput, now: Date) {
  const [found] = await tx
    .select()
    .from(users)
    .where(and(eq(users.entityId, entityId), eq(users.email, input.email)))
    .for('update');
  const [phoneOwner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.entityId, entityId), eq(users.phone, input.phone), found ? ne(users.id, found.id) : sql`true`));
  if (phoneOwner) throw new ApiError(409, 'phone_exists', { phone: ['errors.phone_exists'] });
  if (found) return { person: found, changes: [] as ChangeInput[] };
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.entityId, entityId), eq(roles.name, 'default users')));
  if (!role) throw notFound();
  const [person] = await tx
    .insert(users)
    .values({
      entityId,
      id: uuidv7(),
      email: input.email,
      phone: input.phone,
      countryCode: input.countryCode ?? null,
      fullName: `${input.firstName} ${input.lastName}`.trim(),
      roleId: role.id,
      userTypeId: input.userTypeId,
      passportId: input.passportId || null,
      updatedAt: now,
    })
    .returning();
  return { person: person!, changes: [personChange(person!)] };
}

export async function personByEmailOrPhone(db: Db | Tx, entityId: string, email?: string, phone?: string) {
  if (!email && !phone) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.entityId, entityId),
        or(email ? eq(users.email, email) : sql`false`, phone ? eq(users.phone, phone) : sql`false`),
      ),
    )
    .limit(1);
  return row;
}

/** The same person already expected at the same time (spec 2 §4 "Visit exists"). */
export async function sameVisitExists(db: Db | Tx, entityId: string, personId: string, visitAt: number) {
  const [row] = await db
    .select({ id: expectedVisits.id })
    .from(expectedVisits)
    .where(
      and(
        eq(expectedVisits.entityId, entityId),
        eq(expectedVisits.personId, personId),
        eq(expectedVisits.visitAt, visitAt),
        isNull(expectedVisits.deletedAt),
      ),
    );
  return Boolean(row);
}

export type NewVisit = Omit<
  typeof expectedVisits.$inferInsert,
  'id' | 'visitUrl' | 'codeHash' | 'version' | 'createdAt' | 'updatedAt'
>;

export async function insertVisit(tx: Tx, values: NewVisit, now: Date) {
  const code = randomToken(9);
  const [row] = await tx
    .insert(expectedVisits)
    .values({
      ...values,
      id: uuidv7(),
      visitUrl: randomToken(16),
      codeHash: sha256(code),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { visit: row!, code, changes: expectedVisitChanges(row!) };
}

/** A new personal-link code for a visit: only its hash is kept, so an admin asking for the link
 * gets a fresh one, and the link mailed before stops opening the visit. */
export async function reissueCode(db: Db | Tx, visit: VisitRow, now: Date): Promise<string> {
  const code = randomToken(9);
  await db
    .update(expectedVisits)
    .set({ codeHash: sha256(code), updatedAt: now })
    .where(and(eq(expectedVisits.entityId, visit.entityId), eq(expectedVisits.id, visit.id)));
  return code;
}

export async function visitById(db: Db | Tx, entityId: string, id: string, lock = false) {
  const q = db
    .select()
    .from(expectedVisits)
    .where(and(eq(expectedVisits.entityId, entityId), eq(expectedVisits.id, id)));
  const [row] = lock ? await (q as unknown as { for(m: 'update'): Promise<VisitRow[]> }).for('update') : await q;
  return row;
}

export async function visitByUrl(db: Db | Tx, visitUrl: string) {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(visitUrl)) return undefined;
  const [row] = await db.select().from(expectedVisits).where(eq(expectedVisits.visitUrl, visitUrl)).limit(1);
  return row;
}

export async function updateVisit(tx: Tx, v: VisitRow, patch: Partial<typeof expectedVisits.$inferInsert>, now: Date) {
  const [row] = await tx
    .update(expectedVisits)
    .set({ ...patch, version: v.version + 1, updatedAt: now })
    .where(and(eq(expectedVisits.entityId, v.entityId), eq(expectedVisits.id, v.id)))
    .returning();
  return { visit: row!, changes: expectedVisitChanges(row!) };
}

export async function graceOf(db: Db | Tx, entityId: string, userTypeId: string | null): Promise<number> {
  if (!userTypeId) return 30;
  const [t] = await db
    .select({ g: userTypes.gracePeriodMinutes })
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, userTypeId)));
  return t?.g ?? 30;
}

export async function listVisits(db: Db, entityId: string, hostId: string | null) {
  return db
    .select({
      visit: expectedVisits,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
    })
    .from(expectedVisits)
    .innerJoin(users, and(eq(users.entityId, expectedVisits.entityId), eq(users.id, expectedVisits.personId)))
    .where(
      and(
        eq(expectedVisits.entityId, entityId),
        isNull(expectedVisits.deletedAt),
        hostId ? eq(expectedVisits.hostId, hostId) : sql`true`,
      ),
    )
    .orderBy(desc(expectedVisits.visitAt))
    .limit(500);
}
