// A pre-registration QR read at the kiosk, against the keys and revocations the kiosk holds:
// what the visitor is told, and when a code is taken unverified (the key not synced yet).
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signVisitQr, toBase64Url, type VisitQrClaims } from '../../../../domain/qr-token';
import { createDb, type GatehouseDb } from '../../../db/schema';
import { loadKiosk, saveKiosk } from '../journey/kiosk-store';
import { checkVisitQr } from './qr-check';
import { ACCESS_TOKEN_KEY, CURRENT_ENTITY_KEY, CURRENT_USER_KEY } from '../../../db/session-store';

const subtle = globalThis.crypto.subtle;
const NOW = Date.now();
let pkcs8: Uint8Array<ArrayBuffer>;
let publicKey: string;
beforeAll(async () => {
  const pair = (await subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  pkcs8 = new Uint8Array(await subtle.exportKey('pkcs8', pair.privateKey));
  publicKey = toBase64Url(new Uint8Array(await subtle.exportKey('raw', pair.publicKey)));
});

const dbs: GatehouseDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});
function device() {
  const db = createDb(`kiosk-${crypto.randomUUID()}`);
  dbs.push(db);
  return db;
}

const claims = (patch: Partial<VisitQrClaims> = {}): VisitQrClaims => ({
  kid: 'k1',
  entityId: 'acme',
  visitId: 'ev1',
  personId: 'p1',
  nbf: NOW - 60_000,
  exp: NOW + 3_600_000,
  ...patch,
});
const code = (patch: Partial<VisitQrClaims> = {}) => signVisitQr(subtle, pkcs8, claims(patch));
const holdKey = (db: GatehouseDb) => db.signingKeys.put({ id: 'k1', algorithm: 'Ed25519', publicKey } as never);
const offline = { online: false, pullNow: () => {}, onChecking: () => {} };

describe('checkVisitQr', () => {
  it('takes a code signed by a key the kiosk holds, for the visit and person it names', async () => {
    const db = device();
    await holdKey(db);
    expect(await checkVisitQr(db, await code(), 'acme', offline)).toEqual({
      ok: true,
      visitId: 'ev1',
      personId: 'p1',
      unverified: false,
    });
  });

  it('refuses another company’s code, a code not valid yet, and a revoked one with its reason', async () => {
    const db = device();
    await holdKey(db);
    expect(await checkVisitQr(db, await code({ entityId: 'globex' }), 'acme', offline)).toEqual({
      ok: false,
      key: 'kioskQr.wrongCompany',
    });
    expect(await checkVisitQr(db, await code({ nbf: NOW + 3_600_000 }), 'acme', offline)).toEqual({
      ok: false,
      key: 'kioskQr.notYet',
    });
    await db.qrRevocations.put({ id: 'ev1', reason: 'VISIT_REJECTED' } as never);
    const revoked = await checkVisitQr(db, await code(), 'acme', offline);
    expect(revoked.ok).toBe(false);
    expect(!revoked.ok && revoked.key).toMatch(/^linkExpired\.preregistration\./);
  });

  it('refuses text that is not a Gatehouse code', async () => {
    expect(await checkVisitQr(device(), 'https://example.test', 'acme', offline)).toEqual({
      ok: false,
      key: 'errors.qr_invalid',
    });
  });

  it('offline without the key, takes the code unverified only for a visit it holds for that person', async () => {
    const db = device();
    const text = await code();
    expect(await checkVisitQr(db, text, 'acme', offline)).toEqual({ ok: false, key: 'kioskQr.notKnownOffline' });
    await db.expectedVisits.put({ id: 'ev1', personId: 'someone-else', status: 'expected' } as never);
    expect(await checkVisitQr(db, text, 'acme', offline)).toEqual({ ok: false, key: 'kioskQr.notKnownOffline' });
    await db.expectedVisits.put({ id: 'ev1', personId: 'p1', status: 'expected' } as never);
    expect(await checkVisitQr(db, text, 'acme', offline)).toEqual({
      ok: true,
      visitId: 'ev1',
      personId: 'p1',
      unverified: true,
    });
  });

  it('offline without the key, takes a code whose revocation was lifted (a rejected visit approved again)', async () => {
    const db = device();
    await db.expectedVisits.put({ id: 'ev1', personId: 'p1', status: 'approved' } as never);
    // What expectedVisit.approve writes locally over a rejection's revocation.
    await db.qrRevocations.put({ id: 'ev1', reason: null, lifted: 1 } as never);
    expect(await checkVisitQr(db, await code(), 'acme', offline)).toMatchObject({ ok: true, unverified: true });
    await db.qrRevocations.put({ id: 'ev1', reason: 'VISIT_DELETED' } as never);
    expect(await checkVisitQr(db, await code(), 'acme', offline)).toEqual({
      ok: false,
      key: 'linkExpired.preregistration.deleted',
    });
  });

  it('online without the key, syncs at once and takes the code once the pull brings the key', async () => {
    const db = device();
    const onChecking = vi.fn();
    const pullNow = vi.fn(() => void holdKey(db));
    const r = await checkVisitQr(db, await code(), 'acme', { online: true, pullNow, onChecking, waitMs: 10_000 });
    expect(onChecking).toHaveBeenCalledOnce();
    expect(pullNow).toHaveBeenCalledOnce();
    expect(r).toMatchObject({ ok: true, unverified: false });
  });

  it('gives up waiting for the key even on a kiosk whose clock stands still', async () => {
    const frozen = vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    try {
      const r = await checkVisitQr(device(), await code(), 'acme', { ...offline, online: true, waitMs: 1_200 });
      expect(r).toEqual({ ok: false, key: 'kioskQr.notKnownYet' });
    } finally {
      frozen.mockRestore();
    }
  });

  it('online, when the pull brings no key, says the code is not known yet', async () => {
    const r = await checkVisitQr(device(), await code(), 'acme', { ...offline, online: true, waitMs: 0 });
    expect(r).toEqual({ ok: false, key: 'kioskQr.notKnownYet' });
  });
});

describe('the kiosk registration kept on the device', () => {
  it('is saved with the device token and identity, dropping an earlier session’s cursor', async () => {
    const db = device();
    await db.meta.put({ key: 'cursor', value: 'old-user-cursor' });
    const saved = await saveKiosk(db, {
      access_token: 'device-token',
      kiosk: { id: 'k9', kiosk_name: 'Front', area_id: 'a1', area_name: 'Lobby', site_name: 'HQ' },
      entity: { id: 'acme', name: 'Acme', logo: null },
    });
    expect(await loadKiosk(db)).toEqual(saved);
    expect(saved).toMatchObject({ kioskName: 'Front', areaName: 'Lobby', siteName: 'HQ' });
    expect(await db.meta.get('cursor')).toBeUndefined();
    expect((await db.meta.get(ACCESS_TOKEN_KEY))?.value).toBe('device-token');
    expect((await db.meta.get(CURRENT_USER_KEY))?.value).toBe('k9');
    expect((await db.meta.get(CURRENT_ENTITY_KEY))?.value).toBe('acme');
  });

  it('reads as none on a device never registered', async () => {
    expect(await loadKiosk(device())).toBeNull();
  });
});
