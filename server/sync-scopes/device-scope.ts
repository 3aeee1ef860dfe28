// What decides a device's sync scope besides the clock: a kiosk's area and the
// journeys that serve it, the areas of the sites a person may see (user_site_access; no rows:
// every site), and the company's history window. Read on every pull, so a kiosk moved to
// another area, a change of site access or of the setting reaches the device on its next pull.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DeviceKind } from '../../domain/sync-scope';
import { journeys } from '../db/schema/journeys';
import { kiosks } from '../db/schema/kiosk';
import { areas } from '../db/schema/places';
import { userSiteAccess } from '../db/schema/emergency';
import { syncScopeSettings } from '../db/schema/sync-scopes';
import type { Executor } from '../sync/changes';

export interface DevicePlace {
  areas: string[] | null;
  journeys: string[] | null;
  historyDays: number | null;
}

async function historyDaysOf(db: Executor, entityId: string): Promise<number | null> {
  const [row] = await db
    .select({ days: syncScopeSettings.historyDays })
    .from(syncScopeSettings)
    .where(eq(syncScopeSettings.entityId, entityId));
  return row?.days ?? null;
}

/** A journey serves the areas its settings name; one naming none serves every area. */
const servesArea = (named: unknown, areaId: string) =>
  !Array.isArray(named) || named.length === 0 || named.includes(areaId);

async function journeysOfArea(db: Executor, entityId: string, areaId: string): Promise<string[]> {
  const rows = await db
    .select({ id: journeys.id, settings: journeys.settings })
    .from(journeys)
    .where(and(eq(journeys.entityId, entityId), isNull(journeys.deletedAt)));
  return rows.filter((j) => servesArea((j.settings as { areas?: unknown }).areas, areaId)).map((j) => j.id);
}

async function kioskPlace(db: Executor, entityId: string, kioskId: string): Promise<Omit<DevicePlace, 'historyDays'>> {
  const [k] = await db
    .select({ areaId: kiosks.areaId })
    .from(kiosks)
    .where(and(eq(kiosks.entityId, entityId), eq(kiosks.id, kioskId)));
  // A kiosk row always exists for a kiosk token; without one it holds no area's rows.
  if (!k) return { areas: [], journeys: [] };
  return { areas: [k.areaId], journeys: await journeysOfArea(db, entityId, k.areaId) };
}

/** The areas of the sites a person may see; null when they may see every site. */
async function personAreas(db: Executor, entityId: string, userId: string): Promise<string[] | null> {
  const access = await db
    .select({ siteId: userSiteAccess.siteId })
    .from(userSiteAccess)
    .where(and(eq(userSiteAccess.entityId, entityId), eq(userSiteAccess.userId, userId)));
  if (!access.length) return null;
  const rows = await db
    .select({ id: areas.id })
    .from(areas)
    .where(
      and(
        eq(areas.entityId, entityId),
        inArray(
          areas.siteId,
          access.map((a) => a.siteId),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

export async function devicePlace(
  db: Executor,
  entityId: string,
  userId: string,
  kind: DeviceKind,
): Promise<DevicePlace> {
  const historyDays = await historyDaysOf(db, entityId);
  if (kind === 'kiosk') return { ...(await kioskPlace(db, entityId, userId)), historyDays };
  return { areas: await personAreas(db, entityId, userId), journeys: null, historyDays };
}

/** devicePlace as one SQL value (json), so a pull reads it with its other state in one statement
 * (server/sync/pull-state.ts); `read` turns the value into the same DevicePlace. */
export function devicePlaceSql(entityId: string, userId: string, kind: DeviceKind): SQL {
  const historyDays = sql`(select s.history_days from sync_scope_settings s where s.entity_id = ${entityId})`;
  if (kind === 'kiosk')
    return sql`json_build_object('historyDays', ${historyDays}, 'kiosk', (select json_build_object('area', k.area_id,
      'journeys', (select coalesce(json_agg(json_build_object('id', j.id, 'areas', j.settings -> 'areas')), '[]'::json)
        from journeys j where j.entity_id = ${entityId} and j.deleted_at is null))
      from kiosks k where k.entity_id = ${entityId} and k.id = ${userId}))`;
  // No access rows: every site (null); rows: the areas of those sites (perhaps none).
  return sql`json_build_object('historyDays', ${historyDays}, 'areas', case when exists (select 1 from user_site_access u
      where u.entity_id = ${entityId} and u.user_id = ${userId})
    then (select coalesce(json_agg(a.id), '[]'::json) from areas a where a.entity_id = ${entityId}
      and a.site_id in (select u.site_id from user_site_access u where u.entity_id = ${entityId} and u.user_id = ${userId}))
    else null end)`;
}

interface PlaceValue {
  historyDays: number | null;
  areas?: string[] | null;
  kiosk?: { area: string; journeys: Array<{ id: string; areas: unknown }> } | null;
}

export function devicePlaceFrom(value: unknown, kind: DeviceKind): DevicePlace {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as PlaceValue;
  const historyDays = v.historyDays ?? null;
  if (kind !== 'kiosk') return { areas: v.areas ?? null, journeys: null, historyDays };
  // A kiosk row always exists for a kiosk token; without one it holds no area's rows.
  if (!v.kiosk) return { areas: [], journeys: [], historyDays };
  const area = v.kiosk.area;
  return {
    areas: [area],
    journeys: v.kiosk.journeys.filter((j) => servesArea(j.areas, area)).map((j) => j.id),
    historyDays,
  };
}
