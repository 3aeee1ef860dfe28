// The outbox's rows: expanding a queued host notification into its channel steps, claiming due
// deliveries under a lease (FOR UPDATE SKIP LOCKED: any instance may run the job, one takes each
// row), and finishing a delivery with the summary status written to the feed in one transaction.
import { and, asc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database';
import { hostNotifications } from '../db/schema/kiosk';
import { notificationAcks, notificationDeliveries, type DeliveryStatus } from '../db/schema/notifications';
import { lockFeed, writeChanges, type Tx } from '../sync/changes';
import { rowChange } from '../kiosk/kiosk.projections';
import type { SecretBox } from '../two-step/secret-box';
import type { SendResult } from './channels/channel';
import { recipientOf } from './message';
import { ACK_LINK_TTL_MS } from './ack-link';
import { backoffMs, emergencyStepsFor, LEASE_MS, MAX_ATTEMPTS, stepsFor, summaryOf } from './plan';
import { chosenChannels, loadSettings } from './settings';

export type Delivery = typeof notificationDeliveries.$inferSelect;

/** Companies with host notifications nobody has planned yet. */
export async function entitiesWithQueued(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ entityId: hostNotifications.entityId })
    .from(hostNotifications)
    .where(eq(hostNotifications.mailStatus, 'queued'));
  return rows.map((r) => r.entityId);
}

/** Plans up to `limit` queued notifications of one company: one delivery per step, due from now
 * (the moment the push was applied, for a kiosk that was offline). Returns how many. */
