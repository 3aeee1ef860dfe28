// The encrypted passport id in redirect paths (spec 1 §2 "the browser leaves for the passport
// login host with the encrypted passport id in the path"). AES-256-GCM, so the id can be neither
// read nor forged; the key comes from PASSPORT_ID_KEY (any long random string, hashed to 32 bytes),
// never the original product's fixed secret. The sealed value expires, so a copied path cannot
// log anyone in later. Without the variable a development key is used and said so.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

const DEV_KEY = 'gatehouse-development-passport-id-key';
/** How long a sealed id opens a session on the passport host (generate-token-by-id). */
export const PASSPORT_ID_TTL_MS = 5 * 60_000;

export interface PassportIdClaims {
  /** Passport account id. */
  pid: string;
  entityId: string;
  userId: string;
  /** Epoch ms after which the sealed id is refused. */
  exp: number;
}

export interface PassportIdCipher {
  seal(claims: PassportIdClaims): string;
  /** The claims, or null when the value was altered, sealed with another key, or is malformed. */
  open(sealed: string): PassportIdClaims | null;
  /** The account id alone, sealed short enough for pre-registration's passport_id (64 characters):
   * the public form may link a visitor to a passport only with a value this server sealed. */
  sealAccount(pid: string): string;
  /** The account id, or null when the value was not sealed here. */
  openAccount(sealed: string): string | null;
}

let warned = false;

export function passportIdCipher(keyText: string | undefined): PassportIdCipher {
  if (!keyText && !warned && (warned = true))
    console.warn('gatehouse passport: PASSPORT_ID_KEY is not set; using the development key');
  const key = createHash('sha256')
    .update(keyText || DEV_KEY)
    .digest();
  const ivKey = createHash('sha256').update('gatehouse-passport-account-iv').update(key).digest();
  return {
    seal(claims) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(claims), 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    sealAccount(pid) {
      // Synthetic IV (keyed hash of the id): the same account always seals to the same value, so
      // the passport QR a person saved stays theirs; distinct ids never share an IV.
      const iv = createHmac('sha256', ivKey).update(pid).digest().subarray(0, 12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(Buffer.from(pid.replace(/-/g, ''), 'hex')), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    openAccount(sealed) {
      const raw = Buffer.from(sealed, 'base64url');
      if (raw.length !== 44) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        const hex = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('hex');
        return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      } catch {
        return null;
      }
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || iv.length !== 12 || !tag || tag.length !== 16 || !body) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        const plain = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
        const c = JSON.parse(plain) as Partial<PassportIdClaims>;
        if (typeof c.pid !== 'string' || typeof c.entityId !== 'string' || typeof c.userId !== 'string') return null;
        if (typeof c.exp !== 'number') return null;
        return { pid: c.pid, entityId: c.entityId, userId: c.userId, exp: c.exp };
      } catch {
        return null;
      }
    },
  };
}
