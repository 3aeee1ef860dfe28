// Users of one company as the people screens list and edit them. Every query is scoped by
// entity_id; paging is offset-based with a stable tie-break on id.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { labels, roles, userCards, userPhotos, users, userTypes } from '../db/schema/index';
import type { UsersQuery } from '../../domain/schemas/people';

export type UserRow = typeof users.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(entityId: string, f: UsersQuery['filterBy']): SQL {
  const parts: SQL[] = [eq(users.entityId, entityId)];
  const status = f.status ?? 'active';
  if (status !== 'all') parts.push(eq(users.archived, status === 'archived'));
  if (f.user_type_id) parts.push(eq(users.userTypeId, f.user_type_id));
  if (f.label) parts.push(sql`${users.labels} @> ${JSON.stringify([f.label])}::jsonb`);
  if (f.search) {
    // The same expression as the users_search_trgm_idx index (pg_trgm), so a substring search is an index scan.
    parts.push(
      sql`(${users.fullName} || ' ' || ${users.email} || ' ' || coalesce(${users.phone}, '')) ilike ${`%${escapeLike(f.search)}%`}`,
    );
  }
  return and(...parts)!;
}

export function peopleRepo(db: Db) {
  return {
    async list(entityId: string, q: UsersQuery) {
      const where = whereOf(entityId, q.filterBy);
      const descending = q.orderBy.startsWith('-');
      const field = q.orderBy.replace(/^-/, '');
      const column =
        field === 'email'
          ? users.email
          : field === 'phone'
            ? users.phone
            : field === 'user_type'
              ? userTypes.name
              : field === 'updated_at'
                ? users.updatedAt
                : users.fullName;
      const dir = descending ? desc : asc;
      // Page the narrow (sort key, id) rows first, then read the page's ten full rows: sorting
      // 50,000 whole rows (user type order) spills to disk, sorting their keys does not.
      const page = db
        .select({ id: users.id, key: sql`${column}`.as('sort_key') })
        .from(users)
        .leftJoin(userTypes, and(eq(userTypes.entityId, users.entityId), eq(userTypes.id, users.userTypeId)))
        .where(where)
        .orderBy(dir(column), dir(users.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .as('page');
      const rows = await db
        .select({ user: users, userTypeName: userTypes.name, rfid: userCards.rfid })
        .from(page)
        .innerJoin(users, and(eq(users.entityId, entityId), eq(users.id, page.id)))
        .leftJoin(userTypes, and(eq(userTypes.entityId, users.entityId), eq(userTypes.id, users.userTypeId)))
        .leftJoin(userCards, and(eq(userCards.entityId, users.entityId), eq(userCards.userId, users.id)))
        .orderBy(dir(page.key), dir(page.id));
      const [total] = await db.select({ n: count() }).from(users).where(where);
      return { rows, count: Number(total?.n ?? 0) };
    },
    async get(entityId: string, id: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.entityId, entityId), eq(users.id, id)))
        .limit(1);
      return row ?? null;
    },
    async rfidOf(entityId: string, userId: string) {
      const [row] = await db
        .select({ rfid: userCards.rfid })
        .from(userCards)
        .where(and(eq(userCards.entityId, entityId), eq(userCards.userId, userId)));
      return row?.rfid ?? null;
    },
    /** Which of email / phone / rfid another user of the company already has. */
    async clashes(entityId: string, input: { email: string; phone: string; rfid: string }, exceptId?: string) {
      const others = (col: SQL) => (exceptId ? and(col, sql`${users.id} <> ${exceptId}`) : col);
      const [byEmail] = await db
        .select({ id: users.id })
        .from(users)
        .where(others(and(eq(users.entityId, entityId), eq(users.email, input.email.toLowerCase()))!))
        .limit(1);
      const [byPhone] = await db
        .select({ id: users.id })
        .from(users)
        .where(others(and(eq(users.entityId, entityId), eq(users.phone, input.phone))!))
        .limit(1);
      const [byRfid] = input.rfid
        ? await db
            .select({ id: userCards.userId })
            .from(userCards)
            .where(
              and(
                eq(userCards.entityId, entityId),
                eq(userCards.rfid, input.rfid),
                exceptId ? sql`${userCards.userId} <> ${exceptId}` : undefined,
              ),
            )
            .limit(1)
        : [];
      return { email: Boolean(byEmail), phone: Boolean(byPhone), rfid: Boolean(byRfid) };
    },
    async userTypeExists(entityId: string, id: string) {
      const [row] = await db
        .select({ id: userTypes.id })
        .from(userTypes)
        .where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, id)));
      return Boolean(row);
    },
    /** The name a created or edited person's answer carries, as the list shows it. */
    async userTypeName(entityId: string, id: string | null) {
      if (!id) return null;
      const [row] = await db
        .select({ name: userTypes.name })
        .from(userTypes)
        .where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, id)));
      return row?.name ?? null;
    },
    async defaultRoleId(entityId: string) {
      const [row] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.entityId, entityId), eq(roles.name, 'default users')));
      return row?.id ?? null;
    },
    async labelIds(entityId: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: labels.id })
        .from(labels)
        .where(and(eq(labels.entityId, entityId), inArray(labels.id, [...ids])));
      return rows.map((r) => r.id);
    },
    async labels(entityId: string) {
      return db
        .select({ id: labels.id, name: labels.name })
        .from(labels)
        .where(eq(labels.entityId, entityId))
        .orderBy(asc(labels.name));
    },
    async photo(entityId: string, userId: string) {
      const [row] = await db
        .select()
        .from(userPhotos)
        .where(and(eq(userPhotos.entityId, entityId), eq(userPhotos.userId, userId)));
      return row ?? null;
    },
    async existing(entityId: string, ids: readonly string[]) {
      return db
        .select()
        .from(users)
        .where(and(eq(users.entityId, entityId), inArray(users.id, [...ids])));
    },
  };
}
export type PeopleRepo = ReturnType<typeof peopleRepo>;
