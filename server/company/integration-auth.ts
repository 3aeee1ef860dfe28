// The API integration token (spec 1 §6 "a stored passport or integration token"; spec 2 §7 "some
// requests use an alternate token"). It is narrow on purpose: the auth hook (server/app.ts) tries
// it only on routes declaring `config.integrationToken`, and its context denies every role key,
// so even there it reaches only what a route grants to `api_integration`.
import { PERMISSION_KEYS, type PermissionMap } from '../../domain/permissions';
import { hashToken } from '../auth/tokens';
import type { RequestContext } from '../http/context';
import type { CompanyRepo } from './company.repo';

export const INTEGRATION_PERMISSION = 'api_integration';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route also accepts the company's API integration token. */
    integrationToken?: boolean;
  }
}

export const integrationPermissions: PermissionMap = Object.fromEntries([
  ...PERMISSION_KEYS.map((k) => [k, { pivot: { allowed: 0 } }]),
  [INTEGRATION_PERMISSION, { pivot: { allowed: 1 } }],
]) as PermissionMap;

/** The company whose current integration token this is, as a caller holding only `api_integration`. */
export async function integrationContext(repo: CompanyRepo, token: string): Promise<RequestContext | null> {
  const tokenHash = hashToken(token);
  const row = await repo.byTokenHash(tokenHash);
  if (!row) return null;
  return {
    entityId: row.id,
    userId: row.id,
    roleName: 'integration',
    permissions: integrationPermissions,
    lang: 'en',
    tokenHash,
  };
}
