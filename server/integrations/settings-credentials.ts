// Credentials per directory kind on the way in and out of /api/integrations (spec 1 §3:
// googleAD token, azureAD tenant/client id/secret, paxton username/password/client id/server
// url, wonde school id/token). Secrets are never sent back; an empty secret on update keeps the
// stored one; tokens from a consent flow survive every settings save.
import { SECRET_FIELD, type CredentialsWire, type IntegrationInput } from '../../domain/integrations';
import type { DirectoryCredentials } from './directories/directory-client';
import { ApiError } from '../http/api-error';

type Input = IntegrationInput['credentials'];

/** What the settings screen may see of stored credentials. */
export function publicCredentials(c: DirectoryCredentials): {
  credentials: CredentialsWire;
  connected: boolean;
  connected_account: string | null;
} {
  const consent = (accessToken: string | undefined, account: string | undefined) => ({
    connected: Boolean(accessToken),
    connected_account: accessToken ? account || null : null,
  });
  if (c.kind === 'googleAD') return { credentials: { kind: 'googleAD' }, ...consent(c.accessToken, c.account) };
  if (c.kind === 'azureAD')
    return {
      credentials: { kind: 'azureAD', tenantId: c.tenantId, clientId: c.clientId, clientSecret: '' },
      ...consent(c.accessToken, c.account),
    };
  if (c.kind === 'paxton')
    return {
      credentials: { kind: 'paxton', username: c.username, password: '', clientId: c.clientId, serverUrl: c.serverUrl },
      connected: false,
      connected_account: null,
    };
  return { credentials: { kind: 'wonde', schoolId: c.schoolId, token: '' }, connected: false, connected_account: null };
}

/** The field errors a create (no `old`) or a kind change would leave: the kind's secret. */
export function credentialErrors(input: Input, old: DirectoryCredentials | null): Record<string, string[]> {
  if (old && old.kind !== input.kind) return { 'credentials.kind': ['integrationSettings.validation.kindFixed'] };
  const field = SECRET_FIELD[input.kind];
  if (!field || old) return {};
  return (input as Record<string, string>)[field] ? {} : { [`credentials.${field}`]: ['validation.required'] };
}

/** Where a kind's stored secret is sent, when the settings name it: Paxton's own Net2 server
 *  (the other kinds' hosts are fixed by the operator's environment, not by the form). */
function destinationOf(c: Input | DirectoryCredentials | null): string | null {
  if (c?.kind !== 'paxton') return null;
  try {
    const url = new URL(c.serverUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return `unreadable:${c.serverUrl}`;
  }
}

/** Whether the input sends credentials somewhere other than the stored ones went. */
function movedAway(input: Input, old: DirectoryCredentials | null): boolean {
  return Boolean(old && old.kind === input.kind && destinationOf(input) !== destinationOf(old));
}

/** A changed server address needs the secret typed again: the stored one
 *  never goes to a new address, whether for a test, a save or the sync after it. */
export function assertSecretForDestination(input: Input, old: DirectoryCredentials | null): void {
  if (!movedAway(input, old)) return;
  const field = SECRET_FIELD[input.kind];
  if (field && !(input as Record<string, string>)[field])
    throw new ApiError(422, 'integration_credentials_reentry', {
      [`credentials.${field}`]: ['errors.integration_credentials_reentry'],
    });
}

/** What is sealed: the input, the stored secret where the input left it empty, and the tokens
 *  a consent stored (a changed Microsoft tenant or app drops them: they belong to the old app). */
export function mergedCredentials(input: Input, old: DirectoryCredentials | null): DirectoryCredentials {
  if (input.kind === 'googleAD')
    return old?.kind === 'googleAD' ? old : { kind: 'googleAD', accessToken: '', refreshToken: null };
  if (input.kind === 'azureAD') {
    const before = old?.kind === 'azureAD' ? old : null;
    const sameApp = before && before.tenantId === input.tenantId && before.clientId === input.clientId;
    const tokens =
      sameApp && before.accessToken
        ? { accessToken: before.accessToken, refreshToken: before.refreshToken ?? null, account: before.account }
        : {};
    return { ...input, clientSecret: input.clientSecret || before?.clientSecret || '', ...tokens };
  }
  if (input.kind === 'paxton') {
    // Never the stored password for another server, even if a caller forgot the check above.
    const keep = old?.kind === 'paxton' && !movedAway(input, old) ? old.password : '';
    return { ...input, password: input.password || keep };
  }
  return { ...input, token: input.token || (old?.kind === 'wonde' ? old.token : '') };
}
