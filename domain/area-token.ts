// The printed area QR: "GHA1.<claims>.<signature>", signed with the company's
// Ed25519 key (the one visit QRs use), so a kiosk or a phone checks it offline with the synced
// public key. A poster on a wall has no expiry; moving the area to another company cannot happen.
import { fromBase64Url, QR_ALGORITHM, toBase64Url, type SubtleLike } from './qr-token';

export const AREA_QR_PREFIX = 'GHA1';

export interface AreaQrClaims {
  kid: string;
  entityId: string;
  siteId: string;
  areaId: string;
}

export type AreaQrVerdict =
  { ok: true; claims: AreaQrClaims } | { ok: false; code: 'qr_invalid' | 'qr_unknown_key' | 'qr_wrong_entity' };

// Claims are ids only (ASCII), so bytes are char codes.
const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0) & 0x7f));
const isId = (x: unknown): x is string => typeof x === 'string' && /^[0-9a-f-]{1,64}$/i.test(x);

const encode = (c: AreaQrClaims) =>
  toBase64Url(ascii(JSON.stringify({ k: c.kid, e: c.entityId, s: c.siteId, a: c.areaId })));

function decode(part: string): AreaQrClaims | null {
  const bytes = fromBase64Url(part);
  if (!bytes || bytes.some((b) => b > 0x7f)) return null;
  try {
    const o = JSON.parse(String.fromCharCode(...bytes)) as Record<string, unknown>;
    if (!isId(o.k) || !isId(o.e) || !isId(o.s) || !isId(o.a)) return null;
    return { kid: o.k, entityId: o.e, siteId: o.s, areaId: o.a };
  } catch {
    return null;
  }
}

export async function signAreaQr(
  subtle: SubtleLike,
  pkcs8: Uint8Array<ArrayBuffer>,
  claims: AreaQrClaims,
): Promise<string> {
  const key = await subtle.importKey('pkcs8', pkcs8, QR_ALGORITHM, false, ['sign']);
  const signed = `${AREA_QR_PREFIX}.${encode(claims)}`;
  const signature = await subtle.sign(QR_ALGORITHM, key as never, ascii(signed));
  return `${signed}.${toBase64Url(new Uint8Array(signature))}`;
}

/** Signature first (nothing in a forged code is believed), then the company. */
export async function verifyAreaQr(
  token: string,
  o: {
    subtle: SubtleLike;
    publicKeyOf: (kid: string) => string | undefined | Promise<string | undefined>;
    entityId?: string;
  },
): Promise<AreaQrVerdict> {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts[0] !== AREA_QR_PREFIX) return { ok: false, code: 'qr_invalid' };
  const claims = decode(parts[1]!);
  const signature = fromBase64Url(parts[2]!);
  if (!claims || !signature || signature.length !== 64) return { ok: false, code: 'qr_invalid' };
  const raw = await o.publicKeyOf(claims.kid);
  const keyBytes = raw ? fromBase64Url(raw) : null;
  if (!keyBytes) return { ok: false, code: 'qr_unknown_key' };
  let valid = false;
  try {
    const key = await o.subtle.importKey('raw', keyBytes, QR_ALGORITHM, false, ['verify']);
    valid = await o.subtle.verify(QR_ALGORITHM, key as never, signature, ascii(`${parts[0]}.${parts[1]}`));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, code: 'qr_invalid' };
  if (o.entityId && claims.entityId !== o.entityId) return { ok: false, code: 'qr_wrong_entity' };
  return { ok: true, claims };
}
