// The watch list: list, create, update (version-checked), delete, and the audit trail
// that every change writes in the same transaction (who, when, which fields before and after).
// Sites must be this company's; another company's ids answer 404.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { WatchListAuditWire, WatchListEntryWire, WatchListInput } from '../../domain/watch-list';
import type { Db } from '../db/database';
import { sites, users, watchListAudit, watchListEntries, type WatchListChange } from '../db/schema/index';
import { ApiError, invalid, notFound } from '../http/api-error';
import type { RequestContext } from '../http/context';
import type { Executor } from '../sync/changes';

type EntryRow = typeof watchListEntries.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const one = (entityId: string, id: string) => and(eq(watchListEntries.entityId, entityId), eq(watchListEntries.id, id));

/** The audited fields, as the wire names them. */
const AUDITED = [
  'full_name',
  'other_names',
  'date_of_birth',
  'email',
  'phone',
  'photo',
  'action',
  'site_ids',
  'reason',
  'expires_at',
] as const;
type Audited = (typeof AUDITED)[number];

function wire(r: EntryRow, names: Map<string, string>): WatchListEntryWire {
  return {
    id: r.id,
    full_name: r.fullName,
    other_names: r.otherNames,
    date_of_birth: r.dateOfBirth,
    email: r.email,
    phone: r.phone,
    photo: r.photo,
    action: r.action,
    site_ids: r.siteIds,
    reason: r.reason,
    expires_at: r.expiresAt,
    added_by: r.addedBy,
    added_by_name: names.get(r.addedBy) ?? null,
    version: r.version,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

const values = (input: WatchListInput) => ({
  fullName: input.full_name,
  otherNames: input.other_names,
  dateOfBirth: input.date_of_birth,
  email: input.email,
  phone: input.phone,
  action: input.action,
  siteIds: [...new Set(input.site_ids)],
  reason: input.reason,
  expiresAt: input.expires_at,
});

function diff(before: WatchListEntryWire | null, after: WatchListEntryWire | null) {
  const fields: Record<string, [unknown, unknown]> = {};
  for (const f of AUDITED) {
    const [b, a] = [before?.[f as Audited] ?? null, after?.[f as Audited] ?? null];
    if (JSON.stringify(b) !== JSON.stringify(a)) fields[f] = [b, a];
  }
  return fields;
}

export function watchListService(db: Db, now: () => number) {
  async function nameOf(ex: Executor, entityId: string, ids: readonly string[]) {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map<string, string>();
    const rows = await ex
      .select({ id: users.id, name: users.fullName })
      .from(users)
      .where(and(eq(users.entityId, entityId), inArray(users.id, unique)));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async function find(ex: Executor, entityId: string, id: string): Promise<EntryRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await ex.select().from(watchListEntries).where(one(entityId, id));
    return row;
  }

  async function assertSites(ex: Executor, entityId: string, ids: readonly string[]) {
    const unique = [...new Set(ids)];
    if (!unique.length) return;
    const found = await ex
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.entityId, entityId), inArray(sites.id, unique)));
    if (found.length !== unique.length) throw invalid({ site_ids: ['watchList.validation.sites'] });
  }

  async function audit(
    ex: Executor,
    ctx: RequestContext,
    change: WatchListChange,
    entry: EntryRow,
    fields: Record<string, [unknown, unknown]>,
  ) {
    const actor = await nameOf(ex, ctx.entityId, [ctx.userId]);
    await ex.insert(watchListAudit).values({
      entityId: ctx.entityId,
      id: uuidv7(),
      entryId: entry.id,
      change,
      actorId: ctx.userId,
      actorName: actor.get(ctx.userId) ?? '',
      at: now(),
      fullName: entry.fullName,
      fields,
    });
  }

  const noNames = new Map<string, string>();

  return {
    async list(ctx: RequestContext) {
      const rows = await db
        .select()
        .from(watchListEntries)
        .where(eq(watchListEntries.entityId, ctx.entityId))
        .orderBy(watchListEntries.fullName, watchListEntries.id);
      const names = await nameOf(
        db,
        ctx.entityId,
        rows.map((r) => r.addedBy),
      );
      return rows.map((r) => wire(r, names));
    },

    async get(ctx: RequestContext, id: string) {
      const row = await find(db, ctx.entityId, id);
      if (!row) throw notFound();
      return wire(row, await nameOf(db, ctx.entityId, [row.addedBy]));
    },

    async create(ctx: RequestContext, input: WatchListInput) {
      const t = now();
      if (input.expires_at !== null && input.expires_at <= t)
        throw invalid({ expires_at: ['watchList.validation.expires_past'] });
      const row = await db.transaction(async (tx) => {
        await assertSites(tx, ctx.entityId, input.site_ids);
        const [created] = await tx
          .insert(watchListEntries)
          .values({
            entityId: ctx.entityId,
            id: uuidv7(),
            ...values(input),
            addedBy: ctx.userId,
            createdAt: t,
            updatedAt: t,
          })
          .returning();
        await audit(tx, ctx, 'created', created!, diff(null, wire(created!, noNames)));
        return created!;
      });
      return wire(row, await nameOf(db, ctx.entityId, [row.addedBy]));
    },

    async update(ctx: RequestContext, id: string, input: WatchListInput) {
      const row = await db.transaction(async (tx) => {
        const current = await find(tx, ctx.entityId, id);
        if (!current) throw notFound();
        if (input.version !== undefined && input.version !== current.version)
          throw new ApiError(409, 'version_conflict');
        await assertSites(tx, ctx.entityId, input.site_ids);
        // The version in the where clause: of two edits racing past the check above, one wins.
        const [updated] = await tx
          .update(watchListEntries)
          .set({ ...values(input), version: current.version + 1, updatedAt: now() })
          .where(and(one(ctx.entityId, id), eq(watchListEntries.version, current.version)))
          .returning();
        if (!updated) throw new ApiError(409, 'version_conflict');
        const fields = diff(wire(current, noNames), wire(updated, noNames));
        if (Object.keys(fields).length) await audit(tx, ctx, 'updated', updated, fields);
        return updated;
      });
      return wire(row, await nameOf(db, ctx.entityId, [row.addedBy]));
    },

    async remove(ctx: RequestContext, id: string) {
      await db.transaction(async (tx) => {
        const [gone] = UUID.test(id) ? await tx.delete(watchListEntries).where(one(ctx.entityId, id)).returning() : [];
        if (!gone) throw notFound();
        await audit(tx, ctx, 'deleted', gone, diff(wire(gone, noNames), null));
      });
      return null;
    },

    /** The trail, newest first; one entry's when `entryId` is given (a deleted entry's too). */
    async audit(ctx: RequestContext, entryId?: string): Promise<WatchListAuditWire[]> {
      if (entryId !== undefined && !UUID.test(entryId)) throw notFound();
      const rows = await db
        .select()
        .from(watchListAudit)
        .where(
          and(eq(watchListAudit.entityId, ctx.entityId), entryId ? eq(watchListAudit.entryId, entryId) : undefined),
        )
        .orderBy(desc(watchListAudit.at), desc(watchListAudit.id))
        .limit(500);
      // Every entry has at least its "created" row: none means not this company's entry.
      if (entryId !== undefined && rows.length === 0) throw notFound();
      return rows.map((r) => ({
        id: r.id,
        entry_id: r.entryId,
        change: r.change,
        actor_id: r.actorId,
        actor_name: r.actorName,
        at: r.at,
        full_name: r.fullName,
        fields: r.fields,
      }));
    },
  };
}
export type WatchListService = ReturnType<typeof watchListService>;
