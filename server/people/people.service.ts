// Users of a company (spec 2 §7 "Users and related"): list, create, update, delete, archive,
// move user type, labels and photos. Every write also goes to the change feed, so devices
// (kiosks, the dashboard's local data) learn about it on their next pull.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { OwnDetailsInput, UserInput, UsersQuery } from '../../domain/schemas/people';
import type { Db } from '../db/database';
import { labels, userCards, userPhotos, users, visitEvents } from '../db/schema/index';
import { ApiError, invalid, notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { feedChanges, type Tx } from '../sync/changes';
import { personChange } from '../people/people.projections';
import { cardChange } from '../rfid-enrolment/cards';
import { checkedPersonValues } from './person-custom-fields';
import { checkPhoto, type CheckedPhoto } from './photo';
import { peopleRepo, type UserRow } from './people.repo';
import { roleGuard } from './role-guard';

export const photoUrl = (u: Pick<UserRow, 'id' | 'version'>) => `/api/users/photo/${u.id}?v=${u.version}`;

function toWire(u: UserRow, extra: { userTypeName?: string | null; rfid?: string | null } = {}) {
  return {
    id: u.id,
    user_id: u.id,
    full_name: u.fullName,
    email: u.email,
    phone: u.phone,
    country_code: u.countryCode,
    user_type_id: u.userTypeId,
    user_type: u.userTypeId ? { id: u.userTypeId, name: extra.userTypeName ?? null } : null,
    role_id: u.roleId,
    labels: u.labels,
    custom_fields: u.customFields,
    rfid: extra.rfid ?? null,
    image: u.image,
    archived: u.archived,
    active: !u.archived,
    dashboard_access: u.dashboardAccess,
    version: u.version,
  };
}
export type UserWire = ReturnType<typeof toWire>;

const feed = feedChanges;

export function peopleService(db: Db, now: () => number, onChanged: (entityId: string) => void) {
  const repo = peopleRepo(db);
  const guard = roleGuard(db);

  /** Tenancy first: another company's id, or a missing one, is a 404 before anything else. */
  async function own(ctx: RequestContext, id: string): Promise<UserRow> {
    const row = await repo.get(ctx.entityId, id);
    if (!row) throw notFound();
    assertAllowed(ctx, 'users');
    return row;
  }

  async function checkInput(
    ctx: RequestContext,
    input: UserInput,
    exceptId?: string,
  ): Promise<CheckedPhoto | null | undefined> {
    const clash = await repo.clashes(ctx.entityId, input, exceptId);
    if (clash.email) throw new ApiError(400, 'email_exists', { email: ['errors.email_exists'] });
    if (clash.phone) throw new ApiError(400, 'phone_exists', { phone: ['errors.phone_exists'] });
    if (clash.rfid) throw new ApiError(400, 'id_exists', { rfid: ['errors.id_exists'] });
    if (!(await repo.userTypeExists(ctx.entityId, input.user_type_id)))
      throw invalid({ user_type_id: ['validation.uuid'] });
    if ((await repo.labelIds(ctx.entityId, input.labels)).length !== new Set(input.labels).size)
      throw invalid({ labels: ['validation.uuid'] });
    if (input.image === undefined) return undefined;
    return input.image === '' ? null : checkPhoto(input.image);
  }

  async function saveExtras(
    tx: Tx,
    entityId: string,
    userId: string,
    rfid: string,
    photo: CheckedPhoto | null | undefined,
    at: Date,
  ) {
    await tx.delete(userCards).where(and(eq(userCards.entityId, entityId), eq(userCards.userId, userId)));
    if (rfid) await tx.insert(userCards).values({ entityId, userId, rfid });
    if (photo === undefined) return;
    await tx.delete(userPhotos).where(and(eq(userPhotos.entityId, entityId), eq(userPhotos.userId, userId)));
    if (photo)
      await tx.insert(userPhotos).values({
        entityId,
        userId,
        mime: photo.mime,
        width: photo.width,
        height: photo.height,
        bytes: photo.bytes,
        updatedAt: at,
      });
  }

  /** Pokes the entity's devices so they pull the change at once. */
  async function poke(entityId: string, rows: UserRow[]) {
    if (rows.length) onChanged(entityId);
  }

  return {
    async list(ctx: RequestContext, entityId: string, q: UsersQuery) {
      if (entityId !== ctx.entityId) throw notFound();
      assertAllowed(ctx, 'users');
      const { rows, count } = await repo.list(ctx.entityId, q);
      return {
        data: rows.map((r) => toWire(r.user, { userTypeName: r.userTypeName, rfid: r.rfid })),
        count,
        page: q.page,
        limit: q.limit,
      };
    },

    /** Spec 2 §7 GET /user/{id}: one person as the list shows them. */
    async get(ctx: RequestContext, id: string): Promise<UserWire> {
      const row = await own(ctx, id);
      return toWire(row, {
        userTypeName: await repo.userTypeName(ctx.entityId, row.userTypeId),
        rfid: await repo.rfidOf(ctx.entityId, id),
      });
    },

    async create(ctx: RequestContext, input: UserInput): Promise<UserWire> {
      assertAllowed(ctx, 'users');
      const roleId = input.role_id ?? (await repo.defaultRoleId(ctx.entityId));
      if (!roleId) throw invalid({ role_id: ['validation.required'] });
      await guard.assign(ctx, null, roleId);
      const photo = await checkInput(ctx, input);
      const values = await checkedPersonValues(db, ctx.entityId, input.custom_fields, []);
      const id = uuidv7();
      const at = new Date(now());
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            entityId: ctx.entityId,
            id,
            email: input.email.toLowerCase(),
            phone: input.phone,
            countryCode: input.country_code || null,
            fullName: input.full_name,
            roleId,
            userTypeId: input.user_type_id,
            labels: input.labels,
            image: photo ? photoUrl({ id, version: 1 }) : null,
            ...(values ? { customFields: values } : {}),
            updatedAt: at,
          })
          .returning();
        await saveExtras(tx, ctx.entityId, id, input.rfid, photo, at);
        // Kiosks identify people by card: the card travels with the person (personCards).
        await feed(tx, ctx.entityId, [personChange(created!), ...(input.rfid ? [cardChange(id, input.rfid)] : [])]);
        return created!;
      });
      await poke(ctx.entityId, [row]);
      return toWire(row, {
        rfid: input.rfid || null,
        userTypeName: await repo.userTypeName(ctx.entityId, row.userTypeId),
      });
    },

    async update(ctx: RequestContext, id: string, body: unknown, parse: (b: unknown) => UserInput): Promise<UserWire> {
      const current = await own(ctx, id);
      const input = parse(body);
      await (input.role_id ? guard.assign(ctx, [id], input.role_id) : guard.change(ctx, [id]));
      const photo = await checkInput(ctx, input, id);
      const values = await checkedPersonValues(db, ctx.entityId, input.custom_fields, current.customFields);
      const at = new Date(now());
      const nextVersion = current.version + 1;
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({
            email: input.email.toLowerCase(),
            phone: input.phone,
            countryCode: input.country_code || null,
            fullName: input.full_name,
            userTypeId: input.user_type_id,
            labels: input.labels,
            ...(input.role_id ? { roleId: input.role_id } : {}),
            ...(values ? { customFields: values } : {}),
            ...(photo === undefined ? {} : { image: photo ? photoUrl({ id, version: nextVersion }) : null }),
            version: sql`${users.version} + 1`,
            updatedAt: at,
          })
          .where(and(eq(users.entityId, ctx.entityId), eq(users.id, id)))
          .returning();
        await saveExtras(tx, ctx.entityId, id, input.rfid, photo, at);
        await feed(tx, ctx.entityId, [personChange(updated!), cardChange(id, input.rfid || null)]);
        return updated!;
      });
      await poke(ctx.entityId, [row]);
      return toWire(row, {
        rfid: input.rfid || null,
        userTypeName: await repo.userTypeName(ctx.entityId, row.userTypeId),
      });
    },

    /** The caller's own name and phone (POST /update-user-details); no permission needed. */
    async updateOwnDetails(ctx: RequestContext, input: OwnDetailsInput): Promise<void> {
      const current = await repo.get(ctx.entityId, ctx.userId);
      if (!current) throw notFound();
      const phone = input.phone ?? current.phone ?? '';
      if (input.phone !== undefined) {
        const clash = await repo.clashes(ctx.entityId, { email: '', phone, rfid: '' }, ctx.userId);
        if (clash.phone) throw new ApiError(400, 'phone_exists', { phone: ['errors.phone_exists'] });
      }
      const at = new Date(now());
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({
            ...(input.full_name !== undefined ? { fullName: input.full_name } : {}),
            ...(input.phone !== undefined ? { phone: input.phone } : {}),
            ...(input.country_code !== undefined ? { countryCode: input.country_code || null } : {}),
            version: sql`${users.version} + 1`,
            updatedAt: at,
          })
          .where(and(eq(users.entityId, ctx.entityId), eq(users.id, ctx.userId)))
          .returning();
        await feed(tx, ctx.entityId, [personChange(updated!)]);
        return updated!;
      });
      await poke(ctx.entityId, [row]);
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      const current = await own(ctx, id);
      // The caller and anyone with recorded visits stay: history must keep its people (archive them instead).
      if (current.id === ctx.userId) throw new ApiError(409, 'action_not_allowed');
      const [visit] = await db
        .select({ id: visitEvents.id })
        .from(visitEvents)
        .where(and(eq(visitEvents.entityId, ctx.entityId), eq(visitEvents.personId, id)))
        .limit(1);
      if (visit) throw new ApiError(409, 'user_has_visits');
      await guard.removal(ctx, [id]);
      await db.transaction(async (tx) => {
        await tx.delete(users).where(and(eq(users.entityId, ctx.entityId), eq(users.id, id)));
        await feed(tx, ctx.entityId, [
          { table: 'people', id, op: 'del', version: current.version + 1, data: null },
          cardChange(id, null),
        ]);
      });
      onChanged(ctx.entityId);
    },

    /** Archive (active false) or activate many users at once; ids of other companies are ignored. */
    async setActive(ctx: RequestContext, ids: string[], active: boolean) {
      assertAllowed(ctx, 'users');
      // The caller's own row is skipped when archiving (they would lock themselves out).
      const others = active ? ids : ids.filter((id) => id !== ctx.userId);
      if (others.length === 0) return { updated: 0 };
      await (active ? guard.change(ctx, others) : guard.removal(ctx, others));
      return bulk(ctx, others, { archived: !active }, () => true);
    },

    async moveType(ctx: RequestContext, ids: string[], userTypeId: string) {
      assertAllowed(ctx, 'users');
      if (!(await repo.userTypeExists(ctx.entityId, userTypeId))) throw invalid({ user_type_id: ['validation.uuid'] });
      await guard.change(ctx, ids);
      return bulk(ctx, ids, { userTypeId }, () => true);
    },

    async labels(ctx: RequestContext, entityId: string) {
      if (entityId !== ctx.entityId) throw notFound();
      assertAllowed(ctx, 'users');
      return repo.labels(ctx.entityId);
    },

    async createLabel(ctx: RequestContext, name: string) {
      assertAllowed(ctx, 'users');
      const existing = (await repo.labels(ctx.entityId)).find(
        (l) => l.name.toLocaleLowerCase() === name.toLocaleLowerCase(),
      );
      if (existing) throw new ApiError(400, 'name_exists', { name: ['errors.name_exists'] });
      const [row] = await db
        .insert(labels)
        .values({ entityId: ctx.entityId, id: uuidv7(), name })
        .returning({ id: labels.id, name: labels.name });
      return row!;
    },

    async applyLabels(ctx: RequestContext, ids: string[], labelIds: string[]) {
      assertAllowed(ctx, 'users');
      const known = await repo.labelIds(ctx.entityId, labelIds);
      if (known.length !== new Set(labelIds).size) throw invalid({ label_ids: ['validation.uuid'] });
      await guard.change(ctx, ids);
      const merged = sql`(select coalesce(jsonb_agg(distinct t.v), '[]'::jsonb) from jsonb_array_elements_text(${users.labels} || ${JSON.stringify(known)}::jsonb) as t(v))`;
      return bulk(ctx, ids, { labels: merged as unknown as string[] }, () => true);
    },

    async photo(ctx: RequestContext, id: string) {
      await own(ctx, id);
      const photo = await repo.photo(ctx.entityId, id);
      if (!photo) throw notFound();
      return photo;
    },
  };

  async function bulk(
    ctx: RequestContext,
    ids: string[],
    set: Partial<typeof users.$inferInsert>,
    allowed: (u: UserRow) => boolean,
  ) {
    const found = (await repo.existing(ctx.entityId, ids)).filter(allowed);
    if (found.length === 0) return { updated: 0 };
    const at = new Date(now());
    const rows = await db.transaction(async (tx) => {
      const updated = await tx
        .update(users)
        .set({ ...set, version: sql`${users.version} + 1`, updatedAt: at })
        .where(
          and(
            eq(users.entityId, ctx.entityId),
            inArray(
              users.id,
              found.map((u) => u.id),
            ),
          ),
        )
        .returning();
      await feed(tx, ctx.entityId, updated.map(personChange));
      return updated;
    });
    await poke(ctx.entityId, rows);
    return { updated: rows.length };
  }
}
export type PeopleService = ReturnType<typeof peopleService>;
