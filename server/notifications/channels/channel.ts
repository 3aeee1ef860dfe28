// A channel adapter sends one message and says how it went, in three kinds the outbox acts on:
// sent (with the provider's id), transient (retry later, honouring Retry-After), permanent
// (the provider's reason; the fallback moves on). Adapters never throw.
import type { NotificationChannel } from '../../db/schema/notifications';
import { OutboundError, outboundFetch } from '../../http/outbound';

export interface OutgoingMessage {
  /** The outbox delivery id: the idempotency key where a provider takes one. */
  deliveryId: string;
  host: { name: string; email: string; phone: string | null; lang: string };
  subject: string;
  text: string;
  html: string;
  visitorName: string;
  photoUrl: string | null;
  siteName: string;
  /** The visit's site (its reception address and channel webhooks), null when not known. */
  siteId: string | null;
  /** What the site reception's e-mail says (the host has not answered), without answer links. */
  reception: { subject: string; text: string };
  /** The first link (a host's "on my way"; a warden's roll call) and the second, empty when the
   * message has only one (an emergency alert). */
  comingUrl: string;
  waitUrl: string;
  /** Where the provider reports delivery (Twilio's StatusCallback), set for SMS. */
  statusUrl?: string;
  comingLabel: string;
  waitLabel: string;
}

export type SendResult =
  | { kind: 'sent'; providerId: string | null }
  | { kind: 'transient'; reason: string; retryAfterMs?: number }
  | { kind: 'permanent'; reason: string }
  /** The request went out and no answer came: the provider may have taken it. */
  | { kind: 'unknown'; reason: string };

/** What a provider says when asked whether a message it may have taken arrived. */
export type Confirmation =
  | { found: true; providerId: string | null }
  | { found: false }
  /** The check itself failed for now (a timeout, 5xx): ask again after the backoff. */
  | { retry: string }
  | { cannot: string };

export interface ChannelAdapter {
  channel: NotificationChannel;
  send(message: OutgoingMessage): Promise<SendResult>;
  /** Where the provider lets us look (Slack's conversation history): did a message for this
   * delivery, sent since `sinceMs`, arrive? Absent: the outcome stays unknown. */
  confirm?(message: OutgoingMessage, sinceMs: number): Promise<Confirmation>;
}

export const OUTBOUND_TIMEOUT_MS = 10_000;

/** A POST through the outbound guard (server/http/outbound.ts: the checked address only, no
 * redirects, a time limit); an address the policy refuses is permanent, any other failure transient. */
export async function post(
  url: string,
  init: { headers: Record<string, string>; body: string; timeoutMs?: number },
): Promise<Response | SendResult> {
  try {
    return await outboundFetch(
      url,
      { method: 'POST', headers: init.headers, body: init.body },
      // NOTIFICATION_TIMEOUT_MS (read per call) lets tests time out fast against a fake that hangs.
      { timeoutMs: init.timeoutMs ?? (Number(process.env.NOTIFICATION_TIMEOUT_MS) || OUTBOUND_TIMEOUT_MS) },
    );
  } catch (e) {
    if (e instanceof OutboundError)
      return e.reason === 'refused'
        ? { kind: 'permanent', reason: 'address not allowed' }
        : // A timeout is after the request went out: the provider may have accepted it.
          e.reason === 'timeout'
          ? { kind: 'unknown', reason: 'timeout' }
          : { kind: 'transient', reason: e.reason };
    return { kind: 'transient', reason: `network: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** Retry-After in seconds (or an HTTP date) → ms. */
export function retryAfterMs(response: Response, now = Date.now()): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** 429 and 5xx are worth retrying; other 4xx mean the request itself is wrong. */
export function httpFailure(response: Response, reason: string): SendResult {
  if (response.status === 429 || response.status >= 500)
    return { kind: 'transient', reason: `${response.status} ${reason}`.trim(), retryAfterMs: retryAfterMs(response) };
  return { kind: 'permanent', reason: `${response.status} ${reason}`.trim() };
}

/** A webhook URL: https only in production (http allowed for local fakes otherwise). */
export function webhookUrlProblem(value: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not a URL';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && !production) return null;
  return 'must be https';
}
