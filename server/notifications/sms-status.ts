// Twilio's delivery reports. A message sent with a StatusCallback is reported to that address as
// it moves on (queued, sent, delivered, undelivered, failed), form-encoded with MessageSid,
// MessageStatus and ErrorCode, and signed: X-Twilio-Signature is the base64 HMAC-SHA1, keyed with
// the account's auth token, of the full URL followed by every POST parameter sorted by name, each
// name then value, without separators (docs: twilio.com/docs/usage/webhooks/webhooks-security,
// twilio-node examples/WebhookSignatureValidation.md). A report only moves a delivery forward:
// sent → delivered, or sent → failed (the carrier could not deliver: the fallback's next step is
// due now). Reports repeat and arrive out of order; a later one never undoes a final one.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { notificationDeliveries, type DeliveryStatus } from '../db/schema/notifications';
import { ApiError, forbidden, notFound } from '../http/api-error';
import { lockFeed } from '../sync/changes';
import type { SecretBox } from '../two-step/secret-box';
import { pullNextStep, refreshSummary } from './outbox';
import { loadSettings } from './settings';

export const smsStatusUrl = (publicUrl: string, entityId: string, deliveryId: string) =>
  `${publicUrl}/api/notifications/sms-status/${entityId}/${deliveryId}`;

/** Twilio's request signature for `url` and the POST parameters. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((s, k) => s + k + params[k], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const FINAL: readonly DeliveryStatus[] = ['delivered', 'failed', 'cancelled'];

/** Applies one signed report; answers what the delivery's status is now. */
export async function applySmsReport(
  db: Db,
  box: SecretBox,
  report: { entityId: string; deliveryId: string; url: string; signature: string; params: Record<string, string> },
  now: number,
): Promise<{ status: DeliveryStatus }> {
  const settings = await loadSettings(db, box, report.entityId).catch(() => null);
  const token = settings?.secrets.smsAuthToken;
  // A company without SMS set up sends no reports: nothing here to check a signature with.
  if (!token) throw notFound();
  if (!sameSignature(report.signature, twilioSignature(token, report.url, report.params))) throw forbidden();
  const sid = report.params.MessageSid ?? report.params.SmsSid ?? '';
  const reported = report.params.MessageStatus ?? report.params.SmsStatus ?? '';
  if (!sid || !reported) throw new ApiError(400, 'validation_failed');
  return db.transaction(async (tx) => {
    const last = await lockFeed(tx, report.entityId);
    const d = notificationDeliveries;
    const [row] = await tx
      .select()
      .from(d)
      .where(and(eq(d.entityId, report.entityId), eq(d.id, report.deliveryId), eq(d.channel, 'sms')))
      .for('update');
    // Another message's report (a sid this delivery never had) is not this delivery's.
    if (!row || (row.providerId && row.providerId !== sid)) throw notFound();
    if (FINAL.includes(row.status)) return { status: row.status };
    let set: Partial<typeof d.$inferSelect> | null = null;
    if (reported === 'delivered') set = { status: 'delivered', providerId: sid };
    else if (reported === 'undelivered' || reported === 'failed')
      set = {
        status: 'failed',
        providerId: sid,
        lastError: `${reported} by the carrier${report.params.ErrorCode ? ` (error ${report.params.ErrorCode})` : ''}`,
      };
    // queued, sending, sent, accepted: still on its way; an outcome we did not know is now known.
    else if (row.status === 'unknown') set = { status: 'sent', providerId: sid, sentAt: now };
    if (!set) return { status: row.status };
    await tx
      .update(d)
      .set({ ...set, updatedAt: now })
      .where(and(eq(d.entityId, report.entityId), eq(d.id, row.id), inArray(d.status, ['sent', 'unknown', 'sending'])));
    if (set.status === 'failed') await pullNextStep(tx, row, now);
    await refreshSummary(tx, report.entityId, row.notificationId, last);
    return { status: set.status! };
  });
}
