// What emergency sessions and roll-call marks look like on a warden's device.
import { eq } from 'drizzle-orm';
import { emergencySessions, emergencySessionSites, rollCallMarks } from '../db/schema/emergency';
import type { ChangeInput, Executor } from '../sync/changes';

type SessionRow = typeof emergencySessions.$inferSelect;
type MarkRow = typeof rollCallMarks.$inferSelect;

export const sessionChange = (s: SessionRow, siteIds: readonly string[]): ChangeInput => ({
  table: 'emergencySessions',
  id: s.id,
  op: 'put',
  version: s.version,
  data: {
    id: s.id,
    name: s.name,
    siteIds: [...siteIds].sort(),
    startedAt: s.startedAt,
    startedBy: s.startedBy,
    endedAt: s.endedAt,
    endedBy: s.endedBy,
  },
});

export const markChange = (m: MarkRow): ChangeInput => ({
  table: 'rollCallMarks',
  id: m.id,
  op: 'put',
  version: 1,
  data: {
    id: m.id,
    sessionId: m.sessionId,
    personId: m.personId,
    status: m.status,
    at: m.at,
    markedBy: m.markedBy,
    deviceId: m.deviceId,
    settles: m.settles,
  },
});

/** Every session and mark of an entity, for the feed's snapshot. */
export async function emergencySnapshotOf(db: Executor, entityId: string): Promise<ChangeInput[]> {
  const sites = new Map<string, string[]>();
  for (const r of await db.select().from(emergencySessionSites).where(eq(emergencySessionSites.entityId, entityId))) {
    (sites.get(r.sessionId) ?? sites.set(r.sessionId, []).get(r.sessionId)!).push(r.siteId);
  }
  const out: ChangeInput[] = [];
  for (const s of await db.select().from(emergencySessions).where(eq(emergencySessions.entityId, entityId)))
    out.push(sessionChange(s, sites.get(s.id) ?? []));
  for (const m of await db.select().from(rollCallMarks).where(eq(rollCallMarks.entityId, entityId)))
    out.push(markChange(m));
  return out;
}
