// What attendance each sign-in / sign-out came to, as the SERVER judged it
// (domain/attendance.ts): one row per visit event, for the timesheet report to read
// with plain SQL. The event's details carry the same reason id and code for the dashboard.
import { bigint, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';

export const attendanceRecords = pgTable(
  'attendance_records',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    /** The visit event's id (visit_events.id). */
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    kind: text('kind').$type<'in' | 'out'>().notNull(),
    areaId: uuid('area_id'),
    attendanceModeId: uuid('attendance_mode_id').notNull(),
    /** late_sign_in, early_sign_out, or null when on time. */
    situation: text('situation').$type<'late_sign_in' | 'early_sign_out'>(),
    reasonId: uuid('reason_id'),
    /** The reason's name when it was given (a later rename or delete keeps what was said). */
    reasonName: text('reason_name'),
    attendanceCode: text('attendance_code'),
    /** 'kiosk' or 'dashboard' (mass or quick sign-in). */
    source: text('source').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('attendance_records_person_at').on(t.entityId, t.personId, t.at),
  ],
);
