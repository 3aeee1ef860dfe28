// The visit tables, written only through server/visits/record-visit-events.ts: the append-only
// sign-in and sign-out events every device records, and one row per sign-in with its pairing.
import {
  bigint,
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { entities } from './entities';
import { users } from './people';
import { areas } from './places';
import { journeyFlows, userTypes } from './journeys';

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const epoch = (name: string) => bigint(name, { mode: 'number' });

export const visitEvents = pgTable(
  'visit_events',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    kind: text('kind').$type<'in' | 'out'>().notNull(),
    areaId: uuid('area_id'),
    journeyFlowId: uuid('journey_flow_id'),
    userTypeId: uuid('user_type_id'),
    /** Device time corrected by its offset to the server clock; orders events. */
    at: epoch('at').notNull(),
    deviceId: uuid('device_id'),
    mutationId: uuid('mutation_id'),
    recordedBy: uuid('recorded_by'),
    /** The journey's record of this event (host, checks, compliance, stage, outputs). */
    details: jsonb('details').$type<Record<string, unknown>>(),
    receivedAt: at('received_at').notNull(),
    /** `at` is the receipt time: the device's clock could not be trusted (domain/device-time.ts). */
    clockUntrusted: boolean('clock_untrusted').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      name: 'visit_events_person_fk',
      columns: [t.entityId, t.personId],
      foreignColumns: [users.entityId, users.id],
    }),
    foreignKey({
      name: 'visit_events_area_fk',
      columns: [t.entityId, t.areaId],
      foreignColumns: [areas.entityId, areas.id],
    }),
    // With entity_id, so a push naming another company's flow or user type is refused.
    foreignKey({
      name: 'visit_events_flow_fk',
      columns: [t.entityId, t.journeyFlowId],
      foreignColumns: [journeyFlows.entityId, journeyFlows.id],
    }),
    foreignKey({
      name: 'visit_events_user_type_fk',
      columns: [t.entityId, t.userTypeId],
      foreignColumns: [userTypes.entityId, userTypes.id],
    }),
    index('visit_events_person_at_idx').on(t.entityId, t.personId, t.at),
    // Reports: a range of a company's events, e.g. the sign-ins whose host matches.
    // (A second index on the same columns, visit_events_at_idx, was dropped: each push paid for it.)
    index('visit_events_entity_at_idx').on(t.entityId, t.at),
  ],
);

/** One row per sign-in with its pairing, kept at write time (server/dashboard/visit-pairing.ts):
 * a visit is a sign-in plus the person's next event when that is a sign-out. The logbook reads a
 * day from here instead of pairing a million events. */
export const visits = pgTable(
  'visits',
  {
    entityId: entityId(),
    /** The sign-in event's id. */
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    timeIn: bigint('time_in', { mode: 'number' }).notNull(),
    areaId: uuid('area_id'),
    /** The user type recorded on the sign-in (null: the person's current type). */
    userTypeId: uuid('user_type_id'),
    outEventId: uuid('out_event_id'),
    timeOut: bigint('time_out', { mode: 'number' }),
    status: text('status').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    // No foreign key to visit_events: visits is a projection kept in step with the append-only
    // events (never deleted), and checking the key against a fast-growing table on every pairing
    // made PGlite's cached check plans scan the whole history.
    // A range of (entity_id, time_in); the columns after them make the visit summary of a year an
    // index-only scan (500,000 visits counted without reading the table).
    index('visits_entity_time_in_idx').on(t.entityId, t.timeIn, t.userTypeId, t.areaId, t.personId),
    // One person's visits in a range (history sorted by name, track & trace, timesheets).
    index('visits_entity_person_time_in_idx').on(t.entityId, t.personId, t.timeIn),
    // The few sign-ins that recorded no user type (the summary joins these to their person).
    index('visits_untyped_idx')
      .on(t.entityId, t.timeIn, t.personId, t.areaId)
      .where(sql`${t.userTypeId} is null`),
  ],
);
