// A company's notification settings: the fallback plan, provider settings, secrets sealed at
// rest under INTEGRATION_KEY (the integration credentials' box, server/two-step/secret-box.ts),
// per-user-type defaults and per-person choices. Secrets never leave this module except to an
// adapter; the API answers only whether each is set.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { Executor } from '../sync/changes';
import {
  notificationPersonChannels,
  notificationSettings,
  type NotificationChannel,
  type PlanStep,
} from '../db/schema/notifications';
import { secretBox, type SecretBox } from '../two-step/secret-box';
import type { Mailer } from '../mail/mailer';
import type { ChannelAdapter } from './channels/channel';
import { emailChannel, receptionChannel } from './channels/email';
import { slack } from './channels/slack';
import { teams } from './channels/teams';
import { twilioSms } from './channels/twilio-sms';
import { DEFAULT_PLAN } from './plan';

export interface SiteSecrets {
  slackWebhookUrl?: string;
  teamsWebhookUrl?: string;
}
export const SITE_SECRET_KEYS = ['slackWebhookUrl', 'teamsWebhookUrl'] as const;
export interface Secrets {
  smsAuthToken?: string;
  slackBotToken?: string;
  slackWebhookUrl?: string;
  teamsWebhookUrl?: string;
  /** Per site id: the channel webhooks its visits post to instead of the company's. */
  sites?: Record<string, SiteSecrets>;
}
/** The config key of a site's non-secret settings (its reception e-mail). */
export const siteKey = (siteId: string) => `site:${siteId}`;
export const SECRET_KEYS = ['smsAuthToken', 'slackBotToken', 'slackWebhookUrl', 'teamsWebhookUrl'] as const;

export interface LoadedSettings {
  plan: PlanStep[];
  config: Record<string, Record<string, string>>;
  secrets: Secrets;
  typeDefaults: Record<string, NotificationChannel[]>;
}

export const notificationsBox = (): SecretBox =>
  secretBox(process.env.INTEGRATION_KEY, 'INTEGRATION_KEY', 'gatehouse-development-integration-key');

export async function loadSettings(db: Executor, box: SecretBox, entityId: string): Promise<LoadedSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.entityId, entityId));
  if (!row) return { plan: DEFAULT_PLAN, config: {}, secrets: {}, typeDefaults: {} };
  return {
    plan: row.plan.length ? row.plan : DEFAULT_PLAN,
    config: row.config,
    secrets: row.sealedSecrets ? (JSON.parse(box.open(row.sealedSecrets)) as Secrets) : {},
    typeDefaults: row.typeDefaults,
  };
}

export async function saveSettings(db: Db, box: SecretBox, entityId: string, s: LoadedSettings, now: number) {
  const values = {
    plan: s.plan,
    config: s.config,
    sealedSecrets: box.seal(JSON.stringify(s.secrets)),
    typeDefaults: s.typeDefaults,
    updatedAt: now,
  };
  await db
    .insert(notificationSettings)
    .values({ entityId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.entityId, set: values });
}

/** The host's chosen channels: their own, else their user type's default, else null (the plan). */
export async function chosenChannels(
  db: Executor,
  entityId: string,
  personId: string,
  userTypeId: string | null,
  typeDefaults: Record<string, NotificationChannel[]>,
): Promise<NotificationChannel[] | null> {
  const [own] = await db
    .select({ channels: notificationPersonChannels.channels })
    .from(notificationPersonChannels)
    .where(and(eq(notificationPersonChannels.entityId, entityId), eq(notificationPersonChannels.personId, personId)));
  if (own) return own.channels;
  return (userTypeId && typeDefaults[userTypeId]) || null;
}

export function adapterFor(
  channel: NotificationChannel,
  s: LoadedSettings,
  mailer: Mailer,
  entityId: string,
  slackUserIds?: Map<string, string>,
  siteId: string | null = null,
): ChannelAdapter {
  const c = s.config;
  const site = siteId ? s.secrets.sites?.[siteId] : undefined;
  if (channel === 'reception')
    return receptionChannel(
      mailer,
      entityId,
      (siteId ? c[siteKey(siteId)]?.receptionEmail : undefined) || c.reception?.email || undefined,
    );
  if (channel === 'sms')
    return twilioSms({
      accountSid: c.sms?.accountSid ?? '',
      from: c.sms?.from ?? '',
      baseUrl: c.sms?.baseUrl,
      authToken: s.secrets.smsAuthToken ?? '',
    });
  if (channel === 'slack')
    return slack({
      mode: c.slack?.mode === 'webhook' ? 'webhook' : 'bot',
      baseUrl: c.slack?.baseUrl,
      botToken: s.secrets.slackBotToken,
      webhookUrl: site?.slackWebhookUrl || s.secrets.slackWebhookUrl,
      userIds: slackUserIds,
    });
  if (channel === 'teams') return teams({ webhookUrl: site?.teamsWebhookUrl || s.secrets.teamsWebhookUrl });
  return emailChannel(mailer, entityId);
}
