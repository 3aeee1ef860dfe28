// Server-side enforcement of an admin's scope (admin_scopes; spec 1 §6 "acting only on
// accessible user types and areas") for mass sign-in/out: a sign-in or sign-out whose details
// mark it as a mass action (details.mass === true) for a person outside the recording admin's
// user types, or in an area outside their areas, is rejected with action_not_allowed. Kiosk and
// one-by-one sign-ins are not mass actions and are not restricted here.
import { and, eq } from 'drizzle-orm';
import { inScope } from '../../domain/mass-action';
import { adminScopes } from '../db/schema/dashboard';
import type { Tx } from '../sync/changes';

export interface ScopeItem { personId: string; areaId?: string | null; details?: unknown }

export const isMass = (details: unknown): boolean =>
  typeof details === 'object' && details !== null && (details as { mass?: unknown }).mass === true;

/** One code per item (null = allowed): at most one query, and none when nothing is a mass action. */
export async function massScopeCodes(tx: Tx, entityId: string, adminId: string, items: ScopeItem[], userTypeOf: (personId: string) => string | null | undefined): Promise<Array<string | null>> {
  if (!items.some((i) => isMass(i.details))) return items.map(() => null);
  const [scope] = await tx.select({ userTypeIds: adminScopes.userTypeIds, areaIds: adminScopes.areaIds }).from(adminScopes)
    .where(and(eq(adminScopes.entityId, entityId), eq(adminScopes.userId, adminId)));
  const types = scope?.userTypeIds ?? null;
  const places = scope?.areaIds ?? null;
  return items.map((i) => (!isMass(i.details) || (inScope(types, userTypeOf(i.personId)) && (!i.areaId || inScope(places, i.areaId))) ? null : 'action_not_allowed'));
}
