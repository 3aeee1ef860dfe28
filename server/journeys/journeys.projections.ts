// Journeys and flows as devices hold them: live rows are puts, deleted ones deletes, and each
// carries its version so a kiosk can tell which configuration a journey started on.
import { and, eq, isNull } from 'drizzle-orm';
import { journeyFlows, journeys } from '../db/schema/journeys';
import type { ChangeInput, Executor } from '../sync/changes';

export type JourneyRow = typeof journeys.$inferSelect;
export type FlowRow = typeof journeyFlows.$inferSelect;

export function journeyChange(r: JourneyRow): ChangeInput {
  if (r.deletedAt) return { table: 'journeys', id: r.id, op: 'del', version: r.version, data: null };
  const data = {
    id: r.id,
    name: r.name,
    names: r.names,
    description: r.description,
    logo: r.logo,
    settings: r.settings,
    version: r.version,
  };
  return { table: 'journeys', id: r.id, op: 'put', version: r.version, data };
}

export function flowChange(r: FlowRow): ChangeInput {
  if (r.deletedAt) return { table: 'journeyFlows', id: r.id, op: 'del', version: r.version, data: null };
  const data = {
    id: r.id,
    journeyId: r.journeyId,
    name: r.name,
    names: r.names,
    description: r.description,
    userTypeId: r.userTypeId,
    settings: r.settings,
    version: r.version,
  };
  return { table: 'journeyFlows', id: r.id, op: 'put', version: r.version, data };
}

/** The live journeys and flows of an entity, for the feed's snapshot. */
export async function journeysSnapshotOf(db: Executor, entityId: string): Promise<ChangeInput[]> {
  const js = await db
    .select()
    .from(journeys)
    .where(and(eq(journeys.entityId, entityId), isNull(journeys.deletedAt)));
  const fs = await db
    .select()
    .from(journeyFlows)
    .where(and(eq(journeyFlows.entityId, entityId), isNull(journeyFlows.deletedAt)));
  return [...js.map(journeyChange), ...fs.map(flowChange)];
}
