// What the company already holds that an import's rows touch (domain/import.ts ImportFacts):
// its user types, the admin's user-type scope, and the people whose email, phone, external id
// or card a row names. One query each, whatever the number of rows, and each list of values is
// ONE array parameter (`= any($1::text[])`): 10,000 rows as 40,000 separate parameters cost
// seconds of statement building and protocol encoding before the database saw them.
import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ImportFacts, ImportRow } from '../../domain/import';
import { personExternalIds, userCards, users, userTypes } from '../db/schema/index';
import type { Executor } from '../sync/changes';
import { arrayParam } from '../db/array-param';
import { scopeOf } from '../dashboard/mass-scope';

const values = (rows: readonly ImportRow[], pick: (r: ImportRow) => string) => [
  ...new Set(rows.map(pick).filter(Boolean)),
];

/** A list as ONE parameter (server/db/array-param.ts): the driver quotes each element, so any
 * text (commas, braces, quotes, NULL) stays one element. Cast it where it is used (`::text[]`). */
export const textArray = (list: ReadonlyArray<string | null>) => arrayParam(list);
const anyText = (column: AnyColumn, list: readonly string[]) => sql`${column} = any(${textArray(list)}::text[])`;

export async function importFacts(
  db: Executor,
  entityId: string,
  adminId: string,
  rows: readonly ImportRow[],
): Promise<ImportFacts> {
  const types = await db
    .select({ id: userTypes.id, name: userTypes.name })
    .from(userTypes)
    .where(eq(userTypes.entityId, entityId));
  const scope = await scopeOf(db, entityId, adminId);

  const emails = values(rows, (r) => r.email.toLowerCase());
  const phones = values(rows, (r) => r.phone);
  const externals = values(rows, (r) => r.external_id);
  const cards = values(rows, (r) => r.rfid);
  const ids = new Set<string>();
  const wanted: SQL[] = [];
  if (emails.length) wanted.push(anyText(users.email, emails));
  if (phones.length) wanted.push(anyText(users.phone, phones));
  if (externals.length) {
    const found = await db
      .select({ id: personExternalIds.userId })
      .from(personExternalIds)
      .where(and(eq(personExternalIds.entityId, entityId), anyText(personExternalIds.externalId, externals)));
    for (const f of found) ids.add(f.id);
  }
  if (cards.length) {
    const found = await db
      .select({ id: userCards.userId })
      .from(userCards)
      .where(and(eq(userCards.entityId, entityId), anyText(userCards.rfid, cards)));
    for (const f of found) ids.add(f.id);
  }
  if (ids.size) wanted.push(sql`${users.id} = any(${arrayParam([...ids])}::uuid[])`);
  const people = wanted.length
    ? await db
        .select({
          id: users.id,
          email: users.email,
          phone: users.phone,
          externalId: personExternalIds.externalId,
          rfid: userCards.rfid,
        })
        .from(users)
        .leftJoin(
          personExternalIds,
          and(eq(personExternalIds.entityId, users.entityId), eq(personExternalIds.userId, users.id)),
        )
        .leftJoin(userCards, and(eq(userCards.entityId, users.entityId), eq(userCards.userId, users.id)))
        .where(and(eq(users.entityId, entityId), or(...wanted)))
    : [];
  return { userTypes: types, allowedUserTypeIds: scope.userTypeIds, people };
}
