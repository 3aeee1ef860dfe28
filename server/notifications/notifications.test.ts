// The host notification outbox on both databases: a push from a kiosk that was offline is sent
// once and says how late it is; a kill mid-send never sends twice once the provider's yes was
// recorded; transient failures back off (Retry-After honoured) and permanent ones fail with the
// provider's reason and move the fallback on; the fallback waits its delay and an answer from
// the signed link stops it; secrets are sealed and never returned.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { mailLog } from '../db/schema/preregistration';
import { notificationDeliveries, notificationSettings } from '../db/schema/notifications';
import { eachDatabase } from '../test/databases';
import { entities } from '../db/schema/entities';
import { users } from '../db/schema/people';
import { bearer, testClock, tokenFor } from '../test/harness';
import { ackLinks } from './ack-link';
import { visitEvents } from '../db/schema/visits';
import { v7 as uuidv7 } from 'uuid';
import { LEASE_MS } from './plan';
import { startStandardFakes, type StandardFakes } from '../../tests/fake-notifiers/standard';
import { notifyFixture, type NotifyFixture } from './notify-fixture';

const MIN = 60_000;

eachDatabase((get) => {
  const clock = testClock();
  let f: NotifyFixture<StandardFakes>;

  beforeAll(async () => {
    f = await notifyFixture(get().database, clock, await startStandardFakes());
  });
  afterAll(() => f.close());
  beforeEach(async () => {
    // Each test starts with nothing left to send from the one before.
    await f.db.update(notificationDeliveries).set({ status: 'cancelled' });
    f.slack.posts.length = 0;
    f.twilio.messages.length = 0;
    f.teams.cards.length = 0;
  });

  it('e-mails the host once, when the offline kiosk pushes, saying how long ago the visitor arrived', async () => {
    await f.db.delete(notificationSettings);
    const id = await f.push(40 * MIN, 'At the front desk');
    const job = f.sender();
    await job.run();
    await job.run();
    const mails = (await f.db.select().from(mailLog).where(eq(mailLog.to, f.host.email))).filter((m) =>
      m.text.includes(f.visitor.fullName),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('40 min ago');
    expect(mails[0]!.text).toContain('At the front desk');
    expect(mails[0]!.text).toMatch(/\/api\/notifications\/ack\/[\w.-]+\?answer=coming/);
    expect((await f.state(id)).status).toBe('sent');
  });

  it('sends once when the server dies after recording the provider accepted it (repeated)', async () => {
    await f.configure([{ channel: 'slack', delayMinutes: 0 }]);
    for (let round = 0; round < 3; round++) {
      f.slack.posts.length = 0;
      const id = await f.push();
      const dying = f.sender({
        afterAttemptRecorded: () => {
          throw new Error('kill -9');
        },
      });
      await expect(dying.run()).rejects.toThrow('kill -9');
      expect((await f.state(id)).deliveries[0]!.status).toBe('sending');
      // A second instance before the lease expires leaves the row alone…
      await f.sender().run();
      expect(f.slack.posts).toHaveLength(1);
      // …and after it finishes the row without sending again.
      clock.advance(LEASE_MS + 1);
      await f.sender().run();
      const s = await f.state(id);
      expect(f.slack.posts).toHaveLength(1);
      expect(s.deliveries[0]!.status).toBe('sent');
      expect(s.status).toBe('sent');
    }
  });

  it('two instances running the job at once send each of 20 notifications once', async () => {
    await f.configure([{ channel: 'slack', delayMinutes: 0 }]);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await f.push());
    await Promise.all([f.sender().run(), f.sender().run(), f.sender().run()]);
    // A send the machine was too loaded to finish (a reset connection) waits for its retry,
    // queued with its reason: never lost, never sent twice.
    for (let round = 0; round < 5 && f.slack.posts.length < 20; round++) {
      for (const id of ids) {
        const d = (await f.state(id)).deliveries[0]!;
        if (d.status !== 'sent') expect(d, id).toMatchObject({ status: 'queued', lastError: expect.any(String) });
      }
      clock.advance(10 * MIN);
      await f.sender().run();
    }
    expect(f.slack.posts).toHaveLength(20);
    for (const id of ids) expect((await f.state(id)).status).toBe('sent');
  });

  it('retries 503 twice and 429 with backoff and Retry-After, then sends', async () => {
    await f.configure([{ channel: 'sms', delayMinutes: 0 }]);
    // (A timeout is not retried blindly: exactly-once.test.ts.)
    f.twilio.fail({ kind: '5xx' }, { kind: '5xx' }, { kind: '429', retryAfterSeconds: 600 });
    const id = await f.push();
    const job = f.sender();
    await job.run();
    expect((await f.state(id)).deliveries[0]).toMatchObject({ status: 'queued', lastError: '503' });
    clock.advance(15_000);
    await job.run();
    expect((await f.state(id)).deliveries[0]).toMatchObject({ status: 'queued', lastError: '503' });
    clock.advance(30_000);
    await job.run();
    const afterLimit = (await f.state(id)).deliveries[0]!;
    expect(afterLimit.lastError).toMatch(/^429/);
    expect(afterLimit.dueAt - clock.now()).toBe(600_000);
    clock.advance(599_000);
    await job.run();
    expect(f.twilio.messages).toHaveLength(0);
    clock.advance(1_000);
    await job.run();
    expect(f.twilio.messages).toEqual([expect.objectContaining({ to: '+447700900123', from: '+15005550006' })]);
    const s = await f.state(id);
    expect(s.status).toBe('sent');
    expect(s.attempts.map((a) => a.outcome).sort()).toEqual(['sent', 'transient', 'transient', 'transient']);
  });

  it("fails a permanent error with the provider's reason and moves the fallback on at once", async () => {
    await f.configure([
      { channel: 'slack', delayMinutes: 0 },
      { channel: 'teams', delayMinutes: 30 },
    ]);
    await f.db.update(users).set({ email: 'nobody-on-slack@acme.test' }).where(eq(users.id, f.host.id));
    const id = await f.push();
    await f.sender().run();
    await f.db.update(users).set({ email: f.host.email }).where(eq(users.id, f.host.id));
    const s = await f.state(id);
    expect(s.deliveries.map((d) => [d.channel, d.status, d.lastError])).toEqual([
      ['slack', 'failed', 'users.lookupByEmail: users_not_found'],
      ['teams', 'sent', null],
    ]);
    expect(f.teams.cards).toHaveLength(1);
  });

  it('waits the fallback delay, and the signed link stops the fallback once and for all', async () => {
    await f.configure([
      { channel: 'slack', delayMinutes: 0 },
      { channel: 'sms', delayMinutes: 2 },
    ]);
    const id = await f.push();
    const job = f.sender();
    await job.run();
    expect(f.slack.posts).toHaveLength(1);
    clock.advance(MIN);
    await job.run();
    expect(f.twilio.messages).toHaveLength(0);
    clock.advance(MIN);
    await job.run();
    expect(f.twilio.messages).toHaveLength(1);

    // The second notification is answered from Slack before the SMS is due.
    const second = await f.push();
    await job.run();
    const button = (f.slack.posts.at(-1)!.blocks as Array<{ elements?: Array<{ url?: string }> }>)
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.url?.includes('answer=coming'))!.url!;
    const path = new URL(button).pathname;
    const page = await f.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'ar' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain('أنا في الطريق');
    // A forged link: the host's browser gets a page, any other client the API's JSON 404.
    // One whole character of the signature changed (the last ones may carry only padding bits).
    const at = path.length - 5;
    const forged = `${path.slice(0, at)}${path[at] === 'A' ? 'B' : 'A'}${path.slice(at + 1)}`;
    const forgedPage = await f.app.inject({ method: 'GET', url: forged, headers: { accept: 'text/html' } });
    expect([forgedPage.statusCode, forgedPage.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    expect((await f.app.inject({ method: 'GET', url: forged })).json().code).toBe('not_found');
    const answer = () =>
      f.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'answer=coming',
      });
    expect((await answer()).statusCode).toBe(200);
    expect((await answer()).statusCode).toBe(410);
    clock.advance(5 * MIN);
    await job.run();
    expect(f.twilio.messages).toHaveLength(1);
    const s = await f.state(second);
    expect(s.status).toBe('acknowledged');
    expect(s.deliveries.map((d) => d.status)).toEqual(['sent', 'cancelled']);
    const drawer = await f.app.inject({
      method: 'GET',
      url: `/api/notification-failures`,
      headers: bearer(f.admin),
    });
    expect(drawer.statusCode).toBe(200);
    void id;
  });

  it("refuses a forged link, another company's link, and a link after the visit ended", async () => {
    const links = ackLinks(process.env.INTEGRATION_KEY);
    const id = await f.push();
    const [globex] = await f.db.select().from(entities).where(eq(entities.subdomain, 'globex'));
    const moved = links.token({ entityId: globex!.id, notificationId: id, expiresAt: clock.now() + MIN });
    const post = (token: string) =>
      f.app.inject({ method: 'POST', url: `/api/notifications/ack/${token}`, payload: { answer: 'wait' } });
    expect((await post(moved)).statusCode).toBe(404);
    const good = links.token({ entityId: f.entityId, notificationId: id, expiresAt: clock.now() + MIN });
    const at = good.length - 4;
    expect((await post(`${good.slice(0, at)}${good[at] === 'A' ? 'B' : 'A'}${good.slice(at + 1)}`)).statusCode).toBe(
      404,
    );
    const expired = links.token({ entityId: f.entityId, notificationId: id, expiresAt: clock.now() - 1 });
    expect((await post(expired)).json().code).toBe('link_expired');
    // The visitor signs out: the visit is over, and so is the link.
    await f.db.insert(visitEvents).values({
      entityId: f.entityId,
      id: uuidv7(),
      personId: f.visitor.id,
      kind: 'out',
      at: clock.now() + 1,
      receivedAt: new Date(clock.now()),
    });
    expect((await post(good)).json().code).toBe('link_expired');
  });

  it("answers 404 to another company's admin for this company's records", async () => {
    const id = await f.push();
    await f.sender().run();
    const globex = await tokenFor(f.app, 'admin@globex.test');
    const calls = [
      ['POST', `/api/notifications/${id}/resend`],
      ['PUT', `/api/people/${f.host.id}/notification-channels`],
      ['GET', `/api/kiosk-visits/${id}/notifications`],
    ] as const;
    for (const [method, url] of calls) {
      const res = await f.app.inject({ method, url, headers: bearer(globex), payload: { channels: ['sms'] } });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });

  it('keeps secrets sealed at rest and never returns them', async () => {
    await f.configure([{ channel: 'sms', delayMinutes: 0 }]);
    const res = await f.app.inject({ method: 'GET', url: '/api/notification-settings', headers: bearer(f.admin) });
    expect(res.body).not.toContain('twilio-secret');
    expect(res.body).not.toContain('xoxb-secret');
    expect(res.json().data.secretsSet).toMatchObject({
      smsAuthToken: true,
      slackBotToken: true,
      teamsWebhookUrl: true,
    });
    const [row] = await f.db.select().from(notificationSettings).where(eq(notificationSettings.entityId, f.entityId));
    expect(JSON.stringify(row)).not.toContain('twilio-secret');
    expect(JSON.stringify(row)).not.toContain('xoxb-secret');
    const employee = await f.app.inject({
      method: 'GET',
      url: '/api/notification-settings',
      headers: bearer(await tokenFor(f.app, 'employee@acme.test')),
    });
    expect(employee.statusCode).toBe(403);
  });
});
