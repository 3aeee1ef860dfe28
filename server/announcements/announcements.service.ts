// Announcements: list by state, one, create, update (version-checked), delete. Every
// write records its change in the feed in the same transaction, so kiosks get it on their next
// pull and keep showing it offline. Target user types must be this company's.
import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  announcementTimeProblems,
  byPriority,
  type AnnouncementInput,
  type AnnouncementState,
} from '../../domain/announcement';
import type { Db } from '../db/database';
import { userTypes } from '../db/schema/journeys';
import { announcements } from '../db/schema/kiosk-config';
import { ApiError, invalid, notFound } from '../http/api-error';
import type { RequestContext } from '../http/context';
import { feedChanges, type Executor } from '../sync/changes';
import {
  announcementChange,
  announcementRemoved,
  announcementWire,
  type AnnouncementRow,
} from './announcements.projections';

const one = (entityId: string, id: string) => and(eq(announcements.entityId, entityId), eq(announcements.id, id));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function announcementsService(db: Db, now: () => number, onChanged: (entityId: string) => void) {
  async function find(ex: Executor, entityId: string, id: string): Promise<AnnouncementRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await ex.select().from(announcements).where(one(entityId, id));
    return row;
  }

  async function assertTargets(ex: Executor, entityId: string, ids: readonly string[]) {
    const unique = [...new Set(ids)];
    const found = await ex
      .select({ id: userTypes.id })
      .from(userTypes)
      .where(and(eq(userTypes.entityId, entityId), inArray(userTypes.id, unique)));
    if (found.length !== unique.length) throw invalid({ target_user_types: ['announcements.validation.targets'] });
    return unique;
  }

  const values = (input: AnnouncementInput, targets: string[]) => ({
    description: input.description,
    url: input.url,
    urgent: input.urgent,
    pinned: input.pinned,
    verbal: input.verbal,
    targetUserTypes: targets,
    publishAt: input.publish_time,
    expiresAt: input.expiry_time,
  });

  return {
    async list(ctx: RequestContext, state?: AnnouncementState) {
      const t = now();
      const rows = await db.select().from(announcements).where(eq(announcements.entityId, ctx.entityId));
      const types = await db
        .select({ id: userTypes.id, name: userTypes.name })
        .from(userTypes)
        .where(eq(userTypes.entityId, ctx.entityId))
        .orderBy(userTypes.name);
      const data = rows
        .sort(byPriority)
        .map((r) => announcementWire(r, t))
        .filter((a) => !state || a.state === state);
      return { data, user_types: types };
    },

    async get(ctx: RequestContext, id: string) {
      const row = await find(db, ctx.entityId, id);
      if (!row) throw notFound();
      return announcementWire(row, now());
    },

    async create(ctx: RequestContext, input: AnnouncementInput) {
      const t = now();
      const problems = announcementTimeProblems(input, t);
      if (problems) throw invalid(problems);
      const row = await db.transaction(async (tx) => {
        const targets = await assertTargets(tx, ctx.entityId, input.target_user_types);
        const [created] = await tx
          .insert(announcements)
          .values({ entityId: ctx.entityId, id: uuidv7(), ...values(input, targets), version: 1 })
          .returning();
        await feedChanges(tx, ctx.entityId, [announcementChange(created!)]);
        return created!;
      });
      onChanged(ctx.entityId);
      return announcementWire(row, t);
    },

    async update(ctx: RequestContext, id: string, input: AnnouncementInput) {
      const t = now();
      const row = await db.transaction(async (tx) => {
        const current = await find(tx, ctx.entityId, id);
        if (!current) throw notFound();
        if (input.version !== undefined && input.version !== current.version)
          throw new ApiError(409, 'version_conflict');
        const problems = announcementTimeProblems(input, t, current);
        if (problems) throw invalid(problems);
        const targets = await assertTargets(tx, ctx.entityId, input.target_user_types);
        // The version in the where clause: of two edits racing past the check above, one wins.
        const [updated] = await tx
          .update(announcements)
          .set({ ...values(input, targets), version: current.version + 1 })
          .where(and(one(ctx.entityId, id), eq(announcements.version, current.version)))
          .returning();
        if (!updated) throw new ApiError(409, 'version_conflict');
        await feedChanges(tx, ctx.entityId, [announcementChange(updated)]);
        return updated;
      });
      onChanged(ctx.entityId);
      return announcementWire(row, t);
    },

    async remove(ctx: RequestContext, id: string) {
      await db.transaction(async (tx) => {
        const gone = UUID.test(id)
          ? await tx.delete(announcements).where(one(ctx.entityId, id)).returning({ id: announcements.id })
          : [];
        if (gone.length === 0) throw notFound();
        await feedChanges(tx, ctx.entityId, [announcementRemoved(id)]);
      });
      onChanged(ctx.entityId);
      return null;
    },
  };
}
export type AnnouncementsService = ReturnType<typeof announcementsService>;
