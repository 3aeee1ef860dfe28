// Which user types may be at which areas: the kiosk's own rule (domain/mass-action.ts
// flowForArea: a live journey of the area with a flow for the type). A journey or flow change
// that takes a type's access to an area away auto-signs-out its people there (spec 1 §4 "Users in
// areas without access become auto signed out"), in the same transaction as the change.
import { and, eq, isNull } from 'drizzle-orm';
import { readJourneySettings } from '../../domain/journey';
import { flowForArea } from '../../domain/mass-action';
import { journeyFlows, journeys, userTypes } from '../db/schema/journeys';
import { areas } from '../db/schema/places';
import type { Tx } from '../sync/changes';
import { onUserTypeAccessRemoved } from './auto-sign-out.service';

const key = (areaId: string, userTypeId: string) => `${areaId}|${userTypeId}`;

/** Every "area|user type" pair with access now. */
export async function areaAccess(tx: Tx, entityId: string): Promise<Set<string>> {
  const liveJourneys = (
    await tx
      .select({ id: journeys.id, settings: journeys.settings })
      .from(journeys)
      .where(and(eq(journeys.entityId, entityId), isNull(journeys.deletedAt)))
  ).map((j) => ({ id: j.id, settings: { areas: readJourneySettings(j.settings).areas } }));
  const flows = await tx
    .select({ id: journeyFlows.id, journeyId: journeyFlows.journeyId, userTypeId: journeyFlows.userTypeId })
    .from(journeyFlows)
    .where(and(eq(journeyFlows.entityId, entityId), isNull(journeyFlows.deletedAt)));
  const areaIds = await tx
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.entityId, entityId), isNull(areas.deletedAt)));
  const types = await tx.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.entityId, entityId));
  const access = new Set<string>();
  for (const a of areaIds)
    for (const t of types) if (flowForArea(liveJourneys, flows, a.id, t.id)) access.add(key(a.id, t.id));
  return access;
}

/** Signs out the people of each pair that had access before and has none now; returns how many. */
export async function signOutWhereAccessEnded(
  tx: Tx,
  entityId: string,
  before: ReadonlySet<string>,
  now: number,
): Promise<number> {
  const after = await areaAccess(tx, entityId);
  let n = 0;
  for (const pair of before) {
    if (after.has(pair)) continue;
    const [areaId, userTypeId] = pair.split('|') as [string, string];
    n += await onUserTypeAccessRemoved(tx, entityId, userTypeId, [areaId], now);
  }
  return n;
}
