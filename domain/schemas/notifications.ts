// Host notification settings: the company's fallback order, provider settings and
// secrets (write-only: absent keeps the stored one, "" clears it), per-user-type defaults, and a
// person's own channel choice. Messages are i18n keys.
import * as v from 'valibot';

/** The channels a host is told on (and chooses among). */
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'slack', 'teams'] as const;
export type NotificationChannelName = (typeof NOTIFICATION_CHANNELS)[number];
/** A fallback plan's steps: the host's channels, and the e-mail of the visit's site reception
 * (the site's address, else the company's), which no host choice leaves out. */
export const PLAN_CHANNELS = [...NOTIFICATION_CHANNELS, 'reception'] as const;

const channel = v.picklist(NOTIFICATION_CHANNELS, 'validation.required');
const planChannel = v.picklist(PLAN_CHANNELS, 'validation.required');
const email = v.optional(
  v.union(
    [
      v.literal(''),
      v.pipe(v.string(), v.trim(), v.email('errors.invalid_email'), v.maxLength(254, 'validation.too_long')),
    ],
    'errors.invalid_email',
  ),
);
const short = v.pipe(v.string('validation.required'), v.trim(), v.maxLength(200, 'validation.too_long'));
const secret = v.optional(v.pipe(v.string('validation.required'), v.trim(), v.maxLength(2000, 'validation.too_long')));
const url = v.optional(
  v.union(
    [v.literal(''), v.pipe(v.string(), v.trim(), v.url('notifications.validation.url'), v.maxLength(2000))],
    'notifications.validation.url',
  ),
);

export const channelList = v.pipe(v.array(channel), v.maxLength(4, 'validation.too_long'));

export const notificationSettingsInput = v.object({
  plan: v.pipe(
    v.array(
      v.object({
        channel: planChannel,
        delayMinutes: v.pipe(v.number('validation.required'), v.integer(), v.minValue(0), v.maxValue(240)),
      }),
    ),
    v.minLength(1, 'notifications.validation.plan_empty'),
    v.maxLength(4, 'validation.too_long'),
  ),
  sms: v.optional(v.object({ accountSid: short, from: short, baseUrl: url, authToken: secret })),
  slack: v.optional(
    v.object({ mode: v.picklist(['bot', 'webhook']), baseUrl: url, botToken: secret, webhookUrl: url }),
  ),
  teams: v.optional(v.object({ webhookUrl: url })),
  /** The company's reception e-mail: the reception step's address where a site has none. */
  reception: v.optional(v.object({ email })),
  /** Per site: its reception e-mail, and the Slack and Teams channel webhooks its visits post to
   * (write-only like the company's; absent keeps, "" clears). Sites not named keep theirs. */
  sites: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(), v.uuid()),
        v.object({ receptionEmail: email, slackWebhookUrl: url, teamsWebhookUrl: url }),
      ),
      v.maxEntries(500, 'validation.too_long'),
    ),
  ),
  typeDefaults: v.optional(v.record(v.pipe(v.string(), v.uuid()), channelList)),
});
export type NotificationSettingsInput = v.InferOutput<typeof notificationSettingsInput>;

export const personChannelsInput = v.object({ channels: channelList });

export const ackInput = v.object({ answer: v.picklist(['coming', 'wait'], 'validation.required') });
