// Data for the sync sections: the acme ids the mutations point at, extra people, and queues.
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { mutate, type MutateDeps } from '../../sync/client';
import type { Db } from '../../server/db/database';
import { areas, entities, roles, users } from '../../server/db/schema/index';
import { recordChanges } from '../../server/sync/changes';
import { personChange } from '../../server/people/people.projections';

export interface AcmeFacts {
  entityId: string;
  areaId: string;
  people: string[];
}

/** acme's ids, after adding `extraPeople` people (with their change-feed rows) so sign-ins spread. */
export async function acmeWithPeople(db: Db, extraPeople: number): Promise<AcmeFacts> {
  const [entity] = await db.select({ id: entities.id }).from(entities).where(eq(entities.subdomain, 'acme'));
  if (!entity) throw new Error('acme is not seeded');
  const entityId = entity.id;
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.entityId, entityId), eq(roles.name, 'default users')));
  const now = new Date();
  const tag = Date.now().toString(36);
  const extra = Array.from({ length: extraPeople }, (_, i) => ({
    entityId,
    id: uuidv7(),
    email: `bench-${tag}-${i}@acme.test`,
    fullName: `Bench Person ${i}`,
    roleId: role!.id,
    updatedAt: now,
  }));
  if (extra.length) {
    const inserted = await db.insert(users).values(extra).returning();
    await recordChanges(db, entityId, inserted.map(personChange));
  }
  const [area] = await db.select({ id: areas.id }).from(areas).where(eq(areas.entityId, entityId)).limit(1);
  const people = (await db.select({ id: users.id }).from(users).where(eq(users.entityId, entityId))).map((u) => u.id);
  return { entityId, areaId: area!.id, people };
}

/** Queues n visit.signIn mutations through mutate(), cycling over the people. */
export async function queueSignIns(deps: MutateDeps, facts: AcmeFacts, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const result = await mutate(deps, 'visit.signIn', {
      eventId: uuidv7(),
      personId: facts.people[i % facts.people.length]!,
      areaId: facts.areaId,
      at: Date.now(),
    });
    if (!result.ok) throw new Error(`mutate failed: ${JSON.stringify(result.errors)}`);
  }
}
