// Kiosk device tokens: a kiosk runs under its own token, scoped to its entity (and, through
// the kiosk row, its area), never under the admin who registered it. Resolving one also marks
// the kiosk as seen, which is what the dashboard's online/offline state reads.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { KIOSK_DEVICE_PERMISSION, PERMISSION_KEYS, type PermissionMap } from '../../domain/permissions';
import { KIOSK_ROLE_NAME } from '../../domain/kiosk';
import type { Db } from '../db/database';
import { kiosks, kioskTokens } from '../db/schema/kiosk';
import type { RequestContext } from '../http/context';

/** Every dashboard screen denied: a device token carries device permissions only, so no admin route accepts it. */
export const KIOSK_PERMISSIONS: PermissionMap = Object.fromEntries([
  ...PERMISSION_KEYS.map((k) => [k, { pivot: { allowed: 0 } }]),
  [KIOSK_DEVICE_PERMISSION, { pivot: { allowed: 1 } }],
]) as PermissionMap;

const SEEN_EVERY_MS = 15_000;

export async function kioskContext(db: Db, tokenHash: string, now: number): Promise<RequestContext | null> {
  const [row] = await db
    .select({ kiosk: kiosks })
    .from(kioskTokens)
    .innerJoin(kiosks, and(eq(kiosks.entityId, kioskTokens.entityId), eq(kiosks.id, kioskTokens.kioskId)))
    .where(and(eq(kioskTokens.tokenHash, tokenHash), isNull(kiosks.deregisteredAt)))
    .limit(1);
  if (!row) return null;
  const seen = new Date(now);
  // Throttled so a busy kiosk does not write on every request.
  await db
    .update(kiosks)
    .set({ lastSeenAt: seen })
    .where(
      and(
        eq(kiosks.entityId, row.kiosk.entityId),
        eq(kiosks.id, row.kiosk.id),
        or(isNull(kiosks.lastSeenAt), lt(kiosks.lastSeenAt, new Date(now - SEEN_EVERY_MS))),
      ),
    );
  return {
    entityId: row.kiosk.entityId,
    userId: row.kiosk.id,
    roleName: KIOSK_ROLE_NAME,
    permissions: KIOSK_PERMISSIONS,
    lang: 'en',
    tokenHash,
  };
}
