// User types (spec 1 §3 "User type", §5): name unique within the company, a registration
// method, a visit grace period of at least 30 minutes, a profile-photo flag and a parent.
import { and, asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { UserTypeInput } from '../../domain/schemas/people';
import type { Db } from '../db/database';
import { users, userTypes } from '../db/schema/index';
import { ApiError, invalid } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { feedChanges } from '../sync/changes';
import { userTypeChange } from './people.projections';

type UserTypeRow = typeof userTypes.$inferSelect;

const toWire = (t: UserTypeRow, userCount = 0) => ({
  id: t.id,
  name: t.name,
  registration_method: t.registrationMethod,
  grace_period: t.gracePeriodMinutes,
  profile_photo: t.profilePhoto === '1',
  parent_id: t.parentId,
  users_count: userCount,
});

export function userTypesService(db: Db, onChanged: (entityId: string) => void) {
  return {
    async list(ctx: RequestContext) {
      assertAllowed(ctx, 'show_user_types_list');
      const counts = db
        .select({ typeId: users.userTypeId, n: sql<number>`count(*)::int`.as('n') })
        .from(users)
        .where(eq(users.entityId, ctx.entityId))
        .groupBy(users.userTypeId)
        .as('counts');
      const rows = await db
        .select({ type: userTypes, n: counts.n })
        .from(userTypes)
        .leftJoin(counts, eq(counts.typeId, userTypes.id))
        .where(eq(userTypes.entityId, ctx.entityId))
        .orderBy(asc(userTypes.name));
      return rows.map((r) => toWire(r.type, r.n ?? 0));
    },

    async create(ctx: RequestContext, input: UserTypeInput) {
      assertAllowed(ctx, 'add_new_user_type');
      const all = await db.select().from(userTypes).where(eq(userTypes.entityId, ctx.entityId));
      if (all.some((t) => t.name.toLocaleLowerCase() === input.name.toLocaleLowerCase())) {
        throw new ApiError(400, 'name_exists', { name: ['errors.name_exists'] });
      }
      if (input.parent_id && !all.some((t) => t.id === input.parent_id))
        throw invalid({ parent_id: ['validation.uuid'] });
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(userTypes)
          .values({
            entityId: ctx.entityId,
            id: uuidv7(),
            name: input.name,
            registrationMethod: input.registration_method,
            gracePeriodMinutes: input.grace_period,
            profilePhoto: input.profile_photo ? '1' : '0',
            parentId: input.parent_id ?? null,
          })
          .returning();
        await feedChanges(tx, ctx.entityId, [userTypeChange(created!)]);
        return created!;
      });
      onChanged(ctx.entityId);
      return toWire(row);
    },

    async exists(entityId: string, id: string) {
      const [row] = await db
        .select({ id: userTypes.id })
        .from(userTypes)
        .where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, id)));
      return Boolean(row);
    },
  };
}
export type UserTypesService = ReturnType<typeof userTypesService>;
