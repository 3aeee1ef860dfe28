// Kiosks, their device tokens and logs, and what the kiosk journey records (visits with their
// stage, compliance answers, checks, host notifications). Tenant tables: (entity_id, id) keys.
import {
  bigint,
  boolean,
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
import { areas } from './places';
import { journeyFlows, journeys } from './journeys';

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const epoch = (name: string) => bigint(name, { mode: 'number' });

export const kiosks = pgTable(
  'kiosks',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    kioskName: text('kiosk_name').notNull(),
    areaId: uuid('area_id').notNull(),
    macAddress: text('mac_address'),
    androidSerial: text('android_serial'),
    serialNumber: text('serial_number'),
    version: text('version'),
    registeredBy: uuid('registered_by').notNull(),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at'),
    deregisteredAt: at('deregistered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      name: 'kiosks_area_fk',
      columns: [t.entityId, t.areaId],
      foreignColumns: [areas.entityId, areas.id],
    }).onDelete('cascade'),
  ],
);

/** A kiosk's bearer token: scoped to the kiosk (entity and area), never to the admin who registered it. */
export const kioskTokens = pgTable(
  'kiosk_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    entityId: entityId(),
    kioskId: uuid('kiosk_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'kiosk_tokens_kiosk_fk',
      columns: [t.entityId, t.kioskId],
      foreignColumns: [kiosks.entityId, kiosks.id],
    }).onDelete('cascade'),
  ],
);

export const kioskLogs = pgTable(
  'kiosk_logs',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    kioskId: uuid('kiosk_id').notNull(),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    at: epoch('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('kiosk_logs_kiosk_at_idx').on(t.entityId, t.kioskId, t.at),
  ],
);

/** One row per finished kiosk journey, whether or not the person went in. */
export const kioskVisits = pgTable(
  'kiosk_visits',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    kioskId: uuid('kiosk_id'),
    areaId: uuid('area_id').notNull(),
    journeyId: uuid('journey_id'),
    journeyFlowId: uuid('journey_flow_id'),
    stage: text('stage').notNull(),
    signedIn: boolean('signed_in').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** The flow's custom-field values, checked against the flow's fields on the way in. */
    customFields: jsonb('custom_fields')
      .$type<Array<{ custom_field_id: string; type: string; value: string | number }>>()
      .notNull()
      .default([]),
    at: epoch('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      name: 'kiosk_visits_person_fk',
      columns: [t.entityId, t.personId],
      foreignColumns: [users.entityId, users.id],
    }),
    // With entity_id, so a push naming another company's journey or flow is refused.
    foreignKey({
      name: 'kiosk_visits_journey_fk',
      columns: [t.entityId, t.journeyId],
      foreignColumns: [journeys.entityId, journeys.id],
    }),
    foreignKey({
      name: 'kiosk_visits_flow_fk',
      columns: [t.entityId, t.journeyFlowId],
      foreignColumns: [journeyFlows.entityId, journeyFlows.id],
    }),
    index('kiosk_visits_at_idx').on(t.entityId, t.at),
  ],
);

export const complianceAnswers = pgTable(
  'compliance_answers',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    complianceId: uuid('compliance_id').notNull(),
    complianceVersion: integer('compliance_version').notNull(),
    answers: jsonb('answers').$type<unknown[]>().notNull(),
    outcome: text('outcome').notNull(),
    isWrong: boolean('is_wrong').notNull(),
    visitId: uuid('visit_id'),
    areaId: uuid('area_id'),
    userTypeId: uuid('user_type_id'),
    at: epoch('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('compliance_answers_person_idx').on(t.entityId, t.personId, t.complianceId, t.at),
  ],
);

export const visitChecks = pgTable(
  'visit_checks',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    visitId: uuid('visit_id'),
    temperature: jsonb('temperature').$type<Record<string, unknown>>(),
    mask: boolean('mask'),
    passed: boolean('passed').notNull(),
    at: epoch('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id] })],
);

/** Host notifications: the socket event goes at once; mailStatus is the mail outbox's queue. */
export const hostNotifications = pgTable(
  'host_notifications',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    hostId: uuid('host_id').notNull(),
    personId: uuid('person_id').notNull(),
    visitId: uuid('visit_id'),
    message: text('message'),
    mailStatus: text('mail_status').notNull().default('queued'),
    /** Set on an emergency alert: the session a warden (host_id) is told about, started by
     * person_id; message holds the session's name. Null on a host notification. */
    emergencySessionId: uuid('emergency_session_id'),
    at: epoch('at').notNull(),
  },
  // The sender job looks for 'queued' rows on every push: without it, a full scan.
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('host_notifications_status_idx').on(t.mailStatus, t.entityId),
  ],
);
