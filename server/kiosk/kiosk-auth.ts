// Kiosk device tokens: a kiosk runs under its own token, scoped to its entity (and, through
// the kiosk row, its area), never under the admin who registered it. Resolving one also marks
// the kiosk as seen, which is what the dashboard's online/offline state reads.
import { sql } from 'drizzle-orm';
import { KIOSK_DEVICE_PERMISSION, PERMISSION_KEYS, type PermissionMap } from '../../domain/permissions';
import { KIOSK_ROLE_NAME } from '../../domain/kiosk';
import type { Db } from '../db/database';
import { executePrepared } from '../db/prepared';
import type { RequestContext } from '../http/context';

/** Every dashboard screen denied: a device token carries device permissions only, so no admin route accepts it. */
export const KIOSK_PERMISSIONS: PermissionMap = Object.fromEntries([
  ...PERMISSION_KEYS.map((k) => [k, { pivot: { allowed: 0 } }]),
  [KIOSK_DEVICE_PERMISSION, { pivot: { allowed: 1 } }],
]) as PermissionMap;

const SEEN_EVERY_MS = 15_000;

export async function kioskContext(db: Db, tokenHash: string, now: number): Promise<RequestContext | null> {
  // Both statements run on every kiosk request: planned once on PGlite (server/db/prepared.ts).
  const [row] = await executePrepared<{ entityId: string; id: string }>(
    db,
    sql`select k.entity_id as "entityId", k.id from kiosk_tokens t
      join kiosks k on k.entity_id = t.entity_id and k.id = t.kiosk_id
      where t.token_hash = ${tokenHash} and k.deregistered_at is null limit 1`,
  );
  if (!row) return null;
  // Throttled so a busy kiosk does not write on every request.
  await executePrepared(
    db,
    sql`update kiosks set last_seen_at = ${new Date(now).toISOString()}::timestamptz
      where entity_id = ${row.entityId} and id = ${row.id}
        and (last_seen_at is null or last_seen_at < ${new Date(now - SEEN_EVERY_MS).toISOString()}::timestamptz)`,
  );
  return {
    entityId: row.entityId,
    userId: row.id,
    roleName: KIOSK_ROLE_NAME,
    permissions: KIOSK_PERMISSIONS,
    lang: 'en',
    tokenHash,
  };
}
