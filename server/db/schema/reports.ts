// Report exports: one row per export a person asked for. The row is the job: a
// server that stops mid-export leaves it 'running' with a lapsed lease, and the next start
// runs it again from the beginning, so a file is written once, in the same transaction that
// marks the job done.
import {
  bigint,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { users } from './people';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const reportExports = pgTable(
  'report_exports',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    requestedBy: uuid('requested_by').notNull(),
    /** Which report ('history', 'visit_summary') and its filters as asked. */
    report: text('report').notNull(),
    format: text('format').$type<'csv' | 'xlsx'>().notNull(),
    /** The asker's language, for the file's column names. */
    lang: text('lang').notNull().default('en'),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    size: bigint('size', { mode: 'number' }),
    fileName: text('file_name'),
    error: text('error'),
    /** A running job's owner renews this; a lapsed lease means its server stopped. */
    leaseUntil: bigint('lease_until', { mode: 'number' }),
    /** Who claimed the run: only that run may finish it, so a job never yields two files. */
    runnerId: uuid('runner_id'),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      name: 'report_exports_requested_by_fk',
      columns: [t.entityId, t.requestedBy],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
    index('report_exports_entity_status_idx').on(t.entityId, t.status, t.createdAt),
  ],
);

/** The finished file, apart from the job row so listing jobs never reads the bytes. */
export const reportExportFiles = pgTable(
  'report_export_files',
  {
    entityId: uuid('entity_id').notNull(),
    exportId: uuid('export_id').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.exportId] }),
    foreignKey({
      name: 'report_export_files_export_fk',
      columns: [t.entityId, t.exportId],
      foreignColumns: [reportExports.entityId, reportExports.id],
    }).onDelete('cascade'),
  ],
);
