// Pairing a kiosk by QR: an admin creates a one-time code on /sites
// for an area and a kiosk name; the device scans it and becomes that kiosk, with no admin
// session on the device. The QR text carries a prefix so other QR codes are told apart.
import * as v from 'valibot';
import { registerKioskRequest } from './kiosk';

export const PAIRING_PREFIX = 'GHPAIR:';
/** A pairing code works for this long after it is made, once. */
export const PAIRING_TTL_MS = 10 * 60_000;

export const pairingQrText = (code: string): string => `${PAIRING_PREFIX}${code}`;

/** The code inside a scanned pairing QR, or null for any other QR. */
export function readPairingQr(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith(PAIRING_PREFIX)) return null;
  const code = trimmed.slice(PAIRING_PREFIX.length);
  return /^[A-Za-z0-9_-]{22,128}$/.test(code) ? code : null;
}

export const createPairingRequest = v.object({
  kiosk_name: registerKioskRequest.entries.kiosk_name,
  area_id: registerKioskRequest.entries.area_id,
});
export type CreatePairingRequest = v.InferOutput<typeof createPairingRequest>;

export const pairKioskRequest = v.object({
  code: v.pipe(v.string('validation.required'), v.regex(/^[A-Za-z0-9_-]{22,128}$/, 'validation.required')),
  version: registerKioskRequest.entries.version,
});
export type PairKioskRequest = v.InferOutput<typeof pairKioskRequest>;
