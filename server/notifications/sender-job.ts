// The sender job: on a short interval, and at once after a push that wrote host
// notifications, any instance plans queued notifications and sends due deliveries, up to
// CONCURRENCY at once (a free slot takes the next due row at once; nothing waits for a batch).
// Each send is recorded as an attempt BEFORE the provider is called and its outcome right after;
// the lease of every row in flight is renewed while it is sent. None of the four providers takes
// an idempotency key (Twilio Messages, Slack chat.postMessage, Teams webhooks, SMTP), so an
// attempt whose outcome is unknown (a timeout after the request went out, or a run killed
// between the call and the record) is never simply sent again:
// - Slack (bot): its DM history is searched for the delivery id in message metadata first;
//   found → sent, absent → sent now;
// - the others: the delivery is marked 'unknown' and not resent by itself; the fallback's next
//   step goes at its time, and an admin may resend. A duplicate is never sent unasked.
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database';
import { hostNotifications } from '../db/schema/kiosk';
import { notificationAttempts, type AttemptOutcome } from '../db/schema/notifications';
import type { Mailer } from '../mail/mailer';
import type { SecretBox } from '../two-step/secret-box';
import type { AckLinks } from './ack-link';
import { ACK_LINK_TTL_MS } from './ack-link';
import type { ChannelAdapter, Confirmation, OutgoingMessage, SendResult } from './channels/channel';
import { buildMessage, recipientOf } from './message';
import { claimDue, entitiesWithQueued, expandQueued, finishDelivery, renewLeases, type Delivery } from './outbox';
import { LEASE_MS } from './plan';
import { adapterFor, loadSettings, type LoadedSettings } from './settings';
import { smsStatusUrl } from './sms-status';

export const SENDER_INTERVAL_MS = 2_000;
/** Sends in flight at once per instance (a slow provider holds one slot, not a batch). */
const CONCURRENCY = 16;
/** Leases of rows in flight move on this often (real time), well inside LEASE_MS. */
const RENEW_EVERY_MS = LEASE_MS / 4;
/** How long a Slack user id found by e-mail is reused (and the cache's size bound). */
const SLACK_ID_TTL_MS = 10 * 60_000;
const SLACK_ID_MAX = 5_000;

/** Test seams that stand for a kill -9 at the two places that matter. */
export interface SenderHooks {
  afterProviderCall?(d: Delivery): void | Promise<void>;
  afterAttemptRecorded?(d: Delivery): void | Promise<void>;
}

export interface SenderOptions {
  box: SecretBox;
  links: AckLinks;
  onChanged: (entityId: string) => void;
  hooks?: SenderHooks;
  /** Tests renew faster than RENEW_EVERY_MS. */
  renewEveryMs?: number;
}

