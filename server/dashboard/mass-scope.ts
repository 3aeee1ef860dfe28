// Server-side enforcement of an admin's scope (admin_scopes; spec 1 §6 "acting only on
// accessible user types and areas"): a sign-in or sign-out that a user records on behalf of
// another person outside their user types, or in an area outside their areas, is rejected with
// action_not_allowed, whatever the client says about it (a mass action or one by one).
import { and, eq } from 'drizzle-orm';
import { inScope } from '../../domain/mass-action';
import type { Resources } from '../../domain/resources';
import { adminScopes } from '../db/schema/dashboard';
import type { Executor, Tx } from '../sync/changes';

/** The user types and areas a person may act on (their admin_scopes row; null: every one). */
export async function scopeOf(db: Executor, entityId: string, userId: string): Promise<Resources> {
  const [row] = await db
    .select({ userTypeIds: adminScopes.userTypeIds, areaIds: adminScopes.areaIds })
    .from(adminScopes)
    .where(and(eq(adminScopes.entityId, entityId), eq(adminScopes.userId, userId)));
  return { userTypeIds: row?.userTypeIds ?? null, areaIds: row?.areaIds ?? null };
}

export interface ScopeItem {
  personId: string;
  areaId?: string | null;
}

/** One code per item (null = allowed): at most one query, and none when everyone acts for themselves. */
export async function massScopeCodes(
  tx: Tx,
  entityId: string,
  adminId: string,
  items: ScopeItem[],
  userTypeOf: (personId: string) => string | null | undefined,
): Promise<Array<string | null>> {
  const onBehalf = (i: ScopeItem) => i.personId !== adminId;
  if (!items.some(onBehalf)) return items.map(() => null);
  const { userTypeIds: types, areaIds: places } = await scopeOf(tx, entityId, adminId);
  return items.map((i) =>
    !onBehalf(i) || (inScope(types, userTypeOf(i.personId)) && (!i.areaId || inScope(places, i.areaId)))
      ? null
      : 'action_not_allowed',
  );
}
