// How the sync job reaches a directory: credentials sealed at rest with AES-256-GCM under
// INTEGRATION_KEY (any long random string, hashed to 32 bytes; without it a fixed development
// key is used and said so), and a client per kind with base URLs from the environment
// (GRAPH_BASE_URL, GRAPH_AUTH_URL, GOOGLE_BASE_URL, GOOGLE_AUTH_URL, WONDE_BASE_URL; Paxton's is
// the integration's own server url; tests point them at tests/fake-directories).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import {
  DirectoryError,
  type DirectoryClient,
  type DirectoryClientOptions,
  type DirectoryCredentials,
} from './directories/directory-client';
import { googleDirectoryClient } from './directories/google';
import { microsoftGraphClient } from './directories/microsoft-graph';
import { paxtonClient } from './directories/paxton';
import { wondeClient } from './directories/wonde';

const DEV_KEY = 'gatehouse-development-integration-key';
let warned = false;

export interface CredentialsBox {
  seal(credentials: DirectoryCredentials): string;
  open(sealed: string): DirectoryCredentials;
}

export function credentialsBox(keyText: string | undefined): CredentialsBox {
  if (!keyText && !warned && (warned = true))
    console.warn('gatehouse integrations: INTEGRATION_KEY is not set; using the development key');
  const key = createHash('sha256')
    .update(keyText || DEV_KEY)
    .digest();
  return {
    seal(credentials) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('integration credentials are malformed');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return JSON.parse(
        Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'),
      ) as DirectoryCredentials;
    },
  };
}

export type ClientFactory = (credentials: DirectoryCredentials, options: DirectoryClientOptions) => DirectoryClient;

/** Read at call time, so a test (or an e2e server's env) can point at a fake directory. */
export const directoryClientFor: ClientFactory = (credentials, options) => {
  const env = process.env;
  if (credentials.kind === 'azureAD')
    return microsoftGraphClient(credentials, {
      baseUrl: env.GRAPH_BASE_URL || undefined,
      authUrl: env.GRAPH_AUTH_URL || undefined,
      ...options,
    });
  if (credentials.kind === 'googleAD')
    return googleDirectoryClient(credentials, {
      baseUrl: env.GOOGLE_BASE_URL || undefined,
      authUrl: env.GOOGLE_AUTH_URL || undefined,
      ...options,
    });
  if (credentials.kind === 'wonde')
    return wondeClient(credentials, { baseUrl: env.WONDE_BASE_URL || undefined, ...options });
  if (credentials.kind === 'paxton') return paxtonClient(credentials, options);
  throw new DirectoryError('malformed', 'unknown directory kind');
};
