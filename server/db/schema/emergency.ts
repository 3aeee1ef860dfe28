// Emergency sessions and roll calls (spec 1 §3 "Emergency session"): sessions with their
// sites, append-only roll-call marks with client ids, and which sites a user may act on.
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MarkableStatus } from '../../../domain/emergency';
import { entities } from './entities';
import { users } from './people';
import { sites } from './places';

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const epoch = (name: string) => bigint(name, { mode: 'number' });

/** One row per started session, as the device that started it named it. Merged groups are
 * derived (domain/emergency-sessions.ts), never stored, so no arrival order can change them. */
export const emergencySessions = pgTable(
  'emergency_sessions',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** Corrected device time of the start. */
    startedAt: epoch('started_at').notNull(),
    startedBy: uuid('started_by').notNull(),
    /** The latest end recorded against this row (corrected time). */
    endedAt: epoch('ended_at'),
    endedBy: uuid('ended_by'),
    deviceId: uuid('device_id'),
    mutationId: uuid('mutation_id'),
    receivedAt: at('received_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('emergency_sessions_started_idx').on(t.entityId, t.startedAt),
  ],
);

export const emergencySessionSites = pgTable(
  'emergency_session_sites',
  {
    entityId: entityId(),
    sessionId: uuid('session_id').notNull(),
    siteId: uuid('site_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.sessionId, t.siteId] }),
    foreignKey({
      name: 'emergency_session_sites_session_fk',
      columns: [t.entityId, t.sessionId],
      foreignColumns: [emergencySessions.entityId, emergencySessions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'emergency_session_sites_site_fk',
      columns: [t.entityId, t.siteId],
      foreignColumns: [sites.entityId, sites.id],
    }).onDelete('cascade'),
  ],
);

export const rollCallMarks = pgTable(
  'roll_call_marks',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    /** The session the warden's device knew; its group is derived. */
    sessionId: uuid('session_id').notNull(),
    personId: uuid('person_id').notNull(),
    status: text('status').$type<MarkableStatus>().notNull(),
    at: epoch('at').notNull(),
    markedBy: uuid('marked_by').notNull(),
    deviceId: uuid('device_id').notNull(),
    settles: boolean('settles').notNull().default(false),
    mutationId: uuid('mutation_id'),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      name: 'roll_call_marks_session_fk',
      columns: [t.entityId, t.sessionId],
      foreignColumns: [emergencySessions.entityId, emergencySessions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'roll_call_marks_person_fk',
      columns: [t.entityId, t.personId],
      foreignColumns: [users.entityId, users.id],
    }),
    index('roll_call_marks_session_idx').on(t.entityId, t.sessionId),
  ],
);

/** Site access: a user with no rows may act on every site of the company; rows narrow it to
 * those sites (docs/decisions.md). The sites feature will manage them; emergency reads them. */
export const userSiteAccess = pgTable(
  'user_site_access',
  {
    entityId: entityId(),
    userId: uuid('user_id').notNull(),
    siteId: uuid('site_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.userId, t.siteId] }),
    foreignKey({
      name: 'user_site_access_user_fk',
      columns: [t.entityId, t.userId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'user_site_access_site_fk',
      columns: [t.entityId, t.siteId],
      foreignColumns: [sites.entityId, sites.id],
    }).onDelete('cascade'),
  ],
);
