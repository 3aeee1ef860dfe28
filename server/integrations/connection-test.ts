// "Test connection" on /integration-settings: ask the directory for one page of people
// with the saved credentials, or with what was just typed over them (a secret left empty keeps
// the stored one), before anything is saved. It matters most for Paxton and Wonde, which have
// no consent step to prove the credentials. Answers as the groups picker does: the directory
// refusing is integration_auth_failed (422), one down, slow or unreadable directory_unavailable
// (502). Typed credentials are never stored by a test, nor tokens obtained with them.
import type { IntegrationInput } from '../../domain/integrations';
import type { Db } from '../db/database';
import type { integrations } from '../db/schema/index';
import { ApiError } from '../http/api-error';
import { directoryClientFor, type ClientFactory, type CredentialsBox } from './directory-access';
import { DirectoryError, type DirectoryCredentials } from './directories/directory-client';
import { assertSecretForDestination, mergedCredentials } from './settings-credentials';
import { integrationTokens } from './token-store';

type Integration = typeof integrations.$inferSelect;
type Typed = IntegrationInput['credentials'];

/** A test asks for one page; a directory should answer it well within this. */
const TEST_TIMEOUT_MS = 20_000;

export interface ConnectionTestWire {
  ok: true;
  /** How many people the first page held (0 is a fine answer for an empty directory). */
  people: number;
}

export function connectionTest(
  db: Db,
  now: () => number,
  box: CredentialsBox,
  clientFor: ClientFactory = directoryClientFor,
) {
  const tokens = integrationTokens(db, box, now);

  async function probe(
    credentials: DirectoryCredentials,
    onTokens?: Parameters<ClientFactory>[1]['onTokens'],
  ): Promise<ConnectionTestWire> {
    // Google has only its consent token: without one there is nothing the directory could accept.
    if (credentials.kind === 'googleAD' && !credentials.accessToken) throw new ApiError(422, 'integration_auth_failed');
    try {
      const client = clientFor(credentials, { timeoutMs: TEST_TIMEOUT_MS, ...(onTokens ? { onTokens } : {}) });
      const page = await client.listPeople(null);
      return { ok: true, people: page.items.length };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof DirectoryError && error.failure === 'auth')
        throw new ApiError(422, 'integration_auth_failed');
      throw new ApiError(502, 'directory_unavailable');
    }
  }

  return {
    /** A saved integration: its stored credentials (a stale consent token renewed and kept, as a
     *  sync would), or the typed ones merged over them. */
    async saved(integ: Integration, typed: Typed | null): Promise<ConnectionTestWire> {
      if (typed) {
        const stored = box.open(integ.credentials);
        if (typed.kind !== stored.kind) throw new ApiError(422, 'integration_auth_failed');
        assertSecretForDestination(typed, stored);
        return probe(mergedCredentials(typed, stored));
      }
      let credentials: DirectoryCredentials;
      try {
        credentials = await tokens.fresh(integ);
      } catch (error) {
        const refused = !(error instanceof DirectoryError) || error.failure === 'auth';
        throw refused ? new ApiError(422, 'integration_auth_failed') : new ApiError(502, 'directory_unavailable');
      }
      return probe(credentials, (t) => tokens.store(integ, credentials, t));
    },
    /** Not saved yet: only what was typed. */
    async unsaved(typed: Typed): Promise<ConnectionTestWire> {
      return probe(mergedCredentials(typed, null));
    },
  };
}
export type ConnectionTest = ReturnType<typeof connectionTest>;
