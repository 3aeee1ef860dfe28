// Fixtures for the auto sign-out server tests: fresh people of a seeded company, sign-ins written
// the way the sync handlers write them (event + pairing), and the events/visits to assert on.
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database';
import { areas, entities, sites, users, userTypes, visitEvents, visits } from '../db/schema/index';
import { pairVisits } from '../dashboard/visit-pairing';

export async function acmeFacts(db: Db, subdomain = 'acme') {
  const [entity] = await db.select().from(entities).where(eq(entities.subdomain, subdomain));
  const siteRows = await db.select().from(sites).where(eq(sites.entityId, entity!.id)).orderBy(sites.name);
  const areaRows = await db.select().from(areas).where(eq(areas.entityId, entity!.id)).orderBy(areas.name);
  const [admin] = await db
    .select()
    .from(users)
    .where(eq(users.email, `admin@${subdomain}.test`));
  const types = await db.select().from(userTypes).where(eq(userTypes.entityId, entity!.id)).orderBy(userTypes.name);
  const areaNamed = (name: string) => areaRows.find((a) => a.name === name)!;
  const siteNamed = (name: string) => siteRows.find((s) => s.name === name)!;
  return { entityId: entity!.id, admin: admin!, types, areaNamed, siteNamed };
}

let n = 0;
export async function newPerson(db: Db, entityId: string, roleId: string, userTypeId: string | null = null) {
  const id = uuidv7();
  await db.insert(users).values({
    entityId,
    id,
    email: `aso-${++n}-${id.slice(-6)}@example.test`,
    fullName: `Auto Person ${n}`,
    roleId,
    userTypeId,
    updatedAt: new Date(0),
  });
  return id;
}

export async function signIn(db: Db, entityId: string, personId: string, areaId: string, at: number) {
  const id = uuidv7({ msecs: at });
  await db.transaction(async (tx) => {
    await tx
      .insert(visitEvents)
      .values({ entityId, id, personId, kind: 'in', areaId, at, receivedAt: new Date(at), details: null });
    await pairVisits(tx, entityId, [id]);
  });
  return id;
}

export async function eventsOf(db: Db, entityId: string, personId: string) {
  return db
    .select()
    .from(visitEvents)
    .where(and(eq(visitEvents.entityId, entityId), eq(visitEvents.personId, personId)))
    .orderBy(visitEvents.at, visitEvents.id);
}

export async function visitOf(db: Db, entityId: string, signInId: string) {
  const [row] = await db
    .select()
    .from(visits)
    .where(and(eq(visits.entityId, entityId), eq(visits.id, signInId)));
  return row;
}

export async function setArea(db: Db, entityId: string, areaId: string, set: Partial<typeof areas.$inferInsert>) {
  await db
    .update(areas)
    .set(set)
    .where(and(eq(areas.entityId, entityId), eq(areas.id, areaId)));
}

export async function setSite(db: Db, entityId: string, siteId: string, set: Partial<typeof sites.$inferInsert>) {
  await db
    .update(sites)
    .set(set)
    .where(and(eq(sites.entityId, entityId), eq(sites.id, siteId)));
}
