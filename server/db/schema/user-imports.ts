// User imports. One row per import (the job) and one per spreadsheet row, whose
// status changes in the same transaction that writes its person: a server that stops
// mid-import leaves the job 'running' with a lapsed lease, and the next start carries on
// from the first 'pending' row, so no row is applied twice.
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
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ImportColumn, ImportRow, ImportRowStatus, ImportStatus } from '../../../domain/import';
import { entities } from './entities';
import { users } from './people';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });

export const userImports = pgTable(
  'user_imports',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    requestedBy: uuid('requested_by').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').$type<ImportStatus>().notNull(),
    rowsTotal: integer('rows_total').notNull(),
    /** A running job's owner renews this; a lapsed lease means its server stopped. */
    leaseUntil: bigint('lease_until', { mode: 'number' }),
    runnerId: uuid('runner_id'),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      name: 'user_imports_requested_by_fk',
      columns: [t.entityId, t.requestedBy],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
    index('user_imports_entity_status_idx').on(t.entityId, t.status, t.createdAt),
  ],
);

export const userImportRows = pgTable(
  'user_import_rows',
  {
    entityId: entityId(),
    importId: uuid('import_id').notNull(),
    /** The spreadsheet's row number, as the admin saw it in the grid. */
    rowNo: integer('row_no').notNull(),
    data: jsonb('data').$type<ImportRow>().notNull(),
    status: text('status').$type<ImportRowStatus>().notNull(),
    reason: text('reason'),
    reasonColumn: text('reason_column').$type<ImportColumn>(),
    userId: uuid('user_id'),
    /** The zip's photo for this row (checked by content), kept until the row is applied. */
    photoName: text('photo_name'),
    photo: bytea('photo'),
    /** 'attached' once the person has the photo, else the photo's problem (an i18n key). */
    photoStatus: text('photo_status'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.importId, t.rowNo] }),
    foreignKey({
      name: 'user_import_rows_import_fk',
      columns: [t.entityId, t.importId],
      foreignColumns: [userImports.entityId, userImports.id],
    }).onDelete('cascade'),
  ],
);

/** A person's id in the system the spreadsheet came from (the import's third match key). */
export const personExternalIds = pgTable(
  'person_external_ids',
  {
    entityId: entityId(),
    userId: uuid('user_id').notNull(),
    externalId: text('external_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.userId] }),
    unique('person_external_ids_entity_external_unique').on(t.entityId, t.externalId),
    foreignKey({
      name: 'person_external_ids_user_fk',
      columns: [t.entityId, t.userId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
  ],
);
