// Dashboard access (passport invitation) for users: invite or revoke one user, or many as a
// mass action. Inviting sets the role and user type, adds the site to the user's site access
// and turns dashboard_access on; revoking turns it off. Every write goes to the change feed.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { InviteRevokeInput, MassInviteInput } from '../../domain/schemas/invites';
import type { Db } from '../db/database';
import { roles, sites, users, userSiteAccess, userTypes } from '../db/schema/index';
import { ApiError, invalid, notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { feedChanges, type Tx } from '../sync/changes';
import { personChange } from '../people/people.projections';
import { roleGuard } from './role-guard';
import { endSessions } from '../identity/end-sessions';

interface Target {
  id: string;
  countryCode?: string;
  phone?: string;
}

export function invitesService(db: Db, now: () => number, onChanged: (entityId: string) => void) {
  const guard = roleGuard(db);
  const revoked = () => ({ dashboardAccess: false, dashboardRevokedAt: new Date(now()) });
  /** Role, site and user type must be the caller's company's (400 with the field otherwise). */
  async function checkRefs(entityId: string, refs: { role_id: string; site_id: string; user_type_id: string }) {
    const one = async (table: typeof roles | typeof sites | typeof userTypes, id: string) =>
      (
        await db
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.entityId, entityId), eq(table.id, id)))
      ).length > 0;
    const errors: Record<string, string[]> = {};
    if (!(await one(roles, refs.role_id))) errors.role_id = ['validation.uuid'];
    if (!(await one(sites, refs.site_id))) errors.site_id = ['validation.uuid'];
    if (!(await one(userTypes, refs.user_type_id))) errors.user_type_id = ['validation.uuid'];
    if (Object.keys(errors).length) throw invalid(errors);
  }

  async function apply(
    ctx: RequestContext,
    targets: Target[],
    set: Partial<typeof users.$inferInsert>,
    siteId?: string,
  ) {
    const at = new Date(now());
    const rows = await db.transaction(async (tx: Tx) => {
      const changed = [];
      for (const t of targets) {
        const [row] = await tx
          .update(users)
          .set({
            ...set,
            ...(t.phone ? { phone: t.phone, countryCode: t.countryCode } : {}),
            version: sql`${users.version} + 1`,
            updatedAt: at,
          })
          .where(and(eq(users.entityId, ctx.entityId), eq(users.id, t.id)))
          .returning();
        if (!row) continue;
        if (siteId)
          await tx
            .insert(userSiteAccess)
            .values({ entityId: ctx.entityId, userId: t.id, siteId })
            .onConflictDoNothing();
        changed.push(row);
      }
      // Revoked: their sessions and outstanding links end with the write; the
      // sockets go when server/auth/session-checks.ts re-checks them after the commit.
      if (set.dashboardAccess === false)
        await endSessions(
          tx,
          ctx.entityId,
          changed.map((r) => r.id),
          { links: true, at },
        );
      await feedChanges(tx, ctx.entityId, changed.map(personChange));
      return changed;
    });
    if (rows.length) onChanged(ctx.entityId);
    return rows;
  }

  /** Another user of the company already has this phone: the spec's message, nothing written. */
  async function checkPhones(entityId: string, targets: Target[]) {
    for (const t of targets) {
      const [other] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.entityId, entityId), eq(users.phone, t.phone!), sql`${users.id} <> ${t.id}`))
        .limit(1);
      if (other) throw new ApiError(400, 'phone_exists', { phone: ['errors.phone_exists'] });
    }
  }

  return {
    async inviteRevoke(ctx: RequestContext, input: InviteRevokeInput) {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.entityId, ctx.entityId), eq(users.id, input.user_id)));
      if (!user) throw notFound();
      assertAllowed(ctx, 'users');
      if (input.status === 'revoke') {
        await guard.removal(ctx, [input.user_id]);
        const [row] = await apply(ctx, [{ id: input.user_id }], revoked());
        return { user: row!, message: 'Passport Revoked' };
      }
      await checkRefs(ctx.entityId, input);
      await guard.assign(ctx, [input.user_id], input.role_id);
      const [row] = await apply(
        ctx,
        [{ id: input.user_id }],
        { dashboardAccess: true, dashboardRevokedAt: null, roleId: input.role_id, userTypeId: input.user_type_id },
        input.site_id,
      );
      return { user: row!, message: 'Passport Invitation Sent' };
    },

    /** Users who may be invited: active and without dashboard access yet. */
    async candidates(ctx: RequestContext, q: { search?: string; limit: number; page: number }) {
      assertAllowed(ctx, 'users');
      const where = and(
        eq(users.entityId, ctx.entityId),
        eq(users.archived, false),
        eq(users.dashboardAccess, false),
        q.search
          ? sql`(${users.fullName} || ' ' || ${users.email} || ' ' || coalesce(${users.phone}, '')) ilike ${`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
          : undefined,
      );
      const rows = await db
        .select({
          id: users.id,
          full_name: users.fullName,
          email: users.email,
          phone: users.phone,
          country_code: users.countryCode,
          user_type_id: users.userTypeId,
          role_id: users.roleId,
        })
        .from(users)
        .where(where)
        .orderBy(asc(users.fullName), asc(users.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const [total] = await db.select({ n: count() }).from(users).where(where);
      return { data: rows, count: Number(total?.n ?? 0), page: q.page, limit: q.limit };
    },

    async massInvite(ctx: RequestContext, input: MassInviteInput) {
      assertAllowed(ctx, 'users');
      await checkRefs(ctx.entityId, input);
      const ids = input.users.map((u) => u.id);
      const known = new Set(
        (
          await db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.entityId, ctx.entityId), inArray(users.id, ids)))
        ).map((r) => r.id),
      );
      const targets = input.users
        .filter((u) => known.has(u.id))
        .map((u) => ({ id: u.id, countryCode: u.country_code, phone: u.phone }));
      await checkPhones(ctx.entityId, targets);
      await guard.assign(
        ctx,
        targets.map((t) => t.id),
        input.role_id,
      );
      const rows = await apply(
        ctx,
        targets,
        { dashboardAccess: true, dashboardRevokedAt: null, roleId: input.role_id, userTypeId: input.user_type_id },
        input.site_id,
      );
      return { updated: rows.length, message: 'Passport Invitation Sent' };
    },

    async massRevoke(ctx: RequestContext, userIds: string[]) {
      assertAllowed(ctx, 'users');
      // The caller keeps their own access: revoking it would lock them out mid-action.
      const others = userIds.filter((id) => id !== ctx.userId);
      await guard.removal(ctx, others);
      const rows = await apply(
        ctx,
        others.map((id) => ({ id })),
        revoked(),
      );
      return { updated: rows.length, message: 'Passport Revoked' };
    },
  };
}
export type InvitesService = ReturnType<typeof invitesService>;
