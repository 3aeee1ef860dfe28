// Compliance (entry condition) history and evidence (spec 1 §3): every version of a form as it
// was asked, and the files of vaccine or test documents uploaded for a form. Tenant tables:
// (entity_id, id) keys; every foreign key includes entity_id. The current form is
// kiosk-config.ts `compliance_forms` (devices pull it).
import {
  customType,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../../domain/localized-text';
import { entities } from './entities';
import { complianceForms } from './kiosk-config';
import { userDocuments } from './user-documents';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });

/** What a version asked, so an answer can always be read against the questions it answered. */
export interface ComplianceVersionSnapshot {
  name: LocalizedText;
  questions: Array<{ id: string; text: LocalizedText; desired: 'yes' | 'no' }>;
  agreementText: LocalizedText | null;
  statement: LocalizedText | null;
  documentRequired: boolean;
  protocols: string[];
  acceptNegativePcr: boolean;
  pcrValidDays: number | null;
}

export const complianceFormVersions = pgTable(
  'compliance_form_versions',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    formId: uuid('form_id').notNull(),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<ComplianceVersionSnapshot>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('compliance_form_versions_form_version_unique').on(t.entityId, t.formId, t.version),
    foreignKey({
      name: 'compliance_form_versions_form_fk',
      columns: [t.entityId, t.formId],
      foreignColumns: [complianceForms.entityId, complianceForms.id],
    }).onDelete('cascade'),
  ],
);

/** The file of a vaccine or test document (PDF, PNG or JPG, checked by content, ≤ 3 MB), uploaded
 * for a form or attached on the profile. */
export const complianceDocumentFiles = pgTable(
  'compliance_document_files',
  {
    entityId: entityId(),
    /** The user document's id: one file per document. */
    id: uuid('id').notNull(),
    /** The form it was uploaded for; null when reception attached it on the person's profile. */
    complianceId: uuid('compliance_id'),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      name: 'compliance_document_files_document_fk',
      columns: [t.entityId, t.id],
      foreignColumns: [userDocuments.entityId, userDocuments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'compliance_document_files_form_fk',
      columns: [t.entityId, t.complianceId],
      foreignColumns: [complianceForms.entityId, complianceForms.id],
    }).onDelete('cascade'),
  ],
);
