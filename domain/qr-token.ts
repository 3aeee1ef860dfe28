// The visitor's QR code: a token the server signs with the entity's Ed25519 key, which a kiosk
// verifies offline with the synced public key, the token's window and the revocation list.
// WebCrypto comes in as a parameter (domain/ has no DOM or Node types): pass `crypto.subtle`.
import { reasonCodeOf, type ExpiryReason } from './preregistration';

export const QR_PREFIX = 'GH1';
export const QR_ALGORITHM = { name: 'Ed25519' } as const;

/** The part of SubtleCrypto this needs; both the browser's and Node's `crypto.subtle` fit. */
export interface SubtleLike {
  importKey(
    format: 'raw' | 'pkcs8',
    keyData: Uint8Array<ArrayBuffer>,
    algorithm: { name: 'Ed25519' },
    extractable: boolean,
    usages: ('sign' | 'verify')[],
  ): Promise<unknown>;
  sign(algorithm: { name: 'Ed25519' }, key: never, data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
  verify(
    algorithm: { name: 'Ed25519' },
    key: never,
    signature: Uint8Array<ArrayBuffer>,
    data: Uint8Array<ArrayBuffer>,
  ): Promise<boolean>;
}

export interface VisitQrClaims {
  /** Signing key id. */
  kid: string;
  entityId: string;
  visitId: string;
  personId: string;
  /** Valid from / until, epoch ms. */
  nbf: number;
  exp: number;
}

export type QrRefusal =
  'qr_invalid' | 'qr_unknown_key' | 'qr_wrong_entity' | 'qr_not_yet_valid' | 'qr_expired' | 'qr_revoked';
export type QrVerdict =
  | { ok: true; claims: VisitQrClaims }
  | { ok: false; code: QrRefusal; reason?: ExpiryReason | string; messageCode?: string; claims?: VisitQrClaims };

// ---- bytes without TextEncoder/btoa (not in the pure lib) ----
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!;
    if (i + 1 < bytes.length) out += B64[(n >> 6) & 63]!;
    if (i + 2 < bytes.length) out += B64[n & 63]!;
  }
  return out;
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0,
    acc = 0,
    j = 0;
  for (const ch of text) {
    acc = (acc << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (acc >> bits) & 255;
    }
  }
  return out;
}

function utf8(text: string): Uint8Array<ArrayBuffer> {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return new Uint8Array(out);
}

function fromUtf8(bytes: Uint8Array): string | null {
  // Claims are ASCII (ids and numbers); anything else is not ours.
  let s = '';
  for (const b of bytes) {
    if (b > 0x7f) return null;
    s += String.fromCharCode(b);
  }
  return s;
}

const encodeClaims = (c: VisitQrClaims) =>
  toBase64Url(utf8(JSON.stringify({ k: c.kid, e: c.entityId, v: c.visitId, p: c.personId, n: c.nbf, x: c.exp })));

function decodeClaims(part: string): VisitQrClaims | null {
  const bytes = fromBase64Url(part);
  const text = bytes && fromUtf8(bytes);
  if (!text) return null;
  try {
    const o = JSON.parse(text) as Record<string, unknown>;
    const str = (x: unknown) => typeof x === 'string' && x.length > 0 && x.length <= 64;
    if (!str(o.k) || !str(o.e) || !str(o.v) || !str(o.p) || typeof o.n !== 'number' || typeof o.x !== 'number')
      return null;
    return {
      kid: o.k as string,
      entityId: o.e as string,
      visitId: o.v as string,
      personId: o.p as string,
      nbf: o.n,
      exp: o.x,
    };
  } catch {
    return null;
  }
}

/** A code's claims WITHOUT checking its signature: only to find the visit it names on a device
 * that has no key for it yet; nothing read here is believed until the server checks it. */
export function readUnverifiedClaims(token: string): VisitQrClaims | null {
  const parts = token.trim().split('.');
  return parts.length === 3 && parts[0] === QR_PREFIX ? decodeClaims(parts[1]!) : null;
}

/** Signs claims with a PKCS#8 Ed25519 private key; the token is "GH1.<claims>.<signature>". */
export async function signVisitQr(
  subtle: SubtleLike,
  pkcs8: Uint8Array<ArrayBuffer>,
  claims: VisitQrClaims,
): Promise<string> {
  const key = await subtle.importKey('pkcs8', pkcs8, QR_ALGORITHM, false, ['sign']);
  const signed = `${QR_PREFIX}.${encodeClaims(claims)}`;
  const signature = await subtle.sign(QR_ALGORITHM, key as never, utf8(signed));
  return `${signed}.${toBase64Url(new Uint8Array(signature))}`;
}

export interface VerifyOptions {
  subtle: SubtleLike;
  /** Raw (32-byte, base64url) public key by key id, as synced to the device. */
  publicKeyOf: (kid: string) => string | undefined | Promise<string | undefined>;
  /** The revocation reason of a visit (VISIT_REJECTED, VISIT_DELETED), if revoked. */
  revocationOf: (visitId: string) => string | undefined | Promise<string | undefined>;
  now: number;
  /** The kiosk's entity: a code from another company is refused. */
  entityId?: string;
}

const refuse = (code: QrRefusal, claims?: VisitQrClaims, reason?: string): QrVerdict => ({
  ok: false,
  code,
  claims,
  reason,
  messageCode: reason ? `preregistration.${reasonCodeOf(reason)}` : undefined,
});

/** Signature first (nothing in a forged code is believed), then entity, window and revocations. */
export async function verifyVisitQr(token: string, o: VerifyOptions): Promise<QrVerdict> {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts[0] !== QR_PREFIX) return refuse('qr_invalid');
  const claims = decodeClaims(parts[1]!);
  const signature = fromBase64Url(parts[2]!);
  if (!claims || !signature || signature.length !== 64) return refuse('qr_invalid');
  const raw = await o.publicKeyOf(claims.kid);
  const keyBytes = raw ? fromBase64Url(raw) : null;
  if (!keyBytes) return refuse('qr_unknown_key');
  let valid = false;
  try {
    const key = await o.subtle.importKey('raw', keyBytes, QR_ALGORITHM, false, ['verify']);
    valid = await o.subtle.verify(QR_ALGORITHM, key as never, signature, utf8(`${parts[0]}.${parts[1]}`));
  } catch {
    valid = false;
  }
  if (!valid) return refuse('qr_invalid');
  if (o.entityId && claims.entityId !== o.entityId) return refuse('qr_wrong_entity', claims);
  const revoked = await o.revocationOf(claims.visitId);
  if (revoked) return refuse('qr_revoked', claims, revoked);
  if (o.now < claims.nbf) return refuse('qr_not_yet_valid', claims);
  if (o.now > claims.exp) return refuse('qr_expired', claims, 'VISIT_EXPIRED');
  return { ok: true, claims };
}
