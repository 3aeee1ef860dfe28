// Pure rules of the outbox: which channel steps a host gets and when, how long to back off, and
// what one summary status a notification shows.
import type { DeliveryStatus, NotificationChannel, PlanStep } from '../db/schema/notifications';

/** Without settings: e-mail at once (what the mailer can always do). */
export const DEFAULT_PLAN: PlanStep[] = [{ channel: 'email', delayMinutes: 0 }];
export const MAX_ATTEMPTS = 6;
/** Twelve times the provider timeout (channels/channel.ts), and renewed while the send runs
 * (sender-job.ts): a live sender's row is never taken over. */
export const LEASE_MS = 120_000;
const BACKOFF_BASE_MS = 15_000;
const BACKOFF_MAX_MS = 15 * 60_000;

/** The steps for one host: the company's order and delays, kept to the channels the host chose
 * (their own choice, else their user type's default, else every step of the plan). The site
 * reception's step is the company's, not the host's: no choice leaves it out. */
export function stepsFor(
  plan: readonly PlanStep[],
  chosen: readonly NotificationChannel[] | null,
): Array<PlanStep & { offsetMs: number }> {
  const kept =
    chosen && chosen.length ? plan.filter((s) => s.channel === 'reception' || chosen.includes(s.channel)) : [...plan];
  // A choice that keeps none of the plan's host steps: the host is still told, by e-mail first.
  const toldHost = (steps: readonly PlanStep[]) => steps.some((s) => s.channel !== 'reception');
  const steps = toldHost(kept) || !toldHost(plan) ? (kept.length ? kept : DEFAULT_PLAN) : [...DEFAULT_PLAN, ...kept];
  let offset = 0;
  return steps.map((s, i) => {
    if (i > 0) offset += Math.max(0, s.delayMinutes) * 60_000;
    return { ...s, offsetMs: offset };
  });
}

/** An emergency alert's steps: every channel of the plan that reaches the person themselves
 * (e-mail, SMS, a Slack direct message), all at once: in an emergency nobody waits for an
 * answer before the next channel. Kept to the warden's chosen channels like a host's; channel
 * posts (Teams, a Slack webhook) and the reception step are for visits. */
export function emergencyStepsFor(
  plan: readonly PlanStep[],
  chosen: readonly NotificationChannel[] | null,
  slackMode: 'bot' | 'webhook',
): Array<PlanStep & { offsetMs: number }> {
  const personal = (c: NotificationChannel) => c === 'email' || c === 'sms' || (c === 'slack' && slackMode === 'bot');
  const channels = [...new Set(plan.map((s) => s.channel))].filter(personal);
  const kept = chosen && chosen.length ? channels.filter((c) => chosen.includes(c)) : channels;
  return (kept.length ? kept : (['email'] as const)).map((channel) => ({ channel, delayMinutes: 0, offsetMs: 0 }));
}

/** Exponential backoff from 15 s to 15 min; a provider's Retry-After wins when longer. */
export function backoffMs(attempt: number, retryAfterMs?: number): number {
  const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.max(exp, retryAfterMs ?? 0);
}

export type NotificationStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'acknowledged' | 'failed';

/** The notification's one status for the dashboard and the kiosk. */
export function summaryOf(statuses: readonly DeliveryStatus[], acknowledged: boolean): NotificationStatus {
  if (acknowledged) return 'acknowledged';
  if (statuses.includes('delivered')) return 'delivered';
  // Unknown: the provider most probably took it (it timed out after the request went out).
  if (statuses.includes('sent') || statuses.includes('unknown')) return 'sent';
  if (statuses.length && statuses.every((s) => s === 'failed' || s === 'cancelled')) return 'failed';
  return 'sending';
}

/** "12 min" / "3 h" for a late notification (a kiosk that was offline); null when fresh. */
export function lateBy(arrivedAt: number, now: number): { unit: 'minutes' | 'hours'; count: number } | null {
  const ms = now - arrivedAt;
  if (ms < 2 * 60_000) return null;
  if (ms < 120 * 60_000) return { unit: 'minutes', count: Math.round(ms / 60_000) };
  return { unit: 'hours', count: Math.round(ms / 3_600_000) };
}
