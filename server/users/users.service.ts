// The caller's own profile: details, role and language.
import type { Language } from '../../domain/constants';
import type { UserDetails } from '../../domain/session';
import type { PermissionMap } from '../../domain/permissions';
import type { Db } from '../db/database';
import { unauthenticated } from '../http/api-error';
import type { RequestContext } from '../http/context';
import { toUserDetails } from './user-details';
import { usersRepo } from './users.repo';

export function usersService(db: Db, now: () => number) {
  const users = usersRepo(db);
  return {
    async details(ctx: RequestContext): Promise<UserDetails> {
      const row = await users.findWithRole(ctx.entityId, ctx.userId);
      if (!row) throw unauthenticated();
      return toUserDetails(row);
    },
    async role(ctx: RequestContext): Promise<{ role: { id: string; name: string }; permissions: PermissionMap }> {
      const row = await users.findWithRole(ctx.entityId, ctx.userId);
      if (!row) throw unauthenticated();
      return { role: { id: row.role.id, name: row.role.name }, permissions: row.role.permissions };
    },
    async changeLang(ctx: RequestContext, lang: Language): Promise<{ lang: Language }> {
      await users.setLang(ctx.entityId, ctx.userId, lang, new Date(now()));
      return { lang };
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
