// A pull reads a device's place with its other state in one statement (server/sync/pull-state.ts):
// the SQL form must give the same areas, journeys and history window as the one a rescope and
// the reads that still use devicePlace get, for kiosks and people, with and without site access.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, expect, it } from 'vitest';
import type { DeviceKind } from '../../domain/sync-scope';
import { areas, entities, journeys, kiosks, sites, users } from '../db/schema/index';
import { userSiteAccess } from '../db/schema/emergency';
import { syncScopeSettings } from '../db/schema/sync-scopes';
import { eachDatabase } from '../test/databases';
import { seededApp } from '../test/harness';
import { devicePlace, devicePlaceFrom, devicePlaceSql } from './device-scope';

eachDatabase((get) => {
  let app: FastifyInstance;
  let entityId: string;

  beforeAll(async () => {
    app = await seededApp(get().database);
    const [acme] = await get().database.db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    entityId = acme!.id;
  });

  const both = async (userId: string, kind: DeviceKind) => {
    const db = get().database.db;
    const result = (await db.execute(sql`select ${devicePlaceSql(entityId, userId, kind)} as place`)) as unknown as {
      rows: Array<{ place: unknown }>;
    };
    const sorted = (p: { areas: string[] | null; journeys: string[] | null; historyDays: number | null }) => ({
      ...p,
      areas: p.areas && [...p.areas].sort(),
      journeys: p.journeys && [...p.journeys].sort(),
    });
    return {
      fromSql: sorted(devicePlaceFrom(result.rows[0]!.place, kind)),
      direct: sorted(await devicePlace(db, entityId, userId, kind)),
    };
  };

  it('reads a kiosk’s area, the journeys serving it and the window as devicePlace does', async () => {
    const db = get().database.db;
    const [gate, other] = await db.select().from(areas).where(eq(areas.entityId, entityId));
    const [admin] = await db.select().from(users).where(eq(users.entityId, entityId));
    const [kiosk] = await db
      .insert(kiosks)
      .values({
        entityId,
        id: uuidv7(),
        kioskName: 'Gate',
        areaId: gate!.id,
        registeredBy: admin!.id,
        createdAt: new Date(),
      })
      .returning();
    // One journey for another area only, one naming none (every area), one for the kiosk's area.
    for (const named of [[uuidv7()], [], [kiosk!.areaId, other!.id]])
      await db.insert(journeys).values({ entityId, id: uuidv7(), name: `J ${uuidv7()}`, settings: { areas: named } });
    await db.insert(syncScopeSettings).values({ entityId, historyDays: 5 });
    const { fromSql, direct } = await both(kiosk!.id, 'kiosk');
    expect(fromSql).toEqual(direct);
    expect(fromSql.areas).toEqual([kiosk!.areaId]);
    expect(fromSql.historyDays).toBe(5);
    // A token without a kiosk row holds no area's rows.
    expect((await both(uuidv7(), 'kiosk')).fromSql).toEqual({ areas: [], journeys: [], historyDays: 5 });
  });

  it('reads a person’s areas: every area without site access, else those of the sites they may see', async () => {
    const db = get().database.db;
    const [person] = await db.select().from(users).where(eq(users.entityId, entityId));
    const open = await both(person!.id, 'admin');
    expect(open.fromSql).toEqual(open.direct);
    expect(open.fromSql.areas).toBeNull();
    const [site] = await db.select().from(sites).where(eq(sites.entityId, entityId));
    await db.insert(userSiteAccess).values({ entityId, userId: person!.id, siteId: site!.id });
    const narrowed = await both(person!.id, 'admin');
    expect(narrowed.fromSql).toEqual(narrowed.direct);
    const siteAreas = await db
      .select({ id: areas.id })
      .from(areas)
      .where(and(eq(areas.entityId, entityId), eq(areas.siteId, site!.id)));
    expect(narrowed.fromSql.areas).toEqual(siteAreas.map((a) => a.id).sort());
    expect(app).toBeDefined();
  });
});
