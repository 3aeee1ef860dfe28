// One-time password links (/reset-password/{token}): forgotten passwords and first passwords for
// invited users and owners who have none. Only the sha256 of the token is stored.
import { foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { users } from './people';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const passwordResets = pgTable(
  'password_resets',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** 'reset' (the person had a password) or 'first' (they had none): only the mail's words differ. */
    purpose: text('purpose').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Set once: when the password is set through it, or when a newer link replaces it. */
    usedAt: at('used_at'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('password_resets_entity_token_unique').on(t.entityId, t.tokenHash),
    // Public links carry no entity: the token's hash finds the row, then its entity scopes the rest.
    index('password_resets_token_idx').on(t.tokenHash),
    index('password_resets_user_idx').on(t.entityId, t.userId),
    foreignKey({
      name: 'password_resets_user_fk',
      columns: [t.entityId, t.userId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
  ],
);
