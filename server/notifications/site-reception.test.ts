// Per site, on both databases: a visit posts to its own site's Slack and Teams channels where the
// site has them (else the company's), and the plan's "site reception" step e-mails the site's
// reception when the host has not answered in time (else the company's reception address);
// an answer before then stops it. Site webhooks are write-only like the company's, a site of
// another company is not found, and a bad address changes nothing.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startSlackFake } from '../../tests/fake-notifiers/slack';
import { startTeamsFake } from '../../tests/fake-notifiers/teams';
import { entities } from '../db/schema/entities';
import { userTypes } from '../db/schema/journeys';
import { hostNotifications } from '../db/schema/kiosk';
import { notificationDeliveries } from '../db/schema/notifications';
import { users } from '../db/schema/people';
import { areas, sites } from '../db/schema/places';
import { mailLog } from '../db/schema/preregistration';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { devicePushes, testSender } from './notify-fixture';

const MIN = 60_000;

eachDatabase((get) => {
  const clock = testClock();
  let app: FastifyInstance;
  let slack: Awaited<ReturnType<typeof startSlackFake>>;
  let teams: Awaited<ReturnType<typeof startTeamsFake>>;
  let admin: string;
  let globexSite: string;
  let host: typeof users.$inferSelect;
  let visitorType: string;
  const at: Record<'head' | 'warehouse', { siteId: string; areaId: string; kiosk: string; kioskId: string }> =
    {} as never;
  let push: ReturnType<typeof devicePushes>;

  beforeAll(async () => {
    slack = await startSlackFake({ token: 'xoxb-unused', users: {} });
    teams = await startTeamsFake();
    app = await seededApp(get().database, clock);
    push = devicePushes(app, clock);
    const db = get().database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const [globex] = await db.select().from(entities).where(eq(entities.subdomain, 'globex'));
    globexSite = (await db.select().from(sites).where(eq(sites.entityId, globex!.id)))[0]!.id;
    host = (await db.select().from(users).where(eq(users.email, 'employee@acme.test')))[0]!;
    visitorType = (
      await db
        .select()
        .from(userTypes)
        .where(and(eq(userTypes.entityId, acme!.id), eq(userTypes.name, 'Visitor')))
    )[0]!.id;
    admin = await tokenFor(app, 'admin@acme.test');
    for (const [key, area] of [
      ['head', 'Reception'],
      ['warehouse', 'Loading Bay'],
    ] as const) {
      const [row] = await db
        .select()
        .from(areas)
        .where(and(eq(areas.entityId, acme!.id), eq(areas.name, area)));
      const res = await app.inject({
        method: 'POST',
        url: '/api/kiosk',
        headers: bearer(admin),
        payload: { kiosk_name: `${area} desk`, area_id: row!.id },
      });
      at[key] = {
        siteId: row!.siteId,
        areaId: row!.id,
        kiosk: res.json().data.access_token,
        kioskId: res.json().data.kiosk.id,
      };
    }
  });
  afterAll(async () => {
    await Promise.all([slack.close(), teams.close()]);
    await app.close();
  });
  beforeEach(async () => {
    await get().database.db.update(notificationDeliveries).set({ status: 'cancelled' });
    slack.webhookPosts.length = 0;
    teams.cards.length = 0;
    teams.paths.length = 0;
  });

  /** A new visitor signs in at the site's kiosk and asks for the host; answers the notification's id. */
  async function arrive(where: 'head' | 'warehouse', first: string): Promise<string> {
    const { kiosk, kioskId, areaId } = at[where];
    const personId = uuidv7();
    const visitId = uuidv7();
    const n = Math.floor(Math.random() * 1e8);
    await push(kiosk, 'kiosk.journey', {
      visitId,
      personId,
      kioskId,
      areaId,
      method: 'new',
      signInEventId: uuidv7(),
      stage: 'ready to sign in',
      at: clock.now(),
      customFields: [],
      registration: {
        personId,
        firstName: first,
        lastName: 'Visitor',
        email: `${first.toLowerCase()}${n}@example.com`,
        phone: `07${n}`,
        userTypeId: visitorType,
        at: clock.now(),
      },
    });
    const notificationId = uuidv7();
    await push(kiosk, 'host.notify', { notificationId, hostId: host.id, personId, visitId, at: clock.now() });
    return notificationId;
  }

  const sender = () => testSender(get().database.db, clock, app.services.mailer);
  const settings = (payload: object) =>
    app.inject({ method: 'PUT', url: '/api/notification-settings', headers: bearer(admin), payload });
  const receptionMails = async (visitor: string) =>
    (await get().database.db.select().from(mailLog)).filter((m) =>
      m.subject.startsWith(`${visitor} Visitor is waiting for`),
    );

  it("posts to the site's own channels and e-mails its reception when the host has not answered", async () => {
    const saved = await settings({
      plan: [
        { channel: 'slack', delayMinutes: 0 },
        { channel: 'teams', delayMinutes: 0 },
        { channel: 'reception', delayMinutes: 2 },
      ],
      slack: { mode: 'webhook', baseUrl: '', webhookUrl: `${slack.url}/webhook` },
      teams: { webhookUrl: teams.webhookUrl },
      reception: { email: 'reception@acme.test' },
      sites: {
        [at.head.siteId]: {
          receptionEmail: 'front-desk@acme.test',
          slackWebhookUrl: `${slack.url}/webhook/head-office`,
          teamsWebhookUrl: `${teams.url}/workflows/head-office`,
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    const body = saved.json().data;
    // Which site webhooks are saved, never the addresses.
    expect(body.siteSecretsSet).toEqual({ [at.head.siteId]: { slackWebhookUrl: true, teamsWebhookUrl: true } });
    expect(JSON.stringify(body)).not.toContain('head-office');
    expect(body.config[`site:${at.head.siteId}`]).toEqual({ receptionEmail: 'front-desk@acme.test' });

    await arrive('head', 'Hana');
    await arrive('warehouse', 'Wes');
    const job = sender();
    await job.run();
    expect(slack.webhookPosts.map((p) => p.path).sort()).toEqual(['/webhook', '/webhook/head-office']);
    expect(slack.webhookPosts.find((p) => p.path === '/webhook/head-office')!.text).toContain('Hana Visitor');
    expect(teams.paths.sort()).toEqual(['/workflows/head-office', '/workflows/hook']);
    expect(await receptionMails('Hana')).toEqual([]);

    // Two minutes without an answer: each site's reception is told, once.
    clock.advance(2 * MIN + 1);
    await job.run();
    await job.run();
    const hana = await receptionMails('Hana');
    expect(hana.map((m) => m.to)).toEqual(['front-desk@acme.test']);
    expect(hana[0]!.subject).toBe(`Hana Visitor is waiting for ${host.fullName}`);
    expect(hana[0]!.text).toContain('Head Office');
    expect(hana[0]!.text).toContain('has not answered yet');
    // Reception is not asked to answer for the host.
    expect(hana[0]!.text).not.toContain('/api/notifications/ack/');
    expect((await receptionMails('Wes')).map((m) => m.to)).toEqual(['reception@acme.test']);
  });

  it('stops before reception when the host answers, and fails the step where no address is set', async () => {
    expect(
      (
        await settings({
          plan: [
            { channel: 'email', delayMinutes: 0 },
            { channel: 'reception', delayMinutes: 2 },
          ],
          reception: { email: '' },
          sites: { [at.head.siteId]: { receptionEmail: '' } },
        })
      ).statusCode,
    ).toBe(200);
    const answered = await arrive('head', 'Ada');
    const silent = await arrive('warehouse', 'Sol');
    const job = sender();
    await job.run();
    const token = new URL(
      (await get().database.db.select().from(mailLog))
        .find((m) => m.subject.includes('Ada Visitor'))!
        .text.match(/https?:\/\/\S+answer=coming/)![0],
    ).pathname.split('/')[4]!;
    const ack = await app.inject({
      method: 'POST',
      url: `/api/notifications/ack/${token}`,
      payload: { answer: 'coming' },
    });
    expect(ack.statusCode).toBe(200);
    clock.advance(2 * MIN + 1);
    await job.run();
    const steps = async (id: string) =>
      (
        await get()
          .database.db.select()
          .from(notificationDeliveries)
          .where(eq(notificationDeliveries.notificationId, id))
          .orderBy(notificationDeliveries.step)
      ).map((d) => [d.channel, d.status, d.lastError]);
    expect(await steps(answered)).toEqual([
      ['email', 'sent', null],
      ['reception', 'cancelled', null],
    ]);
    expect(await steps(silent)).toEqual([
      ['email', 'sent', null],
      ['reception', 'failed', 'no reception e-mail for this site or the company'],
    ]);
    expect(await receptionMails('Ada')).toHaveLength(0);
    // The host was told; reception's missing address does not make the notification a failure.
    const [n] = await get().database.db.select().from(hostNotifications).where(eq(hostNotifications.id, silent));
    expect(n!.mailStatus).toBe('sent');
  });

  it("refuses another company's site and a bad site address, changing nothing", async () => {
    const before = (await app.inject({ url: '/api/notification-settings', headers: bearer(admin) })).json().data;
    const foreign = await settings({
      plan: [{ channel: 'email', delayMinutes: 0 }],
      sites: { [globexSite]: { receptionEmail: 'x@globex.test' } },
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await settings({
      plan: [{ channel: 'email', delayMinutes: 0 }],
      sites: { [at.head.siteId]: { teamsWebhookUrl: 'not an address', receptionEmail: 'not an e-mail' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    const after = (await app.inject({ url: '/api/notification-settings', headers: bearer(admin) })).json().data;
    expect(after).toEqual(before);
    // A site webhook cleared with "" is gone; the other stays.
    await settings({
      plan: [{ channel: 'email', delayMinutes: 0 }],
      sites: { [at.head.siteId]: { slackWebhookUrl: '' } },
    });
    const cleared = (await app.inject({ url: '/api/notification-settings', headers: bearer(admin) })).json().data;
    expect(cleared.siteSecretsSet).toEqual({ [at.head.siteId]: { slackWebhookUrl: false, teamsWebhookUrl: true } });
  });
});
