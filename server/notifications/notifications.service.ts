// What the routes ask of the outbox: settings (secrets write-only), a person's channels, a
// visit's notifications with their deliveries, failures, resend, and the host's answer.
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { NotificationSettingsInput } from '../../domain/schemas/notifications';
import type { Db } from '../db/database';
import { hostNotifications, kioskVisits } from '../db/schema/kiosk';
import { users } from '../db/schema/people';
import { sites } from '../db/schema/places';
import { visitEvents } from '../db/schema/visits';
import {
  notificationAcks,
  notificationAttempts,
  notificationDeliveries,
  notificationPersonChannels,
  type NotificationChannel,
} from '../db/schema/notifications';
import { ApiError, notFound } from '../http/api-error';
import type { RequestContext } from '../http/context';
import { lockFeed } from '../sync/changes';
import type { SecretBox } from '../two-step/secret-box';
import type { AckLinks } from './ack-link';
import { webhookUrlProblem } from './channels/channel';
import { typeDefaultMethods } from './channel-choice';
import { cancelPending, refreshSummary } from './outbox';
import { applySmsReport } from './sms-status';
import {
  loadSettings,
  saveSettings,
  SECRET_KEYS,
  SITE_SECRET_KEYS,
  siteKey,
  type Secrets,
  type SiteSecrets,
} from './settings';

/** A write-only secret's edit: absent keeps the stored one, "" clears it, a value replaces it. */
function writeSecret<K extends string>(into: Partial<Record<K, string>>, key: K, value: string | undefined) {
  if (value === undefined) return;
  if (value === '') delete into[key];
  else into[key] = value;
}

