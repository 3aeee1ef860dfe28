// The encrypted passport id in redirect paths (spec 1 §2 "the browser leaves for the passport
// login host with the encrypted passport id in the path"). AES-256-GCM, so the id can be neither
// read nor forged; the key comes from PASSPORT_ID_KEY (any long random string, hashed to 32 bytes),
// never the original product's fixed secret. The sealed value expires, so a copied path cannot
// log anyone in later. Without the variable a development key is used and said so.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

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
}

let warned = false;

export function passportIdCipher(keyText: string | undefined): PassportIdCipher {
  if (!keyText && !warned && (warned = true))
    console.warn('gatehouse passport: PASSPORT_ID_KEY is not set; using the development key');
  const key = createHash('sha256')
    .update(keyText || DEV_KEY)
    .digest();
  return {
    seal(claims) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(claims), 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
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
