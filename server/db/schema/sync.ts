// Sync tables (DESIGN "The sync contract"): devices with their last applied seq, the mutation
// log that makes replays idempotent and doubles as the audit trail, append-only visit events,
// and the per-entity change feed that pulls read.
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
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

/** A device's progress per user: each user's changes wait for that user's login to be sent. */
export const devices = pgTable(
  'devices',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id, t.userId] })],
);

export const mutationLog = pgTable(
  'mutation_log',
  {
    entityId: entityId(),
    mutationId: uuid('mutation_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    seq: integer('seq').notNull(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    args: jsonb('args'),
    status: text('status').$type<'applied' | 'rejected'>().notNull(),
    code: text('code'),
    clientTime: epoch('client_time').notNull(),
    /** Bounded by MAX_CLOCK_OFFSET_MS (domain/bounds.ts): a clock wrong by decades exceeds int4. */
    clockOffsetMs: epoch('clock_offset_ms').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.mutationId] }),
    unique('mutation_log_device_seq_unique').on(t.entityId, t.deviceId, t.seq),
    // Every pull lists its device's latest rejections: without this the lookup walked the
    // device's whole log (every applied mutation) to find the few rejected ones (issue 22).
    index('mutation_log_rejected_idx')
      .on(t.entityId, t.deviceId, t.seq)
      .where(sql`${t.status} = 'rejected'`),
  ],
);

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
    // With entity_id, so a push naming another company's flow or user type is refused (issue 11).
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
    // Reports (issue 16): a range of a company's events, e.g. the sign-ins whose host matches.
    // (A second index on the same columns, visit_events_at_idx, was dropped: each push paid for it.)
    index('visit_events_entity_at_idx').on(t.entityId, t.at),
  ],
);

/** One row per synced record: its latest change. A pull reads rows with seq above the cursor. */
export const syncChanges = pgTable(
  'sync_changes',
  {
    entityId: entityId(),
    tbl: text('tbl').notNull(),
    rowId: uuid('row_id').notNull(),
    seq: epoch('seq').notNull(),
    op: text('op').$type<'put' | 'del'>().notNull(),
    version: integer('version').notNull(),
    data: jsonb('data').$type<Record<string, unknown> | null>(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.tbl, t.rowId] }), index('sync_changes_seq_idx').on(t.entityId, t.seq)],
);

/** The per-entity change sequence. Its row lock serialises an entity's writers, so change
 * sequence numbers commit in order and a pull cursor can never skip one. */
export const syncCounters = pgTable('sync_counters', {
  entityId: uuid('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  last: epoch('last').notNull().default(0),
});
