// `npm run bench:notifications`: 1,000 sign-ins with a host in one minute
// across 20 kiosks (host.notify pushes, paced evenly), the sender job running as on a server
// (its interval, plus the kick after each push), the host's fake Slack (users.lookupByEmail +
// chat.postMessage) counting messages. Every notification must be sent once; p95 from the push
// applied (its answer) to Slack called ≤ 2 s. PGlite and (when it answers) PostgreSQL.
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbKind } from '../server/db/database';
import { areas, entities, users } from '../server/db/schema/index';
import { startSlackFake } from '../tests/fake-notifiers/slack';
import { count, seconds, type SectionResult } from './support/report';
import { onEachDatabase, runWhenMain } from './support/per-database';
import { openTarget } from './support/target';

const SIGN_INS = Number(process.env.NOTIFY_BENCH_SIGN_INS) || 1_000;
const KIOSKS = 20;
const WINDOW_MS = Number(process.env.NOTIFY_BENCH_WINDOW_MS) || 60_000;

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.95) - 1)] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function section(kind: DbKind, postgres: string | undefined): Promise<SectionResult> {
  const target = await openTarget(kind, postgres);
  const calledAt = new Map<string, number>();
  const slack = await startSlackFake({ token: 'xoxb-bench', users: { 'hannah.host@acme.test': 'U0HANNAH' } });
  try {
    const db = target.database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const [host] = await db.select().from(users).where(eq(users.email, 'hannah.host@acme.test'));
    const [visitor] = await db.select().from(users).where(eq(users.email, 'reporter@acme.test'));
    const [area] = await db.select().from(areas).where(eq(areas.entityId, acme!.id));
    const admin = await target.login('admin@acme.test');
    const api = (method: string, path: string, body: unknown, token = admin.token) =>
      fetch(`${target.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    await api('PUT', '/api/notification-settings', {
      plan: [{ channel: 'slack', delayMinutes: 0 }],
      slack: { mode: 'bot', baseUrl: slack.url, botToken: 'xoxb-bench' },
    });
    const kiosks = [];
    for (let k = 0; k < KIOSKS; k++) {
      const res = await api('POST', '/api/kiosk', { kiosk_name: `Bench desk ${k}`, area_id: area!.id });
      kiosks.push({ token: ((await res.json()) as { data: { access_token: string } }).data.access_token, seq: 0 });
    }
    // When Slack was called for each notification: its id travels as the visitor's note.
    const seen = slack.posts.push.bind(slack.posts);
    slack.posts.push = (...items) => {
      for (const p of items) {
        const id = /Message: (\S+)/.exec(p.text)?.[1];
        if (id && !calledAt.has(id)) calledAt.set(id, performance.now());
      }
      return seen(...items);
    };
    target.app.services.notificationJob.start(2_000);
    const appliedAt = new Map<string, number>();
    const busy: string[] = [];
    const started = performance.now();
    const pushes: Array<Promise<void>> = [];
    for (let i = 0; i < SIGN_INS; i++) {
      const due = started + (i * WINDOW_MS) / SIGN_INS;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const kiosk = kiosks[i % KIOSKS]!;
      const notificationId = uuidv7();
      const args = { notificationId, hostId: host!.id, personId: visitor!.id, at: Date.now(), message: notificationId };
      const mutation = { seq: ++kiosk.seq, mutationId: uuidv7(), name: 'host.notify', args, clientTime: Date.now() };
      const body = { deviceId: uuidv7(), mutations: [{ ...mutation, clockOffsetMs: 0 }] };
      // A kiosk sends the same push again after a dropped connection (a kept-alive socket the
      // loaded server closed); the mutation id makes the second one a no-op if the first landed.
      // A busy database answers 503: the kiosk tries again, and the clock starts when it applied.
      const push = async (tries = 20): Promise<void> => {
        try {
          const res = await api('POST', '/api/sync/push', body, kiosk.token);
          const answer = (await res.json()) as { results?: Array<{ status: string }> };
          if (res.ok && answer.results?.[0]?.status === 'applied')
            return void appliedAt.set(notificationId, performance.now());
          if (res.ok) return void busy.push(answer.results?.[0]?.status ?? 'no result');
          busy.push(String(res.status));
        } catch (e) {
          if (tries <= 1) throw e;
        }
        if (tries <= 1) return;
        await sleep(500);
        await push(tries - 1);
      };
      pushes.push(push());
    }
    await Promise.all(pushes);
    const deadline = performance.now() + 120_000;
    while (calledAt.size < SIGN_INS && performance.now() < deadline) await sleep(200);
    await target.app.services.notificationJob.stop();
    const latencies = [...appliedAt].map(([id, at]) => (calledAt.get(id) ?? Infinity) - at);
    const sentOnce = slack.posts.length === SIGN_INS && calledAt.size === SIGN_INS;
    const p = p95(latencies);
    return {
      title: `host notifications: ${count(SIGN_INS)} sign-ins in ${WINDOW_MS / 1000} s across ${KIOSKS} kiosks (${kind})`,
      figures: [
        {
          label: 'notifications sent (Slack messages)',
          value: `${count(slack.posts.length)} for ${count(appliedAt.size)} pushes`,
          target: 'each exactly once',
          met: sentOnce,
        },
        { label: 'p95 push applied → Slack called', value: seconds(p), target: '≤ 2 s', met: p <= 2_000 },
        { label: 'pushes answered busy (and sent again)', value: count(busy.length) },
        {
          label: 'median push applied → Slack called',
          value: seconds(latencies.sort((a, b) => a - b)[latencies.length >> 1] ?? 0),
        },
      ],
    };
  } finally {
    await slack.close();
    await target.close();
  }
}

export const run = (): Promise<SectionResult[]> => onEachDatabase(section);

runWhenMain(import.meta.url, run);
