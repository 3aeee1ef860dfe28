// A Microsoft Teams incoming webhook / Workflows stand-in: accepts a message whose attachments
// hold exactly one Adaptive Card (contentType application/vnd.microsoft.card.adaptive, content
// of type AdaptiveCard with a version and a body), and answers 400 otherwise, as Teams does.
import { startFake } from './fake-server';

export async function startTeamsFake() {
  const cards: Array<Record<string, unknown>> = [];
  /** The path each card was posted to, in order (a site's own webhook has its own). */
  const paths: string[] = [];
  const fake = await startFake((req, res) => {
    const body = JSON.parse(req.body || '{}') as {
      type?: string;
      attachments?: Array<{ contentType?: string; content?: { type?: string; version?: string; body?: unknown[] } }>;
    };
    const card = body.attachments?.[0];
    const ok =
      req.method === 'POST' &&
      body.type === 'message' &&
      body.attachments?.length === 1 &&
      card?.contentType === 'application/vnd.microsoft.card.adaptive' &&
      card.content?.type === 'AdaptiveCard' &&
      Boolean(card.content.version) &&
      Array.isArray(card.content.body);
    if (!ok) return void res.writeHead(400).end('Bad payload: an Adaptive Card attachment is required');
    cards.push(card.content as Record<string, unknown>);
    paths.push(req.path);
    res.writeHead(202).end('1');
  });
  return { ...fake, cards, paths, webhookUrl: `${fake.url}/workflows/hook` };
}