export function notificationSender(db: Db, now: () => number, mailer: Mailer, opts: SenderOptions) {
  let publicUrl = 'http://localhost:3000';
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  /** A push was applied since the last planning (and at the start of each run). */
  let pushed = true;
  /** Wakes a run waiting for a free slot (a send ended, or a push was applied). */
  let wake: () => void = () => undefined;
  // Per company: Slack user ids by e-mail, dropped every SLACK_ID_TTL_MS (a changed account heals).
  let slackIds = new Map<string, Map<string, string>>();
  let slackIdsSince = now();
  const slackIdsOf = (entityId: string) => {
    if (now() - slackIdsSince > SLACK_ID_TTL_MS || slackIds.size > SLACK_ID_MAX) {
      slackIds = new Map();
      slackIdsSince = now();
    }
    let ids = slackIds.get(entityId);
    if (!ids) slackIds.set(entityId, (ids = new Map()));
    return ids;
  };

  function linksFor(entityId: string, notificationId: string, at: number) {
    const token = opts.links.token({ entityId, notificationId, expiresAt: at + ACK_LINK_TTL_MS });
    const base = `${publicUrl}/api/notifications/ack/${token}`;
    return { coming: `${base}?answer=coming`, wait: `${base}?answer=wait` };
  }

  const record = (
    d: Delivery,
    outcome: AttemptOutcome,
    at: number,
    extra: { providerId?: string | null; error?: string },
  ) =>
    db.insert(notificationAttempts).values({
      entityId: d.entityId,
      id: uuidv7(),
      deliveryId: d.id,
      outcome,
      providerId: extra.providerId ?? null,
      error: extra.error ?? null,
      startedAt: at,
      finishedAt: at,
    });

  async function sendOne(d: Delivery, settingsOf: (entityId: string) => Promise<LoadedSettings>): Promise<void> {
    const t0 = now();
    // The first claim has no history; a retried or taken-over row reads what happened before.
    const prior =
      d.attempts > 1
        ? await db
            .select({
              outcome: notificationAttempts.outcome,
              providerId: notificationAttempts.providerId,
              startedAt: notificationAttempts.startedAt,
            })
            .from(notificationAttempts)
            .where(and(eq(notificationAttempts.entityId, d.entityId), eq(notificationAttempts.deliveryId, d.id)))
        : [];
    const done = prior.find((a) => a.outcome === 'sent' || a.outcome === 'found');
    // A run that died after recording the provider's yes: finish the row, send nothing.
    if (done) return void (await finishDelivery(db, d, { kind: 'sent', providerId: done.providerId }, t0));
    // Taken over from a run killed mid-call, or a timeout: the provider may have it already.
    const uncertain = prior.filter((a) => a.outcome === 'started' || a.outcome === 'unknown');
    const [n] = await db
      .select()
      .from(hostNotifications)
      .where(and(eq(hostNotifications.entityId, d.entityId), eq(hostNotifications.id, d.notificationId)));
    const host = n && (await recipientOf(db, n));
    if (!n || !host)
      return void (await finishDelivery(db, d, { kind: 'permanent', reason: 'the host no longer exists' }, t0));
    let adapter: ChannelAdapter;
    let message: OutgoingMessage;
    try {
      // A warden's alert links the roll call (a page they log in to); a host's, the two answers.
      const links = n.emergencySessionId
        ? {
            coming: `${publicUrl}/emergency-sessions/${encodeURIComponent(n.message ?? '')}/${n.emergencySessionId}`,
            wait: '',
          }
        : linksFor(d.entityId, n.id, n.at);
      message = await buildMessage(db, n, host, links, d.id, t0);
      if (d.channel === 'sms') message.statusUrl = smsStatusUrl(publicUrl, d.entityId, d.id);
      const settings = await settingsOf(d.entityId);
      adapter = adapterFor(d.channel, settings, mailer, d.entityId, slackIdsOf(d.entityId), message.siteId);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      return void (await finishDelivery(db, d, { kind: 'transient', reason }, now()));
    }
    if (uncertain.length) {
      const since = Math.min(...uncertain.map((a) => a.startedAt));
      const check: Confirmation = adapter.confirm ? await adapter.confirm(message, since) : { cannot: 'no history' };
      if ('found' in check && check.found) {
        await record(d, 'found', now(), { providerId: check.providerId });
        if (await finishDelivery(db, d, { kind: 'sent', providerId: check.providerId }, now()))
          opts.onChanged(d.entityId);
        return;
      }
      if ('retry' in check) {
        await finishDelivery(db, d, { kind: 'transient', reason: `outcome unknown, ${check.retry}` }, now());
        return;
      }
      if ('cannot' in check) {
        if (await finishDelivery(db, d, { kind: 'unknown', reason: `cannot check: ${check.cannot}` }, now()))
          opts.onChanged(d.entityId);
        return;
      }
      await record(d, 'absent', now(), {});
    }
    const attemptId = uuidv7();
    await db.insert(notificationAttempts).values({
      entityId: d.entityId,
      id: attemptId,
      deliveryId: d.id,
      outcome: 'started',
      startedAt: t0,
    });
    let result: SendResult;
    try {
      result = await adapter.send(message);
    } catch (e) {
      result = { kind: 'transient', reason: e instanceof Error ? e.message : String(e) };
    }
    await opts.hooks?.afterProviderCall?.(d);
    await db
      .update(notificationAttempts)
      .set({
        outcome: result.kind,
        providerId: result.kind === 'sent' ? result.providerId : null,
        error: result.kind === 'sent' ? null : result.reason,
        finishedAt: now(),
      })
      .where(and(eq(notificationAttempts.entityId, d.entityId), eq(notificationAttempts.id, attemptId)));
    await opts.hooks?.afterAttemptRecorded?.(d);
    // Where the provider can be asked, an unknown outcome is checked at the next try (after the
    // backoff, so a late-landing post shows in the history); elsewhere it stays unknown.
    const next: SendResult =
      result.kind === 'unknown' && adapter.confirm
        ? { kind: 'transient', reason: `outcome unknown: ${result.reason}` }
        : result;
    if (await finishDelivery(db, d, next, now())) opts.onChanged(d.entityId);
  }

  /** Plans what was pushed since the last look (cheap when nothing is queued). */
  async function expandAll(): Promise<void> {
    for (const entityId of await entitiesWithQueued(db)) {
      while ((await expandQueued(db, opts.box, entityId, now())) > 0) opts.onChanged(entityId);
    }
  }

  async function runOnce(): Promise<number> {
    pushed = true;
    let sent = 0;
    // Settings are read once per company per run, not once per message.
    const settings = new Map<string, Promise<LoadedSettings>>();
    const settingsOf = (entityId: string) => {
      let s = settings.get(entityId);
      if (!s) settings.set(entityId, (s = loadSettings(db, opts.box, entityId)));
      return s;
    };
    const inFlight = new Map<string, Delivery>();
    let failure: { error: unknown } | null = null;
    const renew = setInterval(
      () => void renewLeases(db, [...inFlight.values()], now()).catch(() => undefined),
      opts.renewEveryMs ?? RENEW_EVERY_MS,
    );
    renew.unref();
    try {
      for (;;) {
        // Pushes applied while others are sending are planned and claimed as soon as a slot is free.
        const woken = new Promise<void>((resolve) => (wake = resolve));
        if (!failure) {
          // Planning only after a push (or at the start): a send ending has nothing new to plan.
          if (pushed) {
            pushed = false;
            await expandAll();
          }
          // Claims in groups of a quarter of the slots: one claim per ending send would cost a
          // transaction each on a busy single-connection database.
          const free = CONCURRENCY - inFlight.size;
          const claimed = free >= CONCURRENCY / 4 || inFlight.size === 0 ? await claimDue(db, now(), free) : [];
          for (const d of claimed) {
            inFlight.set(d.id, d);
            // One failing send does not stop the others in flight; it stops new claims (a
            // database fault, or a test's kill), and its lease brings the row back.
            void sendOne(d, settingsOf)
              .then(
                () => void sent++,
                (error: unknown) => void (failure ??= { error }),
              )
              .finally(() => {
                inFlight.delete(d.id);
                wake();
              });
          }
          if (claimed.length === 0 && inFlight.size === 0) return sent;
        }
        if (inFlight.size === 0) throw failure!.error;
        await woken;
      }
    } finally {
      clearInterval(renew);
      wake = () => undefined;
    }
  }

  const job = {
    setPublicUrl(url: string | undefined) {
      if (url) publicUrl = url.replace(/\/+$/, '');
    },
    /** The address providers call back on (the delivery reports are checked against it). */
    publicUrl: () => publicUrl,
    /** One run at a time per instance; a kick during a run runs once more after it. */
    run(): Promise<number> {
      if (running) {
        again = true;
        return running;
      }
      running = runOnce().finally(() => {
        running = null;
        if (again) {
          again = false;
          void job.run().catch(() => undefined);
        }
      });
      return running;
    },
    /** After a push: start now rather than at the next tick. */
    kick() {
      if (!timer) return;
      pushed = true;
      if (running) {
        // Wake a run waiting on a slow provider; `again` covers a run that is just ending.
        wake();
        again = true;
      } else void job.run().catch(() => undefined);
    },
    start(intervalMs = SENDER_INTERVAL_MS) {
      if (timer) return;
      timer = setInterval(() => void job.run().catch(() => undefined), intervalMs);
      timer.unref();
      void job.run().catch(() => undefined);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      again = false;
      await running?.catch(() => undefined);
    },
  };
  return job;
}
export type NotificationSender = ReturnType<typeof notificationSender>;
