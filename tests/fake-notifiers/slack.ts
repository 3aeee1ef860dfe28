// A Slack Web API stand-in: users.lookupByEmail and chat.postMessage with a bot token in
// Authorization: Bearer; answers HTTP 200 with ok:false and Slack's error names (invalid_auth,
// users_not_found, channel_not_found, no_text), as the real API does. Also an incoming webhook,
// and the two read methods a resend check uses: conversations.open (a user → their DM) and
// conversations.history (form fields; metadata only with include_all_metadata=true).
import { json, startFake } from './fake-server';

export async function startSlackFake(options: { token: string; users: Record<string, string> }) {
  const posts: Array<{ channel: string; text: string; blocks: unknown[]; metadata?: unknown; ts: string }> = [];
  /** Each webhook post with its path (a site's own channel webhook is /webhook/<name>). */
  const webhookPosts: Array<{ text: string; path: string }> = [];
  const fake = await startFake((req, res) => {
    if (req.method === 'POST' && (req.path === '/webhook' || req.path.startsWith('/webhook/'))) {
      const body = JSON.parse(req.body || '{}') as { text?: string };
      if (!body.text) return void res.writeHead(400).end('no_text');
      webhookPosts.push({ text: body.text, path: req.path });
      return void res.writeHead(200).end('ok');
    }
    if (req.headers.authorization !== `Bearer ${options.token}`)
      return json(res, 200, { ok: false, error: 'invalid_auth' });
    const form = String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded');
    const body = (form ? Object.fromEntries(new URLSearchParams(req.body)) : JSON.parse(req.body || '{}')) as Record<
      string,
      unknown
    >;
    if (req.path === '/conversations.open') {
      if (!form) return json(res, 200, { ok: false, error: 'invalid_arguments' });
      const user = String(body.users);
      return Object.values(options.users).includes(user)
        ? json(res, 200, { ok: true, channel: { id: `D${user}` } })
        : json(res, 200, { ok: false, error: 'user_not_found' });
    }
    if (req.path === '/conversations.history') {
      if (!form) return json(res, 200, { ok: false, error: 'invalid_arguments' });
      const withMetadata = body.include_all_metadata === 'true';
      const messages = posts
        .filter((p) => `D${p.channel}` === body.channel && Number(p.ts) >= Number(body.oldest ?? 0))
        .map((p) => ({ type: 'message', ts: p.ts, text: p.text, ...(withMetadata ? { metadata: p.metadata } : {}) }));
      return json(res, 200, { ok: true, messages: messages.reverse(), has_more: false });
    }
    if (req.path === '/users.lookupByEmail') {
      const id = options.users[String(body.email ?? '').toLowerCase()];
      return id ? json(res, 200, { ok: true, user: { id } }) : json(res, 200, { ok: false, error: 'users_not_found' });
    }
    if (req.path === '/chat.postMessage') {
      if (!Object.values(options.users).includes(String(body.channel)))
        return json(res, 200, { ok: false, error: 'channel_not_found' });
      if (!body.text && !body.blocks) return json(res, 200, { ok: false, error: 'no_text' });
      // Slack's ts is the post's time in seconds (micro-second digits keep each one unique).
      const ts = `${Math.floor(Date.now() / 1000)}.${String(posts.length + 1).padStart(6, '0')}`;
      posts.push({
        channel: String(body.channel),
        text: String(body.text),
        blocks: (body.blocks as unknown[]) ?? [],
        metadata: body.metadata,
        ts,
      });
      return json(res, 200, { ok: true, channel: body.channel, ts });
    }
    json(res, 200, { ok: false, error: 'unknown_method' });
  });
  return { ...fake, posts, webhookPosts, webhookUrl: `${fake.url}/webhook` };
}