export function notificationsService(
  db: Db,
  now: () => number,
  box: SecretBox,
  links: AckLinks,
  onChanged: (entityId: string) => void,
  kick: () => void,
  production: boolean,
) {
  async function personOf(entityId: string, personId: string) {
    const [p] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.entityId, entityId), eq(users.id, personId)));
    if (!p) throw notFound();
  }

  return {
    ...typeDefaultMethods(db, box, now),
    /** A provider's signed delivery report (server/notifications/sms-status.ts). */
    smsReport: (report: Parameters<typeof applySmsReport>[2]) => applySmsReport(db, box, report, now()),
    async settings(ctx: RequestContext) {
      const s = await loadSettings(db, box, ctx.entityId);
      const set = Object.fromEntries(SECRET_KEYS.map((k) => [k, Boolean(s.secrets[k])]));
      // Per site: which of its webhooks are saved (never the addresses).
      const siteSecretsSet = Object.fromEntries(
        Object.entries(s.secrets.sites ?? {}).map(([id, site]) => [
          id,
          Object.fromEntries(SITE_SECRET_KEYS.map((k) => [k, Boolean(site[k])])),
        ]),
      );
      return { plan: s.plan, config: s.config, typeDefaults: s.typeDefaults, secretsSet: set, siteSecretsSet };
    },
    async saveSettings(ctx: RequestContext, input: NotificationSettingsInput) {
      const before = await loadSettings(db, box, ctx.entityId);
      const secrets: Secrets = { ...before.secrets };
      const put = (key: (typeof SECRET_KEYS)[number], value: string | undefined) => writeSecret(secrets, key, value);
      put('smsAuthToken', input.sms?.authToken);
      put('slackBotToken', input.slack?.botToken);
      put('slackWebhookUrl', input.slack?.webhookUrl);
      put('teamsWebhookUrl', input.teams?.webhookUrl);
      const errors: Record<string, string[]> = {};
      const check = (field: string, value: string | undefined) => {
        if (value && webhookUrlProblem(value, production)) errors[field] = ['notifications.validation.https'];
      };
      check('slack.webhookUrl', input.slack?.webhookUrl);
      check('teams.webhookUrl', input.teams?.webhookUrl);
      check('sms.baseUrl', input.sms?.baseUrl);
      check('slack.baseUrl', input.slack?.baseUrl);
      const siteInput = Object.entries(input.sites ?? {});
      for (const [id, site] of siteInput) {
        check(`sites.${id}.slackWebhookUrl`, site.slackWebhookUrl);
        check(`sites.${id}.teamsWebhookUrl`, site.teamsWebhookUrl);
      }
      if (Object.keys(errors).length) throw new ApiError(400, 'validation_failed', errors);
      // Another company's site (or one never made) is not found, whatever else the body holds.
      if (siteInput.length) {
        const ids = siteInput.map(([id]) => id);
        const known = await db
          .select({ id: sites.id })
          .from(sites)
          .where(and(eq(sites.entityId, ctx.entityId), inArray(sites.id, ids)));
        if (known.length !== new Set(ids).size) throw notFound();
      }
      const siteSecrets: Record<string, SiteSecrets> = { ...secrets.sites };
      for (const [id, site] of siteInput) {
        const kept: SiteSecrets = { ...siteSecrets[id] };
        for (const key of SITE_SECRET_KEYS) writeSecret(kept, key, site[key]);
        if (Object.keys(kept).length) siteSecrets[id] = kept;
        else delete siteSecrets[id];
      }
      if (Object.keys(siteSecrets).length) secrets.sites = siteSecrets;
      else delete secrets.sites;
      const config = { ...before.config };
      if (input.sms)
        config.sms = { accountSid: input.sms.accountSid, from: input.sms.from, baseUrl: input.sms.baseUrl ?? '' };
      if (input.slack) config.slack = { mode: input.slack.mode, baseUrl: input.slack.baseUrl ?? '' };
      if (input.reception) config.reception = { email: input.reception.email ?? '' };
      for (const [id, site] of siteInput)
        if (site.receptionEmail !== undefined) config[siteKey(id)] = { receptionEmail: site.receptionEmail };
      await saveSettings(
        db,
        box,
        ctx.entityId,
        { plan: input.plan, config, secrets, typeDefaults: input.typeDefaults ?? before.typeDefaults },
        now(),
      );
      return this.settings(ctx);
    },
    async personChannels(ctx: RequestContext, personId: string) {
      await personOf(ctx.entityId, personId);
      const [row] = await db
        .select({ channels: notificationPersonChannels.channels })
        .from(notificationPersonChannels)
        .where(
          and(eq(notificationPersonChannels.entityId, ctx.entityId), eq(notificationPersonChannels.personId, personId)),
        );
      return { channels: row?.channels ?? null };
    },
    async setPersonChannels(ctx: RequestContext, personId: string, channels: NotificationChannel[]) {
      await personOf(ctx.entityId, personId);
      await db
        .insert(notificationPersonChannels)
        .values({ entityId: ctx.entityId, personId, channels })
        .onConflictDoUpdate({
          target: [notificationPersonChannels.entityId, notificationPersonChannels.personId],
          set: { channels },
        });
      return { channels };
    },
    /** A kiosk visit's notifications, each with its deliveries (channel, status, times, reason). */
    async forVisit(ctx: RequestContext, kioskVisitId: string) {
      const [visit] = await db
        .select({ id: kioskVisits.id })
        .from(kioskVisits)
        .where(and(eq(kioskVisits.entityId, ctx.entityId), eq(kioskVisits.id, kioskVisitId)));
      if (!visit) throw notFound();
      const list = await db
        .select()
        .from(hostNotifications)
        .where(and(eq(hostNotifications.entityId, ctx.entityId), eq(hostNotifications.visitId, kioskVisitId)));
      return withDeliveries(ctx.entityId, list);
    },
    /** The last week's failed deliveries, for the admin page. */
    async failures(ctx: RequestContext) {
      const failed = await db
        .select()
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.entityId, ctx.entityId),
            eq(notificationDeliveries.status, 'failed'),
            gt(notificationDeliveries.updatedAt, now() - 7 * 86_400_000),
          ),
        )
        .orderBy(desc(notificationDeliveries.updatedAt))
        .limit(200);
      const ids = [...new Set(failed.map((f) => f.notificationId))];
      const ns = ids.length
        ? await db
            .select({
              id: hostNotifications.id,
              hostId: hostNotifications.hostId,
              personId: hostNotifications.personId,
              message: hostNotifications.message,
              emergencySessionId: hostNotifications.emergencySessionId,
            })
            .from(hostNotifications)
            .where(and(eq(hostNotifications.entityId, ctx.entityId), inArray(hostNotifications.id, ids)))
        : [];
      const people = await namesOf(
        ctx.entityId,
        ns.flatMap((n) => [n.hostId, n.personId]),
      );
      return failed.map((f) => {
        const n = ns.find((x) => x.id === f.notificationId);
        return {
          ...deliveryView(f),
          notificationId: f.notificationId,
          hostName: n ? people.get(n.hostId) : null,
          visitorName: n ? people.get(n.personId) : null,
          // An emergency alert to a warden: the session's name (the person is who started it).
          emergency: n?.emergencySessionId ? (n.message ?? '') : null,
        };
      });
    },
    /** Sends the notification again on every channel of its first step that is not in flight. */
    async resend(ctx: RequestContext, notificationId: string) {
      const t = now();
      await db.transaction(async (tx) => {
        const [n] = await tx
          .select({ id: hostNotifications.id })
          .from(hostNotifications)
          .where(and(eq(hostNotifications.entityId, ctx.entityId), eq(hostNotifications.id, notificationId)));
        if (!n) throw notFound();
        const last = await lockFeed(tx, ctx.entityId);
        const again = await tx
          .update(notificationDeliveries)
          .set({ status: 'queued', dueAt: t, attempts: 0, lastError: null, updatedAt: t })
          .where(
            and(
              eq(notificationDeliveries.entityId, ctx.entityId),
              eq(notificationDeliveries.notificationId, notificationId),
              inArray(notificationDeliveries.status, ['failed', 'sent', 'delivered', 'cancelled']),
              eq(notificationDeliveries.step, 0),
            ),
          )
          .returning({ id: notificationDeliveries.id });
        // Their earlier yes no longer stands for the delivery, or the job would skip the send.
        if (again.length)
          await tx
            .update(notificationAttempts)
            .set({ outcome: 'superseded' })
            .where(
              and(
                eq(notificationAttempts.entityId, ctx.entityId),
                inArray(
                  notificationAttempts.deliveryId,
                  again.map((a) => a.id),
                ),
                eq(notificationAttempts.outcome, 'sent'),
              ),
            );
        await refreshSummary(tx, ctx.entityId, notificationId, last);
      });
      onChanged(ctx.entityId);
      kick();
      return this.forVisitOf(ctx, notificationId);
    },
    async forVisitOf(ctx: RequestContext, notificationId: string) {
      const list = await db
        .select()
        .from(hostNotifications)
        .where(and(eq(hostNotifications.entityId, ctx.entityId), eq(hostNotifications.id, notificationId)));
      return (await withDeliveries(ctx.entityId, list))[0];
    },
    /** What the answer page shows before the host chooses. */
    async ackView(token: string) {
      const { n } = await usable(token);
      const names = await namesOf(n.entityId, [n.personId, n.hostId]);
      return { visitor: names.get(n.personId) ?? '', host: names.get(n.hostId) ?? '' };
    },
    /** The host's answer: once, before the visit ends; stops the fallback. */
    async acknowledge(token: string, answer: 'coming' | 'wait') {
      const { n } = await usable(token);
      const t = now();
      const recorded = await db.transaction(async (tx) => {
        const last = await lockFeed(tx, n.entityId);
        const [row] = await tx
          .insert(notificationAcks)
          .values({ entityId: n.entityId, notificationId: n.id, answer, at: t })
          .onConflictDoNothing()
          .returning();
        if (!row) return false;
        await cancelPending(tx, n.entityId, n.id, t);
        await refreshSummary(tx, n.entityId, n.id, last);
        return true;
      });
      if (!recorded) throw new ApiError(410, 'link_used');
      onChanged(n.entityId);
      return { answer };
    },
  };

  async function usable(token: string) {
    const claim = links.read(token);
    if (!claim) throw notFound();
    const [n] = await db
      .select()
      .from(hostNotifications)
      .where(and(eq(hostNotifications.entityId, claim.entityId), eq(hostNotifications.id, claim.notificationId)));
    if (!n) throw notFound();
    if (now() > claim.expiresAt) throw new ApiError(410, 'link_expired');
    // The visit ended: the visitor signed out after arriving.
    const [out] = await db
      .select({ id: visitEvents.id })
      .from(visitEvents)
      .where(
        and(
          eq(visitEvents.entityId, n.entityId),
          eq(visitEvents.personId, n.personId),
          eq(visitEvents.kind, 'out'),
          gt(visitEvents.at, n.at),
        ),
      )
      .limit(1);
    if (out) throw new ApiError(410, 'link_expired');
    const [ack] = await db
      .select({ at: notificationAcks.at })
      .from(notificationAcks)
      .where(and(eq(notificationAcks.entityId, n.entityId), eq(notificationAcks.notificationId, n.id)));
    if (ack) throw new ApiError(410, 'link_used');
    return { n };
  }

  async function namesOf(entityId: string, ids: string[]) {
    if (ids.length === 0) return new Map<string, string>();
    const rows = await db
      .select({ id: users.id, name: users.fullName })
      .from(users)
      .where(and(eq(users.entityId, entityId), inArray(users.id, [...new Set(ids)])));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async function withDeliveries(entityId: string, list: Array<typeof hostNotifications.$inferSelect>) {
    if (list.length === 0) return [];
    const ids = list.map((n) => n.id);
    const ds = await db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.entityId, entityId), inArray(notificationDeliveries.notificationId, ids)));
    const acks = await db
      .select()
      .from(notificationAcks)
      .where(and(eq(notificationAcks.entityId, entityId), inArray(notificationAcks.notificationId, ids)));
    const names = await namesOf(
      entityId,
      list.map((n) => n.hostId),
    );
    return list.map((n) => ({
      id: n.id,
      hostName: names.get(n.hostId) ?? null,
      status: n.mailStatus,
      at: n.at,
      ack: acks.find((a) => a.notificationId === n.id) ?? null,
      deliveries: ds
        .filter((d) => d.notificationId === n.id)
        .sort((a, b) => a.step - b.step)
        .map(deliveryView),
    }));
  }
}

function deliveryView(d: typeof notificationDeliveries.$inferSelect) {
  return {
    id: d.id,
    step: d.step,
    channel: d.channel,
    status: d.status,
    dueAt: d.dueAt,
    sentAt: d.sentAt,
    attempts: d.attempts,
    reason: d.lastError,
    updatedAt: d.updatedAt,
  };
}
export type NotificationsService = ReturnType<typeof notificationsService>;
