// Host notifications outbox. host_notifications (kiosk.ts) is the order "tell this
// host"; the sender job expands each into one delivery per channel step (fallback order with
// delays), sends each once under a lease, and records every attempt. Not synced: the dashboard
// reads them through /api/notifications, and host_notifications.mail_status carries the summary.
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { hostNotifications } from './kiosk';
import { users } from './people';

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });
const epoch = (name: string) => bigint(name, { mode: 'number' });

/** How a host is told; `reception` (a plan step only) e-mails the visit's site reception. */
export type NotificationChannel = 'email' | 'sms' | 'slack' | 'teams' | 'reception';
export interface PlanStep {
  channel: NotificationChannel;
  /** Minutes after the previous step without an acknowledgement. */
  delayMinutes: number;
}

/** One row per company: the fallback order, non-secret provider settings, sealed secrets. */
export const notificationSettings = pgTable('notification_settings', {
  entityId: entityId().primaryKey(),
  plan: jsonb('plan').$type<PlanStep[]>().notNull(),
  /** Non-secret: sms {accountSid, from, baseUrl}, slack {mode, baseUrl}, reception {email},
   * and per site `site:<id>` {receptionEmail}. */
  config: jsonb('config').$type<Record<string, Record<string, string>>>().notNull(),
  /** SMS auth token, Slack bot token / webhook URL, Teams webhook URL, and per site its Slack
   * and Teams webhook URLs: JSON sealed under INTEGRATION_KEY. */
  sealedSecrets: text('sealed_secrets'),
  /** Default channels per user type id. */
  typeDefaults: jsonb('type_defaults').$type<Record<string, NotificationChannel[]>>().notNull(),
  updatedAt: epoch('updated_at').notNull(),
});

/** A person's own channel choice (absent: their user type's default, else the company plan). */
export const notificationPersonChannels = pgTable(
  'notification_person_channels',
  {
    entityId: entityId(),
    personId: uuid('person_id').notNull(),
    channels: jsonb('channels').$type<NotificationChannel[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.personId] }),
    foreignKey({
      name: 'notification_person_channels_person_fk',
      columns: [t.entityId, t.personId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
  ],
);

/** unknown: the provider may have accepted it (a timeout, a crash mid-call) and cannot be asked;
 * never sent again by itself (an admin may resend). */
export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'cancelled' | 'unknown';

export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    step: integer('step').notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    status: text('status').$type<DeliveryStatus>().notNull(),
    dueAt: epoch('due_at').notNull(),
    /** While status is sending: another instance may take the row over after this. */
    leaseUntil: epoch('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    sentAt: epoch('sent_at'),
    createdAt: epoch('created_at').notNull(),
    updatedAt: epoch('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    // Expanding a notification twice writes nothing new.
    unique('notification_deliveries_step_unique').on(t.entityId, t.notificationId, t.step),
    index('notification_deliveries_due_idx').on(t.status, t.dueAt),
    foreignKey({
      name: 'notification_deliveries_notification_fk',
      columns: [t.entityId, t.notificationId],
      foreignColumns: [hostNotifications.entityId, hostNotifications.id],
    }).onDelete('cascade'),
  ],
);

/** superseded: a 'sent' an admin's resend set aside. */
/** unknown: the call's answer never came (timeout); found: a check with the provider showed it
 * arrived; absent: the check showed it did not. */
export type AttemptOutcome =
  'started' | 'sent' | 'transient' | 'permanent' | 'superseded' | 'unknown' | 'found' | 'absent';

export const notificationAttempts = pgTable(
  'notification_attempts',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    deliveryId: uuid('delivery_id').notNull(),
    outcome: text('outcome').$type<AttemptOutcome>().notNull(),
    providerId: text('provider_id'),
    error: text('error'),
    startedAt: epoch('started_at').notNull(),
    finishedAt: epoch('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('notification_attempts_delivery_idx').on(t.entityId, t.deliveryId),
    foreignKey({
      name: 'notification_attempts_delivery_fk',
      columns: [t.entityId, t.deliveryId],
      foreignColumns: [notificationDeliveries.entityId, notificationDeliveries.id],
    }).onDelete('cascade'),
  ],
);

/** The host's answer from the signed link: at most one per notification (the link works once). */
export const notificationAcks = pgTable(
  'notification_acks',
  {
    entityId: entityId(),
    notificationId: uuid('notification_id').notNull(),
    answer: text('answer').$type<'coming' | 'wait'>().notNull(),
    at: epoch('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.notificationId] }),
    foreignKey({
      name: 'notification_acks_notification_fk',
      columns: [t.entityId, t.notificationId],
      foreignColumns: [hostNotifications.entityId, hostNotifications.id],
    }).onDelete('cascade'),
  ],
);
