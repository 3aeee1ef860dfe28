// Host notification settings: the company's fallback order, provider settings and
// secrets (write-only: absent keeps the stored one, "" clears it), per-user-type defaults, and a
// person's own channel choice. Messages are i18n keys.
import * as v from 'valibot';

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'slack', 'teams'] as const;
export type NotificationChannelName = (typeof NOTIFICATION_CHANNELS)[number];

const channel = v.picklist(NOTIFICATION_CHANNELS, 'validation.required');
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
        channel,
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
  typeDefaults: v.optional(v.record(v.pipe(v.string(), v.uuid()), channelList)),
});
export type NotificationSettingsInput = v.InferOutput<typeof notificationSettingsInput>;

export const personChannelsInput = v.object({ channels: channelList });

export const ackInput = v.object({ answer: v.picklist(['coming', 'wait'], 'validation.required') });
