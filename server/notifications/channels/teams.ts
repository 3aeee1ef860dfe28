// Microsoft Teams: an incoming webhook or Workflows URL posting an Adaptive Card (docs:
// MicrosoftDocs/msteams-docs webhooks-and-connectors/how-to/add-incoming-webhook.md, "Send
// Adaptive Cards using an Incoming Webhook": a message whose attachments hold one card of
// contentType application/vnd.microsoft.card.adaptive). No idempotency key (at-least-once window).
import { httpFailure, post, type ChannelAdapter, type OutgoingMessage } from './channel';

export function adaptiveCardMessage(m: OutgoingMessage) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          ...(m.host.lang === 'ar' ? { rtl: true } : {}),
          body: [
            ...(m.photoUrl ? [{ type: 'Image', url: m.photoUrl, altText: m.visitorName, size: 'Medium' }] : []),
            { type: 'TextBlock', text: m.subject, weight: 'Bolder', wrap: true },
            { type: 'TextBlock', text: m.text, wrap: true },
            { type: 'TextBlock', text: m.siteName, isSubtle: true, wrap: true },
          ],
          actions: [
            { type: 'Action.OpenUrl', title: m.comingLabel, url: m.comingUrl },
            ...(m.waitUrl ? [{ type: 'Action.OpenUrl', title: m.waitLabel, url: m.waitUrl }] : []),
          ],
        },
      },
    ],
  };
}

export function teams(config: { webhookUrl?: string }): ChannelAdapter {
  return {
    channel: 'teams',
    async send(m) {
      if (!config.webhookUrl) return { kind: 'permanent', reason: 'no Teams webhook URL configured' };
      const response = await post(config.webhookUrl, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(adaptiveCardMessage(m)),
      });
      if (!(response instanceof Response)) return response;
      if (!response.ok) return httpFailure(response, await response.text().catch(() => ''));
      return { kind: 'sent', providerId: null };
    },
  };
}
