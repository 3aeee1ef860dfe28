// Two-step authentication: one TOTP secret per person, encrypted at rest
// (server/two-step/secret-box.ts), with the hashes of their unused recovery codes. A row without
// confirmed_at is an enrolment in progress; users.is_otp_enabled says whether it is in force.
import { bigint, foreignKey, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { users } from './people';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const twoStepSecrets = pgTable(
  'two_step_secrets',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** AES-256-GCM: iv.tag.ciphertext, base64url. */
    secretEnc: text('secret_enc').notNull(),
    /** The last time step a code was accepted for: a code of that step or earlier is refused. */
    lastStep: bigint('last_step', { mode: 'number' }),
    /** SHA-256 (hex) of each unused recovery code; a used one is removed. */
    recoveryHashes: jsonb('recovery_hashes').$type<string[]>().notNull().default([]),
    confirmedAt: at('confirmed_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.userId] }),
    foreignKey({
      name: 'two_step_secrets_user_fk',
      columns: [t.entityId, t.userId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
  ],
);
