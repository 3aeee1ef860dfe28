// Slack, two ways (docs: docs.slack.dev/reference/methods/users.lookupByEmail and
// api.slack.com/methods/chat.postMessage; rate limits docs.slack.dev/apis/web-api/rate-limits):
// a bot token (Authorization: Bearer) finds the host by e-mail, then posts to their user id, or
// an incoming webhook posts to the site channel. Slack answers HTTP 200 with ok:false for most
// errors; 429 carries Retry-After. Neither method takes an idempotency key, so a post whose answer
// never came is checked before it is sent again: conversations.open (users → the DM's id) and
// conversations.history with include_all_metadata=true (api.slack.com/methods/conversations.history)
// show whether a message carrying this delivery id in its metadata arrived. Scopes: chat:write,
// users:read.email, im:write, im:history.
import {
  httpFailure,
  post,
  type ChannelAdapter,
  type Confirmation,
  type OutgoingMessage,
  type SendResult,
} from './channel';

export interface SlackConfig {
  mode: 'bot' | 'webhook';
  botToken?: string;
  webhookUrl?: string;
  /** Default https://slack.com/api; tests point it at tests/fake-notifiers. */
  baseUrl?: string;
  /** e-mail → Slack user id, kept by the sender for a while (one lookup per host, not per message). */
  userIds?: Map<string, string>;
}

/** Errors that will not go away by trying again. */
const TRANSIENT = new Set(['ratelimited', 'service_unavailable', 'internal_error', 'fatal_error', 'request_timeout']);

function blocks(m: OutgoingMessage) {
  return [
    {
      type: 'section',
      text: { type: 'mrkdwn', text: m.text },
      ...(m.photoUrl ? { accessory: { type: 'image', image_url: m.photoUrl, alt_text: m.visitorName } } : {}),
    },
    { type: 'context', elements: [{ type: 'plain_text', text: m.siteName }] },
    {
      type: 'actions',
      elements: [
        { type: 'button', text: { type: 'plain_text', text: m.comingLabel }, url: m.comingUrl, style: 'primary' },
        ...(m.waitUrl ? [{ type: 'button', text: { type: 'plain_text', text: m.waitLabel }, url: m.waitUrl }] : []),
      ],
    },
  ];
}

const EVENT_TYPE = 'gatehouse_host_notification';

interface HistoryMessage {
  ts?: string;
  metadata?: { event_type?: string; event_payload?: { delivery_id?: string } };
}

/** Write methods take JSON; read methods (conversations.*) take form fields. */
async function webApi(base: string, token: string, method: string, body: Record<string, unknown>, form = false) {
  const response = await post(`${base}/${method}`, {
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json; charset=utf-8',
    },
    body: form
      ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()
      : JSON.stringify(body),
  });
  if (!(response instanceof Response)) return { failure: response };
  if (!response.ok) return { failure: httpFailure(response, method) };
  const json = (await response.json().catch(() => ({ ok: false, error: 'invalid_json' }))) as {
    ok: boolean;
    error?: string;
    user?: { id: string };
    ts?: string;
    channel?: { id: string };
    messages?: HistoryMessage[];
  };
  if (!json.ok) {
    const error = json.error ?? 'unknown_error';
    const failure: SendResult = TRANSIENT.has(error)
      ? { kind: 'transient', reason: `${method}: ${error}` }
      : { kind: 'permanent', reason: `${method}: ${error}` };
    return { failure };
  }
  return { json };
}

export function slack(config: SlackConfig): ChannelAdapter {
  const base = (config.baseUrl || 'https://slack.com/api').replace(/\/+$/, '');
  async function userIdOf(email: string): Promise<string | SendResult> {
    const known = config.userIds?.get(email);
    if (known) return known;
    const found = await webApi(base, config.botToken!, 'users.lookupByEmail', { email });
    if (found.failure) return found.failure;
    const id = found.json.user?.id;
    if (!id) return { kind: 'permanent', reason: 'users.lookupByEmail: no user' };
    config.userIds?.set(email, id);
    return id;
  }
  async function confirm(m: OutgoingMessage, sinceMs: number): Promise<Confirmation> {
    if (config.mode === 'webhook' || !config.botToken) return { cannot: 'an incoming webhook keeps no history' };
    const userId = await userIdOf(m.host.email);
    const failed = (r: SendResult) => (r.kind === 'permanent' ? { cannot: r.reason } : { retry: 'check failed' });
    if (typeof userId !== 'string') return failed(userId);
    const opened = await webApi(base, config.botToken, 'conversations.open', { users: userId }, true);
    if (opened.failure) return failed(opened.failure);
    if (!opened.json.channel?.id) return { cannot: 'conversations.open: no channel' };
    const history = await webApi(
      base,
      config.botToken,
      'conversations.history',
      // A minute of slack for the two clocks; the DM holds only this app's messages to the host.
      { channel: opened.json.channel.id, include_all_metadata: true, oldest: (sinceMs - 60_000) / 1000, limit: 200 },
      true,
    );
    if (history.failure) return failed(history.failure);
    const hit = (history.json.messages ?? []).find(
      (x) => x.metadata?.event_type === EVENT_TYPE && x.metadata.event_payload?.delivery_id === m.deliveryId,
    );
    return hit ? { found: true, providerId: hit.ts ?? null } : { found: false };
  }
  return {
    channel: 'slack',
    confirm,
    async send(m) {
      if (config.mode === 'webhook') {
        if (!config.webhookUrl) return { kind: 'permanent', reason: 'no Slack webhook URL configured' };
        const response = await post(config.webhookUrl, {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: m.text, blocks: blocks(m) }),
        });
        if (!(response instanceof Response)) return response;
        if (!response.ok) return httpFailure(response, await response.text().catch(() => ''));
        return { kind: 'sent', providerId: null };
      }
      if (!config.botToken) return { kind: 'permanent', reason: 'no Slack bot token configured' };
      const userId = await userIdOf(m.host.email);
      if (typeof userId !== 'string') return userId;
      const posted = await webApi(base, config.botToken, 'chat.postMessage', {
        channel: userId,
        text: m.text,
        blocks: blocks(m),
        // Lets a person (or a later reconciliation) tie the Slack message to the outbox row.
        // Ties the Slack message to the outbox row: confirm() looks for it before any resend.
        metadata: { event_type: EVENT_TYPE, event_payload: { delivery_id: m.deliveryId } },
      });
      if (posted.failure) return posted.failure;
      return { kind: 'sent', providerId: posted.json.ts ?? null };
    },
  };
}
