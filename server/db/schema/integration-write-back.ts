// Attendance codes and write-back of a directory integration: one settings row per
// integration (the code mapping and what is written back, with the job's lease so one instance
// writes at a time), and a ledger of the register marks written, one per person, day and
// session, so a mark already sent with the same code is never sent again.
import {
  bigint,
  boolean,
  foreignKey,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { integrations } from './integrations';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });

export const integrationWriteBack = pgTable(
  'integration_write_back',
  {
    entityId: entityId(),
    /** The integration's id: one row per integration. */
    id: uuid('id').notNull(),
    /** CodeKey (domain/attendance-codes.ts) → the directory's attendance code. */
    attendanceCodes: jsonb('attendance_codes').$type<Record<string, string>>().notNull().default({}),
    attendance: boolean('attendance').notNull().default(false),
    comments: boolean('comments').notNull().default(false),
    leaseUntil: bigint('lease_until', { mode: 'number' }),
    lastRunAt: at('last_run_at'),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      name: 'integration_write_back_integration_fk',
      columns: [t.entityId, t.id],
      foreignColumns: [integrations.entityId, integrations.id],
    }).onDelete('cascade'),
  ],
);

export const integrationWriteBackMarks = pgTable(
  'integration_write_back_marks',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    externalId: text('external_id').notNull(),
    /** YYYY-MM-DD in the site's time zone. */
    day: text('day').notNull(),
    session: text('session').$type<'AM' | 'PM'>().notNull(),
    code: text('code').notNull(),
    comment: text('comment'),
    /** The attendance record (visit event) the mark came from. */
    recordId: uuid('record_id').notNull(),
    /** pending: chosen and about to be sent (resent after a crash); sent: the directory took it. */
    state: text('state').$type<'pending' | 'sent'>().notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('integration_write_back_marks_slot').on(t.entityId, t.integrationId, t.externalId, t.day, t.session),
    foreignKey({
      name: 'integration_write_back_marks_integration_fk',
      columns: [t.entityId, t.integrationId],
      foreignColumns: [integrations.entityId, integrations.id],
    }).onDelete('cascade'),
  ],
);
