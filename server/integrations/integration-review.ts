// What a sync leaves for an admin to look at (spec 1 §4 "3 or 15 is done; the user
// then goes to the view page, the duplicate/error screen or a duplicate check"): the duplicate
// candidates with the person they look like, resolved by linking the directory id to that
// person or by creating a new person; and the people the integration keeps in step, archived
// ones saying the directory removed them.
import { and, desc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database';
import { integrationDuplicates, integrationPeople, integrations, roles, users } from '../db/schema/index';
import { invalid, notFound } from '../http/api-error';
import { personChange } from '../people/people.projections';
import { mergedCustomValues } from './custom-targets';
import { withFeed, type ChangeInput } from '../sync/changes';

type Integration = typeof integrations.$inferSelect;
export type DuplicateAction = 'link' | 'create';
type Resolved = { user_id: string; action: DuplicateAction };

export interface DuplicateWire {
  external_id: string;
  match: 'email' | 'name';
  directory: { full_name: string; email: string; phone: string | null };
  person: { id: string; full_name: string; email: string; archived: boolean };
}

export function integrationReview(db: Db, now: () => number, onChanged: (entityId: string) => void) {
  const dupWhere = (i: Integration, externalId?: string) =>
    and(
      eq(integrationDuplicates.entityId, i.entityId),
      eq(integrationDuplicates.integrationId, i.id),
      ...(externalId === undefined ? [] : [eq(integrationDuplicates.externalId, externalId)]),
    );

  return {
    async duplicates(integ: Integration): Promise<DuplicateWire[]> {
      const rows = await db
        .select({ d: integrationDuplicates, u: users })
        .from(integrationDuplicates)
        .innerJoin(
          users,
          and(eq(users.entityId, integrationDuplicates.entityId), eq(users.id, integrationDuplicates.userId)),
        )
        .where(dupWhere(integ))
        .orderBy(integrationDuplicates.externalId)
        .limit(500);
      return rows.map(({ d, u }) => ({
        external_id: d.externalId,
        match: d.data.match ?? 'email',
        directory: { full_name: d.data.fullName, email: d.data.email, phone: d.data.phone },
        person: { id: u.id, full_name: u.fullName, email: u.email, archived: u.archived },
      }));
    },

    /** Link: the person here becomes this directory id (the directory's name and email win from
     *  now on). Create: a new person, only when the match was by name (an email is one person's). */
    async resolve(integ: Integration, externalId: string, action: DuplicateAction) {
      const { entityId } = integ;
      const result = await withFeed(db, entityId, async (tx): Promise<{ result: Resolved; changes: ChangeInput[] }> => {
        const [dup] = await tx.select().from(integrationDuplicates).where(dupWhere(integ, externalId));
        if (!dup) throw notFound();
        const at = new Date(now());
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.entityId, entityId), eq(users.email, dup.data.email)));
        let userId: string;
        if (action === 'link') {
          const [already] = await tx
            .select()
            .from(integrationPeople)
            .where(
              and(
                eq(integrationPeople.entityId, entityId),
                eq(integrationPeople.integrationId, integ.id),
                eq(integrationPeople.userId, dup.userId),
              ),
            );
          if (already) throw invalid({ action: ['integrations.validation.already_linked'] });
          if (taken && taken.id !== dup.userId) throw invalid({ action: ['integrations.validation.email_taken'] });
          userId = dup.userId;
          const [person] = await tx
            .update(users)
            .set({
              fullName: dup.data.fullName,
              email: dup.data.email,
              archived: false,
              ...(dup.data.custom?.fieldIds.length
                ? { customFields: mergedCustomValues(dup.data.custom.fieldIds, dup.data.custom.entries) }
                : {}),
              updatedAt: at,
              version: sql`${users.version} + 1`,
            })
            .where(and(eq(users.entityId, entityId), eq(users.id, userId)))
            .returning();
          if (!person) throw notFound();
          await tx.insert(integrationPeople).values({ entityId, integrationId: integ.id, externalId, userId });
          await tx.delete(integrationDuplicates).where(dupWhere(integ, externalId));
          return { result: { user_id: userId, action }, changes: [personChange(person)] };
        }
        if (taken) throw invalid({ action: ['integrations.validation.email_taken'] });
        const [role] = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.entityId, entityId), eq(roles.name, 'default users')));
        userId = uuidv7();
        const [person] = await tx
          .insert(users)
          .values({
            entityId,
            id: userId,
            roleId: role!.id,
            userTypeId: integ.userTypeId,
            labels: [],
            fullName: dup.data.fullName,
            email: dup.data.email,
            phone: null,
            customFields: dup.data.custom?.entries ?? [],
            updatedAt: at,
          })
          .returning();
        await tx.insert(integrationPeople).values({ entityId, integrationId: integ.id, externalId, userId });
        await tx.delete(integrationDuplicates).where(dupWhere(integ, externalId));
        return { result: { user_id: userId, action }, changes: [personChange(person!)] };
      });
      onChanged(entityId);
      return result;
    },

    /** The people this integration keeps in step, newest link first (removed ones say so). */
    async people(integ: Integration) {
      const rows = await db
        .select({ l: integrationPeople, u: users })
        .from(integrationPeople)
        .innerJoin(users, and(eq(users.entityId, integrationPeople.entityId), eq(users.id, integrationPeople.userId)))
        .where(and(eq(integrationPeople.entityId, integ.entityId), eq(integrationPeople.integrationId, integ.id)))
        .orderBy(desc(users.updatedAt), users.fullName)
        .limit(200);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int`, removed: sql<number>`count(${integrationPeople.removedAt})::int` })
        .from(integrationPeople)
        .where(and(eq(integrationPeople.entityId, integ.entityId), eq(integrationPeople.integrationId, integ.id)));
      return {
        total: Number(count?.n ?? 0),
        removed: Number(count?.removed ?? 0),
        people: rows.map(({ l, u }) => ({
          id: u.id,
          external_id: l.externalId,
          full_name: u.fullName,
          email: u.email,
          archived: u.archived,
          custom_fields: u.customFields,
          removed_at: l.removedAt?.toISOString() ?? null,
        })),
      };
    },
  };
}
export type IntegrationReview = ReturnType<typeof integrationReview>;
