// Verifies a visitor's QR code on this device, without the network: the entity's public key
// and the revocation list come from IndexedDB (synced down), the rule from domain/qr-token.
// Shared so the kiosk's QR sign-in and the admin's check use the same code.
import { verifyVisitQr, type QrVerdict } from '../../domain/qr-token';
import type { GatehouseDb } from './schema';

interface KeyRow {
  id: string;
  publicKey: string;
}
interface RevocationRow {
  id: string;
  reason: string | null;
}

export async function verifyQrOnDevice(
  db: GatehouseDb,
  token: string,
  entityId?: string,
  now = Date.now(),
): Promise<QrVerdict> {
  return verifyVisitQr(token, {
    subtle: crypto.subtle,
    now,
    entityId,
    publicKeyOf: async (kid) => (await db.table<KeyRow, string>('signingKeys').get(kid))?.publicKey,
    revocationOf: async (visitId) =>
      (await db.table<RevocationRow, string>('qrRevocations').get(visitId))?.reason ?? undefined,
  });
}
