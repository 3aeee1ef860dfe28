// Privacy manager: each company's retention settings, the runs of the retention job
// (what each removed), and the counts without names that emergency summaries keep.
import { bigint, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { RetentionCounts } from '../../../domain/retention';
import { entities } from './entities';

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });
const epoch = (name: string) => bigint(name, { mode: 'number' });

/** One row per company once it saved its settings; without one the defaults apply. */
export const privacySettings = pgTable('privacy_settings', {
  entityId: entityId().primaryKey(),
  dataRetentionDays: integer('data_retention_days').notNull(),
  scansRetentionDays: integer('scans_retention_days').notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by'),
  updatedAt: epoch('updated_at').notNull(),
});

/** One row per run of the retention job for a company (written in the run's transaction). */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    ranAt: epoch('ran_at').notNull(),
    dataCutoff: epoch('data_cutoff').notNull(),
    scansCutoff: epoch('scans_cutoff').notNull(),
    removed: jsonb('removed').$type<RetentionCounts>().notNull(),
    /** Which server instance ran it (a random id per process), for the operator. */
    runner: text('runner').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id] })],
);

/** Roll-call counts of an emergency session whose marks retention removed: numbers, no names. */
export const emergencySummaries = pgTable(
  'emergency_summaries',
  {
    entityId: entityId(),
    sessionId: uuid('session_id').notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    summarisedAt: epoch('summarised_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.sessionId] })],
);
