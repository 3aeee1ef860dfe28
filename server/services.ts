// The app's services, built once per app from its deps (no module-level singletons).
import type { Db } from './db/database';
import { authService, type AuthOptions } from './auth/auth.service';
import { rolesService } from './roles/roles.service';
import { usersService } from './users/users.service';
import { syncService } from './sync/sync.service';

export function buildServices(db: Db, now: () => number, authOptions: AuthOptions, onChanged: (entityId: string) => void) {
  return {
    sync: syncService(db, now, onChanged),
    auth: authService(db, now, authOptions),
    users: usersService(db, now),
    roles: rolesService(db),
  };
}
export type Services = ReturnType<typeof buildServices>;
