// The logged-in session mirrored into Dexie, so offline screens and the sync worker can read
// the entity, the user and the role without localStorage.
import type { StoredUser } from '../../domain/session';
import type { WithDb } from './with-db';

export const CURRENT_USER_KEY = 'currentUserId';
export const CURRENT_ENTITY_KEY = 'currentEntityId';
/** The sync worker cannot read localStorage; it reads the bearer token here. */
export const ACCESS_TOKEN_KEY = 'accessToken';
/** Device facts that outlive a logout, with the outbox and the rejected list. */
export const DEVICE_META_KEYS = ['deviceId', 'lastSeq'];

export function saveSession(withDb: WithDb, stored: StoredUser, now: number): Promise<void> {
  const { entity, role, ...user } = stored.data.user;
  return withDb((db) =>
    db.transaction('rw', [db.entities, db.users, db.roles, db.meta], async () => {
      await db.entities.put(entity);
      await db.roles.put({ id: role.id, entityId: entity.id, name: role.name, permissions: role.permissions });
      await db.users.put({ ...user, entityId: entity.id, roleId: role.id });
      await db.meta.bulkPut([
        { key: CURRENT_USER_KEY, value: user.id },
        { key: CURRENT_ENTITY_KEY, value: entity.id },
        { key: ACCESS_TOKEN_KEY, value: stored.data.access_token },
        { key: 'loggedInAt', value: now },
      ]);
    }),
  );
}

/** Logout clears every local table so the next person on this device sees nothing of the
 * last, except changes not yet sent: they stay, with the device's identity, for their author's
 * next login (DESIGN: nothing lost). */
export function clearLocalData(withDb: WithDb): Promise<void> {
  return withDb((db) =>
    db.transaction('rw', db.tables, async () => {
      const kept = new Set(['outbox', 'rejected', 'meta']);
      await Promise.all(db.tables.filter((table) => !kept.has(table.name)).map((table) => table.clear()));
      await db.meta.filter((row) => !DEVICE_META_KEYS.includes(row.key)).delete();
    }),
  );
}

/** Changes on this device that the server has not confirmed yet, for anyone. */
export function pendingCount(withDb: WithDb): Promise<number> {
  return withDb((db) => db.outbox.count());
}
