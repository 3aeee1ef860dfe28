// SMS in the Twilio Messages API shape (docs: twilio/twilio-go rest/api/v2010/docs/AccountsMessagesApi.md,
// "CreateMessage | Post /2010-04-01/Accounts/{AccountSid}/Messages.json"; To in E.164, From, Body,
// form-encoded, HTTP basic auth AccountSid:AuthToken). The API takes no idempotency key, so a
// crash between Twilio accepting and the outbox recording it can send twice (at-least-once window).
// StatusCallback asks Twilio to report the message's status (delivered, undelivered, failed) to
// the delivery's own address, signed with X-Twilio-Signature (server/notifications/sms-status.ts).
import { toE164 } from '../phone';
import { httpFailure, post, type ChannelAdapter } from './channel';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  /** Default https://api.twilio.com; tests point it at tests/fake-notifiers. */
  baseUrl?: string;
}

export function twilioSms(config: TwilioConfig): ChannelAdapter {
  const base = (config.baseUrl || 'https://api.twilio.com').replace(/\/+$/, '');
  return {
    channel: 'sms',
    async send(m) {
      const to = m.host.phone ? toE164(m.host.phone) : null;
      if (!to) return { kind: 'permanent', reason: 'the host has no phone number in E.164 form' };
      const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
      const body = new URLSearchParams({
        To: to,
        From: config.from,
        Body: `${m.text}\n${m.comingUrl}`,
        ...(m.statusUrl ? { StatusCallback: m.statusUrl } : {}),
      }).toString();
      const auth = Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64');
      const response = await post(url, {
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      if (!(response instanceof Response)) return response;
      const json = (await response.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      if (!response.ok) return httpFailure(response, json.message ?? '');
      return { kind: 'sent', providerId: json.sid ?? null };
    },
  };
}
