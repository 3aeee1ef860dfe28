// Sync tables (DESIGN "The sync contract"): devices with their last applied seq, the mutation
// log that makes replays idempotent and doubles as the audit trail, and the per-entity change
// feed that pulls read. The visit events are in ./visits.ts.
import {
  bigint,
  boolean,
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
    /** The mutation's time on the server clock, bounded (domain/device-time.ts): the next push
     * of the device may not go before it. Null on rows logged before it. */
    correctedAt: epoch('corrected_at'),
    /** The device's time could not be trusted: what it recorded is stored at its receipt. */
    clockUntrusted: boolean('clock_untrusted').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.mutationId] }),
    unique('mutation_log_device_seq_unique').on(t.entityId, t.deviceId, t.seq),
    // Every pull lists its device's latest rejections: without this the lookup walked the
    // device's whole log (every applied mutation) to find the few rejected ones.
    index('mutation_log_rejected_idx')
      .on(t.entityId, t.deviceId, t.seq)
      .where(sql`${t.status} = 'rejected'`),
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
