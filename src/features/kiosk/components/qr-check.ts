// A pre-registration QR read at the kiosk. A company's key is made with its
// first code, after the kiosk's last pull: a code signed by a key this kiosk does not hold yet is
// not "expired". Online, the kiosk pulls at once and checks again; without the key (offline, or
// the pull did not bring it) a code naming a visit this kiosk holds for that person is taken, to
// be judged by the server when the sign-in is pushed (the expected visit must be that person's
// and still open, server/kiosk/kiosk-journey.mutations.ts); otherwise the refusal says why.
import { readUnverifiedClaims } from '../../../../domain/qr-token';
import { reasonCodeOf } from '../../../../domain/preregistration';
import { verifyQrOnDevice } from '../../../db/visit-qr';
import type { GatehouseDb } from '../../../db/schema';

export interface ExpectedVisitRow {
  id: string;
  personId: string;
  status: string;
  arrivedAt?: number | null;
}

export type QrCheck = { ok: true; visitId: string; personId: string; unverified: boolean } | { ok: false; key: string };

interface Options {
  online: boolean;
  /** Starts a sync now (push and pull). */
  pullNow: () => void;
  /** Called when the kiosk waits for the key. */
  onChecking: () => void;
  /** How long to wait for the pull to bring the key. */
  waitMs?: number;
}

const POLL_MS = 400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function checkVisitQr(db: GatehouseDb, text: string, entityId: string, o: Options): Promise<QrCheck> {
  let verdict = await verifyQrOnDevice(db, text, entityId);
  if (!verdict.ok && verdict.code === 'qr_unknown_key' && o.online) {
    o.onChecking();
    o.pullNow();
    // Counted in tries, not read off the wall clock: a kiosk's clock may stand still or jump.
    for (let tries = Math.ceil((o.waitMs ?? 12_000) / POLL_MS); tries > 0; tries--) {
      if (verdict.ok || verdict.code !== 'qr_unknown_key') break;
      await sleep(POLL_MS);
      verdict = await verifyQrOnDevice(db, text, entityId);
    }
  }
  if (verdict.ok)
    return { ok: true, visitId: verdict.claims.visitId, personId: verdict.claims.personId, unverified: false };
  switch (verdict.code) {
    case 'qr_invalid':
      return { ok: false, key: 'errors.qr_invalid' };
    case 'qr_wrong_entity':
      return { ok: false, key: 'kioskQr.wrongCompany' };
    case 'qr_not_yet_valid':
      return { ok: false, key: 'kioskQr.notYet' };
    case 'qr_expired':
    case 'qr_revoked':
      return { ok: false, key: `linkExpired.${verdict.messageCode ?? 'preregistration.missed'}` };
    case 'qr_unknown_key':
      return unknownKey(db, text, entityId, o.online);
  }
}

async function unknownKey(db: GatehouseDb, text: string, entityId: string, online: boolean): Promise<QrCheck> {
  const claims = readUnverifiedClaims(text);
  const missing = { ok: false as const, key: online ? 'kioskQr.notKnownYet' : 'kioskQr.notKnownOffline' };
  if (!claims) return { ok: false, key: 'errors.qr_invalid' };
  if (claims.entityId !== entityId) return { ok: false, key: 'kioskQr.wrongCompany' };
  const revoked = await db.table<{ id: string; reason: string | null }, string>('qrRevocations').get(claims.visitId);
  // A lifted revocation (a rejected visit approved again) keeps its row with no reason, as
  // verifyQrOnDevice reads it: only a reason refuses the code.
  if (revoked?.reason) return { ok: false, key: `linkExpired.preregistration.${reasonCodeOf(revoked.reason)}` };
  const visit = await db.table<ExpectedVisitRow, string>('expectedVisits').get(claims.visitId);
  if (!visit || visit.personId !== claims.personId) return missing;
  return { ok: true, visitId: visit.id, personId: visit.personId, unverified: true };
}
