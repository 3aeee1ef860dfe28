// A person's resources: the user types and areas they may act on (admin_scopes; no row, or a
// null list, means every one), read by the person, read and set by someone holding `users`
// within their own (domain/resources.ts), never by the person themselves (their access), and
// never for someone whose role outranks the setter's (server/people/role-guard.ts).
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { refuseGrant, type Resources, type UserResourceInput } from '../../domain/resources';
import type { Db } from '../db/database';
import { adminScopes, areas, sites, users, userTypes } from '../db/schema/index';
import { ApiError, notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { scopeOf } from '../dashboard/mass-scope';
import { roleGuard } from './role-guard';

const wire = (r: Resources) => ({ user_type_ids: r.userTypeIds, area_ids: r.areaIds });

export function resourcesService(db: Db) {
  const resourcesOf = (entityId: string, userId: string) => scopeOf(db, entityId, userId);

  async function personOf(entityId: string, userId: string) {
    const [p] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.entityId, entityId), eq(users.id, userId)));
    if (!p) throw notFound();
  }

  return {
    /** GET /user_resources: the caller's own, or (holding `users`) another person's. */
    async read(ctx: RequestContext, userId?: string) {
      if (userId && userId !== ctx.userId) {
        await personOf(ctx.entityId, userId);
        assertAllowed(ctx, 'users');
        return wire(await resourcesOf(ctx.entityId, userId));
      }
      return wire(await resourcesOf(ctx.entityId, ctx.userId));
    },

    /** GET /user_resources_within_permissions: the user types and areas the caller may give. */
    async grantable(ctx: RequestContext) {
      const own = await resourcesOf(ctx.entityId, ctx.userId);
      const types = await db
        .select({ id: userTypes.id, name: userTypes.name })
        .from(userTypes)
        .where(eq(userTypes.entityId, ctx.entityId))
        .orderBy(asc(userTypes.name));
      const places = await db
        .select({ id: areas.id, name: areas.name, site_id: areas.siteId, site_name: sites.name })
        .from(areas)
        .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
        .where(and(eq(areas.entityId, ctx.entityId), isNull(areas.deletedAt), isNull(sites.deletedAt)))
        .orderBy(asc(sites.name), asc(areas.name));
      const keep = <T extends { id: string }>(list: T[], ids: readonly string[] | null) =>
        ids === null ? list : list.filter((x) => ids.includes(x.id));
      return {
        // Whether the caller may give "every user type" / "every area" (only with all of them).
        all_user_types: own.userTypeIds === null,
        all_areas: own.areaIds === null,
        user_types: keep(types, own.userTypeIds),
        areas: keep(places, own.areaIds),
      };
    },

    /** PUT /user_resource: sets a person's user types and areas (null: all). */
    async set(ctx: RequestContext, input: UserResourceInput) {
      await personOf(ctx.entityId, input.user_id);
      const wanted: Resources = { userTypeIds: input.user_type_ids, areaIds: input.area_ids };
      // Ids of another company, or none at all, are not found (nothing is written).
      const typeIds = [...new Set(wanted.userTypeIds ?? [])];
      const areaIds = [...new Set(wanted.areaIds ?? [])];
      if (typeIds.length) {
        const known = await db
          .select({ id: userTypes.id })
          .from(userTypes)
          .where(and(eq(userTypes.entityId, ctx.entityId), inArray(userTypes.id, typeIds)));
        if (known.length !== typeIds.length) throw notFound();
      }
      if (areaIds.length) {
        const known = await db
          .select({ id: areas.id })
          .from(areas)
          .where(and(eq(areas.entityId, ctx.entityId), inArray(areas.id, areaIds)));
        if (known.length !== areaIds.length) throw notFound();
      }
      await roleGuard(db).person(ctx, [input.user_id], 'resources');
      const refusal = refuseGrant(await resourcesOf(ctx.entityId, ctx.userId), wanted);
      if (refusal) throw new ApiError(403, refusal);
      const values = {
        userTypeIds: wanted.userTypeIds === null ? null : typeIds,
        areaIds: wanted.areaIds === null ? null : areaIds,
      };
      if (values.userTypeIds === null && values.areaIds === null)
        await db
          .delete(adminScopes)
          .where(and(eq(adminScopes.entityId, ctx.entityId), eq(adminScopes.userId, input.user_id)));
      else
        await db
          .insert(adminScopes)
          .values({ entityId: ctx.entityId, userId: input.user_id, ...values })
          .onConflictDoUpdate({ target: [adminScopes.entityId, adminScopes.userId], set: values });
      return wire({ userTypeIds: values.userTypeIds, areaIds: values.areaIds });
    },
  };
}
export type ResourcesService = ReturnType<typeof resourcesService>;
