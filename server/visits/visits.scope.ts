// What sync scopes (server/sync/scope.ts) read from the visits data: which events a later event
// of the same person supersedes (presence is decided by each person's latest event, ordered by
// time then id as in domain/presence.ts), and the sites' time zones that say when today began.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { sites } from '../db/schema/places';
import { visitEvents } from '../db/schema/sync';
import type { Executor } from '../sync/changes';
import type { ServerScopes } from '../sync/scope';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CHUNK = 1000;

async function supersededEvents(db: Executor, entityId: string, ids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  const valid = ids.filter((id) => UUID.test(id));
  for (let i = 0; i < valid.length; i += CHUNK) {
    const later = sql`exists (select 1 from visit_events l where l.entity_id = ${visitEvents.entityId}
      and l.person_id = ${visitEvents.personId}
      and (l.at > ${visitEvents.at} or (l.at = ${visitEvents.at} and l.id::text > ${visitEvents.id}::text)))`;
    const rows = await db
      .select({ id: visitEvents.id })
      .from(visitEvents)
      .where(and(eq(visitEvents.entityId, entityId), inArray(visitEvents.id, valid.slice(i, i + CHUNK)), later));
    for (const r of rows) out.add(r.id);
  }
  return out;
}

export const visitScopes: ServerScopes = {
  async superseded(db, entityId, table, ids) {
    // Only visit events are a presence table today; any other is never superseded.
    return table === 'visitEvents' ? supersededEvents(db, entityId, ids) : new Set();
  },
  async timeZones(db, entityId) {
    const rows = await db
      .select({ timeZone: sites.timeZone })
      .from(sites)
      .where(and(eq(sites.entityId, entityId), isNull(sites.deletedAt)));
    return [...new Set(rows.map((r) => r.timeZone))];
  },
};
