// The server side of domain/role-assignment.ts: loads who is acting, the targets' current roles,
// the company's owner and the role being given, then refuses (403, nothing written) before any
// write starts. Every path that sets a role, edits, archives, reactivates, deletes or revokes a
// user calls one of these first. `person` is the one helper every person-changing route calls
//.
import { and, eq, inArray } from 'drizzle-orm';
import type { PermissionMap } from '../../domain/permissions';
import {
  refuseAssignment,
  refusePersonChange,
  type Actor,
  type PersonChange,
  type RoleFacts,
  type RoleRefusal,
  type TargetUser,
} from '../../domain/role-assignment';
import { entities, roles, users } from '../db/schema/index';
import { ApiError, invalid } from '../http/api-error';
import type { RequestContext } from '../http/context';
import type { Executor } from '../sync/changes';

/** db: the root handle, or the transaction the caller is in (a push applies inside one). */
export function roleGuard(db: Executor) {
  /** The actor with the permissions their role holds now: a background job's requester (imports). */
  async function actorById(entityId: string, userId: string): Promise<Actor | null> {
    const [me] = await db
      .select({ staff: users.platformStaff, permissions: roles.permissions })
      .from(users)
      .innerJoin(roles, and(eq(roles.entityId, users.entityId), eq(roles.id, users.roleId)))
      .where(and(eq(users.entityId, entityId), eq(users.id, userId), eq(users.archived, false)));
    return me ? { userId, permissions: me.permissions as PermissionMap, isTechTeam: me.staff } : null;
  }

  async function actorOf(ctx: RequestContext): Promise<Actor> {
    const [me] = await db
      .select({ staff: users.platformStaff })
      .from(users)
      .where(and(eq(users.entityId, ctx.entityId), eq(users.id, ctx.userId)));
    return { userId: ctx.userId, permissions: ctx.permissions, isTechTeam: me?.staff === true };
  }

  /** The company's users among `ids` with their current role; ids of other companies are absent. */
  async function targetsOf(entityId: string, ids: readonly string[]): Promise<TargetUser[]> {
    if (ids.length === 0) return [];
    const [entity] = await db.select({ ownerId: entities.ownerId }).from(entities).where(eq(entities.id, entityId));
    const rows = await db
      .select({ id: users.id, roleId: roles.id, permissions: roles.permissions })
      .from(users)
      .innerJoin(roles, and(eq(roles.entityId, users.entityId), eq(roles.id, users.roleId)))
      .where(and(eq(users.entityId, entityId), inArray(users.id, [...new Set(ids)])));
    return rows.map((r) => ({
      id: r.id,
      isOwner: r.id === entity?.ownerId,
      role: { id: r.roleId, permissions: r.permissions },
    }));
  }

  async function roleOf(entityId: string, roleId: string): Promise<RoleFacts> {
    const [row] = await db
      .select({ id: roles.id, permissions: roles.permissions })
      .from(roles)
      .where(and(eq(roles.entityId, entityId), eq(roles.id, roleId)));
    if (!row) throw invalid({ role_id: ['validation.uuid'] });
    return row;
  }

  function refuse(refusals: Array<RoleRefusal | null>): void {
    const first = refusals.find((r): r is RoleRefusal => r !== null);
    if (first) throw new ApiError(403, first);
  }

  /** Any change `change` to the users `ids` (domain/role-assignment.ts refusePersonChange): 403 before any write. */
  async function person(ctx: RequestContext, ids: readonly string[], change: PersonChange): Promise<void> {
    const actor = await actorOf(ctx);
    refuse((await targetsOf(ctx.entityId, ids)).map((t) => refusePersonChange(actor, t, change)));
  }

  return {
    /** Giving `roleId` to the users `ids` (null: a user being created). */
    async assign(ctx: RequestContext, ids: readonly string[] | null, roleId: string): Promise<void> {
      const [actor, role] = await Promise.all([actorOf(ctx), roleOf(ctx.entityId, roleId)]);
      if (ids === null) return refuse([refuseAssignment(actor, null, role)]);
      refuse((await targetsOf(ctx.entityId, ids)).map((t) => refuseAssignment(actor, t, role)));
    },
    person,
    /** Editing or reactivating users: none may outrank the actor. */
    async change(ctx: RequestContext, ids: readonly string[]): Promise<void> {
      return person(ctx, ids, 'details');
    },
    /** Archiving, deleting or revoking users: also never the owner, except by the tech team. */
    async removal(ctx: RequestContext, ids: readonly string[]): Promise<void> {
      return person(ctx, ids, 'removal');
    },
    /** A background job acting for `actorId` (an import): the refusal per target id, nothing thrown.
     * An actor no longer active refuses every target. */
    async refusalsFor(
      entityId: string,
      actorId: string,
      ids: readonly string[],
      change: PersonChange,
    ): Promise<Map<string, RoleRefusal>> {
      const actor = await actorById(entityId, actorId);
      const out = new Map<string, RoleRefusal>();
      for (const t of await targetsOf(entityId, ids)) {
        const refusal = actor ? refusePersonChange(actor, t, change) : 'user_above_own';
        if (refusal) out.set(t.id, refusal);
      }
      return out;
    },
  };
}
export type RoleGuard = ReturnType<typeof roleGuard>;
