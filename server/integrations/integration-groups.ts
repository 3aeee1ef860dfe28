// The directory's own groups for the settings picker: Graph groups, Google org units,
// Paxton departments, Wonde classes, read page by page with the integration's sealed credentials
// exactly as the sync job opens them (a stale consent token is renewed and stored first).
// A directory that refuses the credentials answers integration_auth_failed (422); one that is
// down, slow or unreadable answers directory_unavailable (502); never a 500.
import type { Db } from '../db/database';
import type { integrations } from '../db/schema/index';
import { ApiError } from '../http/api-error';
import { directoryClientFor, type ClientFactory, type CredentialsBox } from './directory-access';
import { DirectoryError } from './directories/directory-client';
import { integrationTokens } from './token-store';

type Integration = typeof integrations.$inferSelect;

/** Enough for any school or company we know of; a bigger directory is cut here, not paged on. */
export const MAX_GROUPS = 5_000;
/** A directory that keeps answering empty pages with a next token must not hold the request. */
const MAX_PAGES = 200;

export interface GroupWire {
  id: string;
  name: string;
}

export function directoryGroups(
  db: Db,
  now: () => number,
  box: CredentialsBox,
  clientFor: ClientFactory = directoryClientFor,
) {
  const tokens = integrationTokens(db, box, now);
  return async function list(integ: Integration): Promise<GroupWire[]> {
    const found = new Map<string, string>();
    try {
      const credentials = await tokens.fresh(integ);
      const client = clientFor(credentials, { onTokens: (t) => tokens.store(integ, credentials, t) });
      let token: string | null = null;
      for (let pages = 0; pages < MAX_PAGES && found.size < MAX_GROUPS; pages++) {
        const page = await client.listGroups(token);
        for (const g of page.items) if (found.size < MAX_GROUPS) found.set(g.externalId, g.name || g.externalId);
        token = page.next;
        if (!token) break;
      }
    } catch (error) {
      if (error instanceof DirectoryError && error.failure === 'auth')
        throw new ApiError(422, 'integration_auth_failed');
      throw new ApiError(502, 'directory_unavailable');
    }
    return [...found]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  };
}
