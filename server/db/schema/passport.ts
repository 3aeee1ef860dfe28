// Passport accounts (DESIGN ruling 12): one identity per person across companies. The account is
// not a tenant row (it spans companies); the company users it holds point at it through
// users.passport_id, and a company's pending invitation is a tenant row of that company.
import { foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { users } from './people';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const passportAccounts = pgTable('passport_accounts', {
  id: uuid('id').primaryKey(),
  // Lower-cased, so one person has one account whatever the case they type.
  email: text('email').notNull().unique('passport_accounts_email_unique'),
  passwordHash: text('password_hash'),
  lang: text('lang').notNull().default('en'),
  // Null while active; the date it was deactivated otherwise (the modal counts the days).
  deactivatedAt: at('deactivated_at'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const passportInvitations = pgTable(
  'passport_invitations',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    passportId: uuid('passport_id')
      .notNull()
      .references(() => passportAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('passport_invitations_user_unique').on(t.entityId, t.userId),
    foreignKey({
      name: 'passport_invitations_user_fk',
      columns: [t.entityId, t.userId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
    index('passport_invitations_passport_idx').on(t.passportId),
  ],
);
