// Kiosk pairing codes: POST /api/kiosk/pairing (same permission as registering a kiosk) makes a
// one-time code for an area and a name; POST /api/kiosk/pair (public, the code is the secret)
// registers the kiosk exactly as POST /api/kiosk does and spends the code in the same transaction.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  PAIRING_TTL_MS,
  pairingQrText,
  type CreatePairingRequest,
  type PairKioskRequest,
} from '../../domain/kiosk-pairing';
import type { Db } from '../db/database';
import { kioskPairingCodes } from '../db/schema/kiosk-pairing';
import { hashToken, newToken } from '../auth/tokens';
import { ApiError, notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { entitySummary, insertKiosk, placeOf } from './kiosk-registration';
import { registered } from './kiosk.service';

export function kioskPairingService(db: Db, now: () => number) {
  return {
    async create(ctx: RequestContext, body: CreatePairingRequest) {
      const place = await placeOf(db, ctx.entityId, body.area_id);
      if (!place) throw notFound();
      assertAllowed(ctx, 'sites_devices');
      // 32 random bytes (256 bits), shown once; only the hash is kept.
      const code = newToken();
      const at = new Date(now());
      const expiresAt = new Date(at.getTime() + PAIRING_TTL_MS);
      await db.insert(kioskPairingCodes).values({
        entityId: ctx.entityId,
        id: uuidv7(),
        codeHash: hashToken(code),
        areaId: place.area.id,
        kioskName: body.kiosk_name,
        createdBy: ctx.userId,
        createdAt: at,
        expiresAt,
      });
      return {
        qr: pairingQrText(code),
        expires_at: expiresAt.getTime(),
        kiosk_name: body.kiosk_name,
        area_name: place.area.name,
        site_name: place.site.name,
      };
    },

    /** Unknown 404, used 409 link_used, expired 409 link_expired; nothing is written then. */
    async pair(body: PairKioskRequest) {
      const [code] = await db
        .select()
        .from(kioskPairingCodes)
        .where(eq(kioskPairingCodes.codeHash, hashToken(body.code)));
      if (!code) throw notFound();
      if (code.usedAt) throw new ApiError(409, 'link_used');
      const at = new Date(now());
      if (code.expiresAt.getTime() <= at.getTime()) throw new ApiError(409, 'link_expired');
      const place = await placeOf(db, code.entityId, code.areaId);
      if (!place) throw notFound();
      const entity = await entitySummary(db, code.entityId);
      const id = uuidv7();
      const { row, token } = await db.transaction(async (tx) => {
        // Claimed only while still unused and unexpired, so two devices racing get one kiosk.
        const claimed = await tx
          .update(kioskPairingCodes)
          .set({ usedAt: at, kioskId: id })
          .where(
            and(
              eq(kioskPairingCodes.entityId, code.entityId),
              eq(kioskPairingCodes.id, code.id),
              isNull(kioskPairingCodes.usedAt),
              gt(kioskPairingCodes.expiresAt, at),
            ),
          )
          .returning({ id: kioskPairingCodes.id });
        if (claimed.length === 0) throw new ApiError(409, 'link_used');
        return insertKiosk(tx, {
          id,
          entityId: code.entityId,
          kioskName: code.kioskName,
          areaId: code.areaId,
          registeredBy: code.createdBy,
          at,
          version: body.version,
        });
      });
      return registered(row, token, place, entity);
    },
  };
}
export type KioskPairingService = ReturnType<typeof kioskPairingService>;
