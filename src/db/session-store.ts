// The logged-in session mirrored into Dexie, so offline screens and the sync worker can read
// the entity, the user and the role without localStorage.
import type { StoredUser } from '../../domain/session';
import type { WithDb } from './with-db';

export const CURRENT_USER_KEY = 'currentUserId';

export function saveSession(withDb: WithDb, stored: StoredUser, now: number): Promise<void> {
  const { entity, role, ...user } = stored.data.user;
  return withDb((db) =>
    db.transaction('rw', [db.entities, db.users, db.roles, db.meta], async () => {
      await db.entities.put(entity);
      await db.roles.put({ id: role.id, entityId: entity.id, name: role.name, permissions: role.permissions });
      await db.users.put({ ...user, entityId: entity.id, roleId: role.id });
      await db.meta.bulkPut([
        { key: CURRENT_USER_KEY, value: user.id },
        { key: 'loggedInAt', value: now },
      ]);
    }),
  );
}

/** Logout clears every local table: the next person on this device sees nothing of the last. */
export function clearLocalData(withDb: WithDb): Promise<void> {
  return withDb((db) => db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  }));
}
