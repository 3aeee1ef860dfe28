// Queries of the duplication board: candidate pairs by email key, phone key and name similarity
// (pg_trgm, users_name_trgm_idx), and what the board shows of each person side by side.
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { NAME_SIMILARITY, PHONE_MATCH_DIGITS, type DuplicateFilter, type DuplicatePair } from '../../domain/duplicates';
import type { Db } from '../db/database';
import { userCards } from '../db/schema/dashboard';
import { userTypes } from '../db/schema/journeys';
import { users } from '../db/schema/people';
import { visits } from '../db/schema/visits';
import { userDocuments } from '../db/schema/user-documents';
import { ANONYMISED_NAME } from '../privacy/retention-run';
import type { Executor } from '../sync/changes';

/** Rows of a raw query on either driver (PGlite and pg both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Pairs per filter are bounded, so a company of 50,000 people answers in one page. */
const PAIR_LIMIT = 2000;

const emailKeySql = sql`regexp_replace(regexp_replace(split_part(email, '@', 1), '\\+.*$', ''), '\\.', '', 'g')
  || '@' || split_part(email, '@', 2)`;
const phoneDigits = sql`regexp_replace(coalesce(phone, ''), '\\D', '', 'g')`;
const phoneKeySql = sql`case when length(${phoneDigits}) >= 7 then right(${phoneDigits}, ${PHONE_MATCH_DIGITS}) end`;

async function sameKeyPairs(x: Executor, entityId: string, key: SQL, reason: DuplicateFilter) {
  const groups = rowsOf<{ ids: string[] }>(
    await x.execute(sql`
      select array_agg(id order by id) as ids from (
        select id, ${key} as k from users
        where entity_id = ${entityId} and not archived and full_name <> ${ANONYMISED_NAME}) keyed
      where k is not null group by k having count(*) > 1 limit ${PAIR_LIMIT}`),
  );
  // A chain a–b, b–c is enough: grouping joins the chain into one group.
  return groups.flatMap((g) => g.ids.slice(1).map((b, i): DuplicatePair => ({ a: g.ids[i]!, b, reason })));
}

/** domain/duplicates.ts nameNumbers() in SQL: the digit runs of a name joined by single spaces. */
export const nameNumbersSql = (column: SQL) =>
  sql`coalesce(array_to_string(array(select m[1] from regexp_matches(${column}, '([0-9]+)', 'g') m), ' '), '')`;

async function similarNamePairs(db: Db, entityId: string): Promise<DuplicatePair[]> {
  return db.transaction(async (tx) => {
    // `%` uses the trigram index with this threshold (local to the transaction).
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(NAME_SIMILARITY)}, true)`);
    const rows = rowsOf<{ a: string; b: string }>(
      await tx.execute(sql`
        select a.id as a, b.id as b from users a
        join users b on b.entity_id = a.entity_id and a.id < b.id and lower(b.full_name) % lower(a.full_name)
          and ${nameNumbersSql(sql`a.full_name`)} = ${nameNumbersSql(sql`b.full_name`)}
        where a.entity_id = ${entityId} and not a.archived and not b.archived
          and a.full_name <> ${ANONYMISED_NAME} and b.full_name <> ${ANONYMISED_NAME}
        limit ${PAIR_LIMIT}`),
    );
    return rows.map((r): DuplicatePair => ({ a: r.a, b: r.b, reason: 'name' }));
  });
}

export async function candidatePairs(
  db: Db,
  entityId: string,
  filter: DuplicateFilter | undefined,
): Promise<DuplicatePair[]> {
  const out: DuplicatePair[] = [];
  if (!filter || filter === 'email') out.push(...(await sameKeyPairs(db, entityId, emailKeySql, 'email')));
  if (!filter || filter === 'phone') out.push(...(await sameKeyPairs(db, entityId, phoneKeySql, 'phone')));
  if (!filter || filter === 'name') out.push(...(await similarNamePairs(db, entityId)));
  return out;
}

/** What the board shows of each person: fields to choose from, and what would move on a merge. */
export async function boardPeople(x: Executor, entityId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return x
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      countryCode: users.countryCode,
      userTypeId: users.userTypeId,
      userTypeName: userTypes.name,
      image: users.image,
      labels: users.labels,
      roleId: users.roleId,
      version: users.version,
      visits: sql<number>`(select count(*) from ${visits} v
        where v.entity_id = ${users.entityId} and v.person_id = ${users.id})::int`,
      documents: sql<number>`(select count(*) from ${userDocuments} d
        where d.entity_id = ${users.entityId} and d.user_id = ${users.id} and d.status <> 'DELETED')::int`,
      rfid: sql<string | null>`(select c.rfid from ${userCards} c
        where c.entity_id = ${users.entityId} and c.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(userTypes, and(eq(userTypes.entityId, users.entityId), eq(userTypes.id, users.userTypeId)))
    .where(and(eq(users.entityId, entityId), inArray(users.id, [...ids]), ne(users.archived, true)));
}
export type BoardPerson = Awaited<ReturnType<typeof boardPeople>>[number];

/** The people of a merge, without the board's counts (a merge needs only their fields). */
export async function peopleToMerge(x: Executor, entityId: string, ids: readonly string[]) {
  return x
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      countryCode: users.countryCode,
      userTypeId: users.userTypeId,
      image: users.image,
      labels: users.labels,
    })
    .from(users)
    .where(and(eq(users.entityId, entityId), inArray(users.id, [...ids]), ne(users.archived, true)));
}
export type PersonToMerge = Awaited<ReturnType<typeof peopleToMerge>>[number];
