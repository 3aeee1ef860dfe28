// Pre-registration (spec 2 §1–§7): expected visits, each entity's QR signing key, and the
// mail log (mail lands here when no SMTP_URL is set, so the demo works offline).
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
import type { VisitStatus } from '../../../domain/preregistration-visit';
import { entities } from './entities';
import { users } from './people';
import { areas } from './places';
import { journeyFlows, userTypes } from './journeys';

export type MailStatus = 'logged' | 'sent' | 'queued' | 'sending' | 'failed';
export interface StoredAttachment {
  filename: string;
  /** base64 */
  content: string;
  cid: string;
  contentType: string;
}

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const epoch = (name: string) => bigint(name, { mode: 'number' });

export const expectedVisits = pgTable(
  'expected_visits',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    journeyFlowId: uuid('journey_flow_id'),
    areaId: uuid('area_id'),
    userTypeId: uuid('user_type_id'),
    hostId: uuid('host_id'),
    /** As the visitor entered them (YYYY-MM-DD, HH:mm:ss) and as an instant. */
    visitDate: text('visit_date').notNull(),
    visitTime: text('visit_time').notNull(),
    visitAt: epoch('visit_at').notNull(),
    status: text('status').$type<VisitStatus>().notNull(),
    /** The personal link's path part (random, 128 bits) and the sha256 of its confirmation code. */
    visitUrl: text('visit_url').notNull(),
    codeHash: text('code_hash').notNull(),
    /** A public registration naming an existing person is held (status 'held') until that person
     * confirms from a one-time link mailed to the address on file: sha256 of its token, and expiry. */
    holdHash: text('hold_hash'),
    holdExpiresAt: epoch('hold_expires_at'),
    companyName: text('company_name'),
    registrationMethod: text('registration_method'),
    customFields: jsonb('custom_fields').$type<unknown[]>().notNull().default([]),
    flags: jsonb('flags').$type<Record<string, number>>().notNull().default({}),
    photoType: text('photo_type'),
    photoBase64: text('photo_base64'),
    createdBy: uuid('created_by'),
    decidedBy: uuid('decided_by'),
    confirmedAt: epoch('confirmed_at'),
    arrivedAt: epoch('arrived_at'),
    deletedAt: epoch('deleted_at'),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('expected_visits_entity_url_unique').on(t.entityId, t.visitUrl),
    // Public links carry no entity: look the random url up, then scope everything by its entity.
    index('expected_visits_url_idx').on(t.visitUrl),
    index('expected_visits_hold_idx').on(t.holdHash),
    index('expected_visits_entity_at_idx').on(t.entityId, t.visitAt),
    foreignKey({
      name: 'expected_visits_person_fk',
      columns: [t.entityId, t.personId],
      foreignColumns: [users.entityId, users.id],
    }),
    foreignKey({
      name: 'expected_visits_host_fk',
      columns: [t.entityId, t.hostId],
      foreignColumns: [users.entityId, users.id],
    }),
    foreignKey({
      name: 'expected_visits_area_fk',
      columns: [t.entityId, t.areaId],
      foreignColumns: [areas.entityId, areas.id],
    }),
    foreignKey({
      name: 'expected_visits_flow_fk',
      columns: [t.entityId, t.journeyFlowId],
      foreignColumns: [journeyFlows.entityId, journeyFlows.id],
    }),
    foreignKey({
      name: 'expected_visits_user_type_fk',
      columns: [t.entityId, t.userTypeId],
      foreignColumns: [userTypes.entityId, userTypes.id],
    }),
  ],
);

/** The entity's Ed25519 key for visit QR codes. The private key never leaves the server. */
export const signingKeys = pgTable(
  'signing_keys',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    algorithm: text('algorithm').notNull().default('Ed25519'),
    /** base64url raw public key (synced to devices). */
    publicKey: text('public_key').notNull(),
    /** base64url PKCS#8 private key. */
    privateKey: text('private_key').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id] })],
);

export const mailLog = pgTable(
  'mail_log',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** 'logged' (no SMTP), 'sent', 'queued' (the mail server failed; sent again at retry_at),
     * 'sending' (a retry in flight until retry_at), or 'failed' with the error (given up). */
    status: text('status').$type<MailStatus>().notNull(),
    error: text('error'),
    createdAt: at('created_at').notNull(),
    /** SMTP tries so far. */
    attempts: integer('attempts').notNull().default(1),
    /** Queued: when to try again; sending: when another instance may take the retry over. */
    retryAt: bigint('retry_at', { mode: 'number' }),
    /** A queued mail's inline attachments (base64), kept until it is sent. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('mail_log_entity_time_idx').on(t.entityId, t.createdAt),
    index('mail_log_retry_idx').on(t.status, t.retryAt),
  ],
);
