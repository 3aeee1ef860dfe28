// This device's kiosk registration, kept in Dexie meta beside the device token the sync
// worker reads (meta accessToken), so the kiosk runs with no admin session at all.
import type { GatehouseDb } from '../../../db/schema';
import { ACCESS_TOKEN_KEY, CURRENT_ENTITY_KEY, CURRENT_USER_KEY } from '../../../db/session-store';

export const KIOSK_META_KEY = 'kiosk';

export interface KioskRegistration {
  id: string;
  kioskName: string;
  areaId: string;
  areaName: string;
  siteName: string;
  entity: { id: string; name: string; logo: string | null };
}

export interface RegisterAnswer {
  access_token: string;
  kiosk: { id: string; kiosk_name: string; area_id: string; area_name: string; site_name: string };
  entity: { id: string; name: string; logo: string | null };
}

export async function saveKiosk(db: GatehouseDb, answer: RegisterAnswer): Promise<KioskRegistration> {
  const kiosk: KioskRegistration = {
    id: answer.kiosk.id,
    kioskName: answer.kiosk.kiosk_name,
    areaId: answer.kiosk.area_id,
    areaName: answer.kiosk.area_name,
    siteName: answer.kiosk.site_name,
    entity: answer.entity,
  };
  await db.transaction('rw', db.meta, async () => {
    // A fresh pull for the kiosk's own identity: whatever cursor an earlier session left is not ours.
    await db.meta.delete('cursor');
    await db.meta.bulkPut([
      { key: KIOSK_META_KEY, value: kiosk },
      { key: ACCESS_TOKEN_KEY, value: answer.access_token },
      { key: CURRENT_USER_KEY, value: kiosk.id },
      { key: CURRENT_ENTITY_KEY, value: kiosk.entity.id },
    ]);
  });
  return kiosk;
}

export async function loadKiosk(db: GatehouseDb): Promise<KioskRegistration | null> {
  return ((await db.meta.get(KIOSK_META_KEY))?.value as KioskRegistration | undefined) ?? null;
}
