// Writing a registered kiosk: the kiosk row and its device token, and the answer the device
// stores. Shared by POST /api/kiosk (admin signed in on the device) and POST /api/kiosk/pair
// (a pairing QR), so both make the same kiosk with the same token shape.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { entities } from '../db/schema/entities';
import { areas, sites } from '../db/schema/places';
import { kiosks, kioskTokens } from '../db/schema/kiosk';
import { hashToken, newToken } from '../auth/tokens';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type KioskRow = typeof kiosks.$inferSelect;

export interface NewKiosk {
  id: string;
  entityId: string;
  kioskName: string;
  areaId: string;
  registeredBy: string;
  at: Date;
  macAddress?: string | null;
  androidSerial?: string | null;
  serialNumber?: string | null;
  version?: string | null;
}

/** The area with its site, inside one company, or undefined. */
export async function placeOf(db: Db | Tx, entityId: string, areaId: string) {
  const [place] = await db
    .select({ area: areas, site: sites })
    .from(areas)
    .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
    .where(and(eq(areas.entityId, entityId), eq(areas.id, areaId)));
  return place;
}

/** Inserts the kiosk and its device token (inside the caller's transaction); answers the token. */
export async function insertKiosk(tx: Tx, k: NewKiosk): Promise<{ row: KioskRow; token: string }> {
  const token = newToken();
  const [row] = await tx
    .insert(kiosks)
    .values({
      entityId: k.entityId,
      id: k.id,
      kioskName: k.kioskName,
      areaId: k.areaId,
      macAddress: k.macAddress ?? null,
      androidSerial: k.androidSerial ?? null,
      serialNumber: k.serialNumber ?? null,
      version: k.version ?? null,
      registeredBy: k.registeredBy,
      createdAt: k.at,
      lastSeenAt: k.at,
    })
    .returning();
  await tx
    .insert(kioskTokens)
    .values({ tokenHash: hashToken(token), entityId: k.entityId, kioskId: k.id, createdAt: k.at });
  return { row: row!, token };
}

export async function entitySummary(db: Db, entityId: string) {
  const [entity] = await db.select().from(entities).where(eq(entities.id, entityId));
  return { id: entity!.id, name: entity!.name, logo: entity!.logo, subdomain: entity!.subdomain };
}
