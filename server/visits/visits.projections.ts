// What a sign-in or sign-out event looks like on a device (catalogue table `visitEvents`).
import { eq } from 'drizzle-orm';
import { visitEvents } from '../db/schema/visits';
import type { ChangeInput, Executor } from '../sync/changes';

type EventRow = typeof visitEvents.$inferSelect;

export const eventChange = (
  e: Pick<
    EventRow,
    'id' | 'personId' | 'kind' | 'areaId' | 'journeyFlowId' | 'userTypeId' | 'at' | 'deviceId' | 'details'
  > &
    Partial<Pick<EventRow, 'clockUntrusted'>>,
): ChangeInput => ({
  table: 'visitEvents',
  id: e.id,
  op: 'put',
  version: 1,
  data: {
    id: e.id,
    personId: e.personId,
    kind: e.kind,
    areaId: e.areaId,
    journeyFlowId: e.journeyFlowId,
    userTypeId: e.userTypeId,
    at: e.at,
    deviceId: e.deviceId,
    details: e.details,
    // Only when set, so the rows devices already hold stay byte-for-byte the same.
    ...(e.clockUntrusted ? { clockUntrusted: true } : {}),
  },
});

export async function visitsSnapshotOf(db: Executor, entityId: string): Promise<ChangeInput[]> {
  return (await db.select().from(visitEvents).where(eq(visitEvents.entityId, entityId))).map(eventChange);
}
