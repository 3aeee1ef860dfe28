// How the sync job reaches a directory: credentials sealed at rest with AES-256-GCM under
// INTEGRATION_KEY (any long random string, hashed to 32 bytes; without it a fixed development
// key is used and said so), and a client per kind with base URLs from the environment
// (GRAPH_BASE_URL, GRAPH_AUTH_URL, GOOGLE_BASE_URL, GOOGLE_AUTH_URL, GOOGLE_ACCOUNTS_URL,
// WONDE_BASE_URL; GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET are Gatehouse's Google app; Paxton's is
// the integration's own server url; tests point them at tests/fake-directories).
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
import { secretBox } from '../two-step/secret-box';

export interface CredentialsBox {
  seal(credentials: DirectoryCredentials): string;
  open(sealed: string): DirectoryCredentials;
}

/** The same sealed box as TOTP and SSO secrets, under INTEGRATION_KEY, holding the JSON. */
export function credentialsBox(keyText: string | undefined): CredentialsBox {
  const box = secretBox(keyText, 'INTEGRATION_KEY', 'gatehouse-development-integration-key');
  return {
    seal: (credentials) => box.seal(JSON.stringify(credentials)),
    open: (sealed) => JSON.parse(box.open(sealed)) as DirectoryCredentials,
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
    // Gatehouse's own Google app renews consent tokens (server/integrations/oauth-flow.ts).
    return googleDirectoryClient(
      { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, ...credentials },
      {
        baseUrl: env.GOOGLE_BASE_URL || undefined,
        authUrl: env.GOOGLE_AUTH_URL || undefined,
        ...options,
      },
    );
  if (credentials.kind === 'wonde')
    return wondeClient(credentials, { baseUrl: env.WONDE_BASE_URL || undefined, ...options });
  if (credentials.kind === 'paxton') return paxtonClient(credentials, options);
  throw new DirectoryError('malformed', 'unknown directory kind');
};
