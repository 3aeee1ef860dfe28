// The passport QR: identifies a person's passport account (not one company's visit). Its body is
// the account id sealed by the server (AES-256-GCM, server/passport/passport-id-cipher.ts
// sealAccount), so it neither shows the id nor can be made or altered without the server's key;
// the prefix tells it apart from a visit QR ("GH1.…") and a badge.
import * as v from 'valibot';

export const PASSPORT_QR_PREFIX = 'GHP1';

/** The QR text for a sealed account id. */
export function passportQrOf(sealedAccountId: string): string {
  return `${PASSPORT_QR_PREFIX}.${sealedAccountId}`;
}

/** The sealed account id inside a scanned passport QR, or null when it is not one. */
export function sealedIdOfPassportQr(text: string): string | null {
  const [prefix, body, ...rest] = text.trim().split('.');
  if (prefix !== PASSPORT_QR_PREFIX || !body || rest.length > 0) return null;
  return /^[A-Za-z0-9_-]{1,200}$/.test(body) ? body : null;
}

export const isPassportQr = (text: string) => sealedIdOfPassportQr(text) !== null;

/** POST /api/passport/resolve-qr: a scanned passport QR, to this company's person. */
export const passportQrInput = v.object({
  code: v.pipe(
    v.string('validation.required'),
    v.nonEmpty('validation.required'),
    v.maxLength(300, 'validation.too_long'),
  ),
});

/** The company's person a passport QR belongs to. */
export interface PassportQrPerson {
  user_id: string;
  full_name: string;
  email: string;
  user_type_id: string | null;
}
