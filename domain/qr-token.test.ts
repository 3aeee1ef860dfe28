import { beforeAll, describe, expect, it } from 'vitest';
import {
  fromBase64Url,
  signVisitQr,
  toBase64Url,
  verifyVisitQr,
  type SubtleLike,
  type VisitQrClaims,
} from './qr-token';

// Node 20's global WebCrypto, as the browser's: domain/ takes it as a parameter.
const webcrypto = globalThis.crypto;

const subtle: SubtleLike = webcrypto.subtle;

async function keyPair() {
  const pair = (await webcrypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', pair.privateKey));
  const raw = toBase64Url(new Uint8Array(await webcrypto.subtle.exportKey('raw', pair.publicKey)));
  return { pkcs8, raw };
}

describe('signed visit QR', () => {
  let key: Awaited<ReturnType<typeof keyPair>>;
  let other: Awaited<ReturnType<typeof keyPair>>;
  const claims: VisitQrClaims = {
    kid: 'k1',
    entityId: 'ent-1',
    visitId: 'visit-1',
    personId: 'person-1',
    nbf: 1000,
    exp: 5000,
  };
  beforeAll(async () => {
    key = await keyPair();
    other = await keyPair();
  });
  const options = (extra: Partial<Parameters<typeof verifyVisitQr>[1]> = {}) => ({
    subtle,
    publicKeyOf: (kid: string) => (kid === 'k1' ? key.raw : undefined),
    revocationOf: () => undefined,
    now: 2000,
    entityId: 'ent-1',
    ...extra,
  });

  it('accepts a valid code and gives its claims', async () => {
    const token = await signVisitQr(subtle, key.pkcs8, claims);
    expect(await verifyVisitQr(token, options())).toEqual({ ok: true, claims });
  });

  it('refuses a code with one byte changed, in the claims or the signature', async () => {
    const token = await signVisitQr(subtle, key.pkcs8, claims);
    const [prefix, body, sig] = token.split('.') as [string, string, string];
    const bytes = fromBase64Url(body)!;
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 1;
    expect(await verifyVisitQr(`${prefix}.${toBase64Url(bytes)}.${sig}`, options())).toMatchObject({
      ok: false,
      code: 'qr_invalid',
    });
    const sigBytes = fromBase64Url(sig)!;
    sigBytes[0] = sigBytes[0]! ^ 1;
    expect(await verifyVisitQr(`${prefix}.${body}.${toBase64Url(sigBytes)}`, options())).toMatchObject({
      ok: false,
      code: 'qr_invalid',
    });
    expect(await verifyVisitQr('not a code', options())).toMatchObject({ ok: false, code: 'qr_invalid' });
  });

  it('refuses a code signed with another key', async () => {
    const token = await signVisitQr(subtle, other.pkcs8, claims);
    expect(await verifyVisitQr(token, options())).toMatchObject({ ok: false, code: 'qr_invalid' });
    expect(
      await verifyVisitQr(await signVisitQr(subtle, key.pkcs8, { ...claims, kid: 'k9' }), options()),
    ).toMatchObject({ ok: false, code: 'qr_unknown_key' });
  });

  it('refuses an expired code with the missed-appointment message, and one not yet valid', async () => {
    const token = await signVisitQr(subtle, key.pkcs8, claims);
    expect(await verifyVisitQr(token, options({ now: 5001 }))).toMatchObject({
      ok: false,
      code: 'qr_expired',
      messageCode: 'preregistration.missed',
    });
    expect(await verifyVisitQr(token, options({ now: 999 }))).toMatchObject({ ok: false, code: 'qr_not_yet_valid' });
  });

  it('refuses a revoked (rejected or deleted) visit with its message', async () => {
    const token = await signVisitQr(subtle, key.pkcs8, claims);
    expect(await verifyVisitQr(token, options({ revocationOf: () => 'VISIT_REJECTED' }))).toMatchObject({
      ok: false,
      code: 'qr_revoked',
      messageCode: 'preregistration.not_approved',
    });
    expect(await verifyVisitQr(token, options({ revocationOf: () => 'VISIT_DELETED' }))).toMatchObject({
      ok: false,
      code: 'qr_revoked',
      messageCode: 'preregistration.deleted',
    });
  });

  it("refuses another company's code", async () => {
    const token = await signVisitQr(subtle, key.pkcs8, claims);
    expect(await verifyVisitQr(token, options({ entityId: 'ent-2' }))).toMatchObject({
      ok: false,
      code: 'qr_wrong_entity',
    });
  });

  it('base64url round-trips every length', () => {
    for (let n = 0; n < 10; n++) {
      const bytes = new Uint8Array(n).map((_, i) => (i * 97 + n) & 255);
      expect([...fromBase64Url(toBase64Url(bytes))!]).toEqual([...bytes]);
      expect(toBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
    }
  });
});
