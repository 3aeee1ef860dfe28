// TOTP secrets are encrypted at rest with AES-256-GCM under a key from the environment
// (TWO_STEP_KEY: any long random string; it is hashed to 32 bytes). A database copy alone
// then cannot mint codes. Without the variable a fixed development key is used and said so;
// a production server refuses to start without it (server/sso/required-keys.ts). SSO client
// secrets use the same box under their own key (SSO_KEY).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const DEV_KEY = 'gatehouse-development-two-step-key';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const warned = new Set<string>();

export function secretBox(keyText: string | undefined, name = 'TWO_STEP_KEY', devKey = DEV_KEY): SecretBox {
  if (!keyText && !warned.has(name) && warned.add(name))
    console.warn(`gatehouse: ${name} is not set; using the development key`);
  const key = createHash('sha256')
    .update(keyText || devKey)
    .digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('sealed secret is malformed');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
