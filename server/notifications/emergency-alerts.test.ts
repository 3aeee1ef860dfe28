// The emergency start message, on both databases: a warden starts an incident and the other
// people who may run the roll call at its site are told at once on every personal channel of the
// company's plan (a Slack DM, an SMS, an e-mail), with the roll call's link, once, through the
// same outbox as hosts; the starter is not, nor someone whose sites are elsewhere, and a second
// warden joining the same incident sends nothing new. A start pushed late says how late.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startSlackFake } from '../../tests/fake-notifiers/slack';
import { startTwilioFake } from '../../tests/fake-notifiers/twilio';
import { userSiteAccess } from '../db/schema/emergency';
import { entities } from '../db/schema/entities';
import { hostNotifications } from '../db/schema/kiosk';
import { notificationDeliveries } from '../db/schema/notifications';
import { users } from '../db/schema/people';
import { sites } from '../db/schema/places';
import { mailLog } from '../db/schema/preregistration';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { devicePushes, testSender } from './notify-fixture';

const MIN = 60_000;

eachDatabase((get) => {
  const clock = testClock();
  let app: FastifyInstance;
  let slack: Awaited<ReturnType<typeof startSlackFake>>;
  let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
  let warden: string;
  let admin: string;
  let entityId: string;
  const site: Record<string, string> = {};
  const person: Record<string, typeof users.$inferSelect> = {};
  let push: ReturnType<typeof devicePushes>;

  beforeAll(async () => {
    slack = await startSlackFake({
      token: 'xoxb-alert',
      users: { 'admin@acme.test': 'U0ADA', 'system@acme.test': 'U0SID' },
    });
    twilio = await startTwilioFake({ accountSid: 'AC9', authToken: 'alert-secret' });
    app = await seededApp(get().database, clock);
    push = devicePushes(app, clock);
    const db = get().database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    entityId = acme!.id;
    for (const s of await db.select().from(sites).where(eq(sites.entityId, entityId))) site[s.name] = s.id;
    for (const p of await db
      .select()
      .from(users)
      .where(
        and(
          eq(users.entityId, entityId),
          inArray(users.email, ['admin@acme.test', 'warden@acme.test', 'system@acme.test']),
        ),
      ))
      person[p.email] = p;
    // Ada's phone takes SMS; Sid runs roll calls at the Warehouse only.
    await db.update(users).set({ phone: '+44 7700 900456' }).where(eq(users.id, person['admin@acme.test']!.id));
    await db.delete(userSiteAccess).where(eq(userSiteAccess.userId, person['system@acme.test']!.id));
    await db
      .insert(userSiteAccess)
      .values({ entityId, userId: person['system@acme.test']!.id, siteId: site['Warehouse']! });
    warden = await tokenFor(app, 'warden@acme.test');
    admin = await tokenFor(app, 'admin@acme.test');
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      headers: bearer(admin),
      payload: {
        plan: [
          { channel: 'slack', delayMinutes: 0 },
          { channel: 'sms', delayMinutes: 2 },
          { channel: 'email', delayMinutes: 5 },
          { channel: 'reception', delayMinutes: 5 },
        ],
        sms: { accountSid: 'AC9', from: '+15005550006', baseUrl: twilio.url, authToken: 'alert-secret' },
        slack: { mode: 'bot', baseUrl: slack.url, botToken: 'xoxb-alert' },
      },
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await Promise.all([slack.close(), twilio.close()]);
    await app.close();
  });
  beforeEach(async () => {
    await get().database.db.update(notificationDeliveries).set({ status: 'cancelled' });
    slack.posts.length = 0;
    twilio.messages.length = 0;
  });

  const start = async (token: string, name: string, siteIds: string[], at = clock.now()) => {
    const sessionId = uuidv7();
    await push(token, 'emergency.start', { sessionId, name, siteIds, at });
    return sessionId;
  };
  const sender = () => testSender(get().database.db, clock, app.services.mailer);
  const alertsOf = (sessionId: string) =>
    get().database.db.select().from(hostNotifications).where(eq(hostNotifications.emergencySessionId, sessionId));
  const mailsAbout = async (name: string) =>
    (await get().database.db.select().from(mailLog)).filter((m) => m.subject === `Emergency: ${name}`);

  it('tells the other wardens of the site at once on Slack, SMS and e-mail, with the roll call', async () => {
    const sessionId = await start(warden, 'Fire drill', [site['Head Office']!]);
    const alerts = await alertsOf(sessionId);
    // Ada (all sites); not Wendy, who started it, nor Sid, whose site is the Warehouse.
    expect(alerts.map((a) => a.hostId)).toEqual([person['admin@acme.test']!.id]);
    await sender().run();
    expect(slack.posts.map((p) => p.channel)).toEqual(['U0ADA']);
    expect(slack.posts[0]!.text).toContain('Wendy Warden started the emergency "Fire drill" at Head Office');
    expect(twilio.messages.map((m) => m.to)).toEqual(['+447700900456']);
    expect(twilio.messages[0]!.body).toMatch(/\/emergency-sessions\/Fire%20drill\/[\w-]+$/);
    const mails = await mailsAbout('Fire drill');
    expect(mails.map((m) => m.to)).toEqual(['admin@acme.test']);
    expect(mails[0]!.text).toContain(`/emergency-sessions/Fire%20drill/${sessionId}`);
    // No host answer links in an alert, and nothing more to send later.
    expect(mails[0]!.text).not.toContain('/api/notifications/ack/');
    clock.advance(30 * MIN);
    await sender().run();
    expect(slack.posts).toHaveLength(1);
    expect(twilio.messages).toHaveLength(1);
    expect(await mailsAbout('Fire drill')).toHaveLength(1);
    expect((await alertsOf(sessionId))[0]!.mailStatus).toBe('sent');
  });

  it('sends nothing new when a second warden joins the incident, and says how late a late start is', async () => {
    const first = await start(admin, 'Gas leak', [site['Warehouse']!]);
    // Wendy's start of the same incident a minute later joins it.
    clock.advance(MIN);
    const joined = await start(warden, 'Gas leak (warehouse)', [site['Warehouse']!]);
    expect((await alertsOf(first)).map((a) => a.hostId).sort()).toEqual(
      [person['system@acme.test']!.id, person['warden@acme.test']!.id].sort(),
    );
    expect(await alertsOf(joined)).toEqual([]);
    await sender().run();
    expect(slack.posts.map((p) => p.channel)).toEqual(['U0SID']);
    // Wendy has no Slack account: the admin page lists it as the emergency alert it was.
    const failures = (await app.inject({ url: '/api/notification-failures', headers: bearer(admin) })).json()
      .data as Array<{ channel: string; hostName: string; emergency: string | null; reason: string }>;
    expect(failures.find((f) => f.hostName === 'Wendy Warden' && f.channel === 'slack')).toMatchObject({
      emergency: 'Gas leak',
      reason: expect.stringContaining('users_not_found'),
    });

    // A phone that started one offline 40 minutes ago pushes it now.
    clock.advance(6 * 60 * MIN);
    await start(warden, 'Flood', [site['Head Office']!], clock.now() - 40 * MIN);
    await sender().run();
    const [late] = await mailsAbout('Flood');
    expect(late!.text).toContain('It started 40 min ago');
  });
});