export async function expandQueued(db: Db, box: SecretBox, entityId: string, now: number, limit = 200) {
  return db.transaction(async (tx) => {
    const last = await lockFeed(tx, entityId);
    const queued = await tx
      .select()
      .from(hostNotifications)
      .where(and(eq(hostNotifications.entityId, entityId), eq(hostNotifications.mailStatus, 'queued')))
      .orderBy(asc(hostNotifications.at))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (queued.length === 0) return 0;
    const settings = await loadSettings(tx, box, entityId);
    const changes = [];
    for (const n of queued) {
      const host = await recipientOf(tx, n);
      // A visit older than its answer link (a kiosk offline for a day) is not worth a message.
      let status = host && now - n.at < ACK_LINK_TTL_MS ? 'sending' : 'failed';
      if (host && status === 'sending') {
        const chosen = await chosenChannels(tx, entityId, n.hostId, host.userTypeId, settings.typeDefaults);
        const steps = n.emergencySessionId
          ? emergencyStepsFor(settings.plan, chosen, settings.config.slack?.mode === 'webhook' ? 'webhook' : 'bot')
          : stepsFor(settings.plan, chosen);
        await tx
          .insert(notificationDeliveries)
          .values(
            steps.map((s, step) => ({
              entityId,
              id: uuidv7(),
              notificationId: n.id,
              step,
              channel: s.channel,
              status: 'queued' as const,
              dueAt: now + s.offsetMs,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoNothing();
      } else status = 'failed';
      const [row] = await tx
        .update(hostNotifications)
        .set({ mailStatus: status })
        .where(and(eq(hostNotifications.entityId, entityId), eq(hostNotifications.id, n.id)))
        .returning();
      if (row) changes.push(rowChange('hostNotifications', row));
    }
    await writeChanges(tx, entityId, last, changes);
    return queued.length;
  });
}

/** Takes up to `limit` due deliveries (queued and due, or sending with an expired lease). */
export async function claimDue(db: Db, now: number, limit: number): Promise<Delivery[]> {
  return db.transaction(async (tx) => {
    const d = notificationDeliveries;
    const due = await tx
      .select({ entityId: d.entityId, id: d.id })
      .from(d)
      .where(or(and(eq(d.status, 'queued'), lte(d.dueAt, now)), and(eq(d.status, 'sending'), lt(d.leaseUntil, now))))
      .orderBy(asc(d.dueAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed: Delivery[] = [];
    for (const { entityId, id } of due) {
      const [row] = await tx
        .update(d)
        .set({ status: 'sending', leaseUntil: now + LEASE_MS, attempts: sql`${d.attempts} + 1`, updatedAt: now })
        .where(and(eq(d.entityId, entityId), eq(d.id, id)))
        .returning();
      if (row) claimed.push(row);
    }
    return claimed;
  });
}

/** Keeps the rows a live sender is still sending: their lease moves on, so no other instance
 * takes them over however slow the provider or the database is. */
export async function renewLeases(db: Db, rows: readonly Delivery[], now: number): Promise<void> {
  if (rows.length === 0) return;
  const d = notificationDeliveries;
  await db
    .update(d)
    .set({ leaseUntil: now + LEASE_MS })
    .where(and(eq(d.status, 'sending'), or(...rows.map((r) => and(eq(d.entityId, r.entityId), eq(d.id, r.id))))));
}

/** The notification's summary from its deliveries and answer, written (with its feed change)
 * only when it changed. */
export async function refreshSummary(tx: Tx, entityId: string, notificationId: string, last: number) {
  const rows = await tx
    .select({ status: notificationDeliveries.status })
    .from(notificationDeliveries)
    .where(
      and(eq(notificationDeliveries.entityId, entityId), eq(notificationDeliveries.notificationId, notificationId)),
    );
  const [ack] = await tx
    .select({ at: notificationAcks.at })
    .from(notificationAcks)
    .where(and(eq(notificationAcks.entityId, entityId), eq(notificationAcks.notificationId, notificationId)));
  const status = summaryOf(
    rows.map((r) => r.status),
    Boolean(ack),
  );
  const [row] = await tx
    .update(hostNotifications)
    .set({ mailStatus: status })
    .where(
      and(
        eq(hostNotifications.entityId, entityId),
        eq(hostNotifications.id, notificationId),
        sql`${hostNotifications.mailStatus} <> ${status}`,
      ),
    )
    .returning();
  return row ? writeChanges(tx, entityId, last, [rowChange('hostNotifications', row)]) : last;
}

/** Records how the delivery went. Transient: back off (Retry-After honoured) until MAX_ATTEMPTS,
 * then fail; failed: the next fallback step is due now. Only the lease holder's row moves. */
export async function finishDelivery(db: Db, d: Delivery, result: SendResult, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const last = await lockFeed(tx, d.entityId);
    let set: Partial<Delivery>;
    if (result.kind === 'sent')
      set = { status: 'sent', sentAt: now, providerId: result.providerId, lastError: null, leaseUntil: null };
    // Never sent again by itself; the next fallback step keeps its own time (not pulled forward).
    else if (result.kind === 'unknown')
      set = { status: 'unknown', lastError: `outcome unknown: ${result.reason}`, leaseUntil: null };
    else if (result.kind === 'transient' && d.attempts < MAX_ATTEMPTS)
      set = {
        status: 'queued',
        dueAt: now + backoffMs(d.attempts, result.retryAfterMs),
        lastError: result.reason,
        leaseUntil: null,
      };
    else
      set = {
        status: 'failed',
        lastError:
          result.kind === 'transient' ? `gave up after ${d.attempts} attempts: ${result.reason}` : result.reason,
        leaseUntil: null,
      };
    const [moved] = await tx
      .update(notificationDeliveries)
      .set({ ...set, updatedAt: now })
      .where(
        and(
          eq(notificationDeliveries.entityId, d.entityId),
          eq(notificationDeliveries.id, d.id),
          eq(notificationDeliveries.status, 'sending'),
        ),
      )
      .returning({ id: notificationDeliveries.id });
    if (!moved) return false;
    if (set.status === 'failed') await pullNextStep(tx, d, now);
    await refreshSummary(tx, d.entityId, d.notificationId, last);
    return true;
  });
}

/** A failed step: the next queued one is due now (not at its planned time). */
export async function pullNextStep(tx: Tx, d: Delivery, now: number) {
  const [next] = await tx
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.entityId, d.entityId),
        eq(notificationDeliveries.notificationId, d.notificationId),
        eq(notificationDeliveries.status, 'queued'),
        gt(notificationDeliveries.step, d.step),
      ),
    )
    .orderBy(asc(notificationDeliveries.step))
    .limit(1);
  if (next)
    await tx
      .update(notificationDeliveries)
      .set({ dueAt: sql`least(${notificationDeliveries.dueAt}, ${now})` })
      .where(and(eq(notificationDeliveries.entityId, d.entityId), eq(notificationDeliveries.id, next.id)));
}

/** An answer stops the fallback: the steps not yet sent are cancelled. */
export async function cancelPending(tx: Tx, entityId: string, notificationId: string, now: number) {
  const pending: DeliveryStatus[] = ['queued'];
  await tx
    .update(notificationDeliveries)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      and(
        eq(notificationDeliveries.entityId, entityId),
        eq(notificationDeliveries.notificationId, notificationId),
        inArray(notificationDeliveries.status, pending),
      ),
    );
}
