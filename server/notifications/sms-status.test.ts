// Twilio's delivery reports on both databases: an SMS asks for them, a signed "delivered" makes
// the notification "Delivered" (in the visit's list too), a carrier's "undelivered" fails the step
// with its error code and brings the fallback's next step forward, a report repeated or late
// never undoes a final one, and a forged signature, another message's sid or another company's
// address changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { entities } from '../db/schema/entities';
import { notificationDeliveries } from '../db/schema/notifications';
import { eachDatabase } from '../test/databases';
import { testClock } from '../test/harness';
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
    await f.db.update(notificationDeliveries).set({ status: 'cancelled' });
    f.twilio.messages.length = 0;
  });

  /** Twilio's report, sent to the address it was given (the app answers on its path). */
  const report = (r: { url: string; signature: string; body: string }, path = new URL(r.url).pathname) =>
    f.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': r.signature },
      payload: r.body,
    });
  const smsSent = async () => {
    const id = await f.push();
    await f.sender().run();
    const message = f.twilio.messages.at(-1);
    expect(message!.statusCallback).toMatch(/\/api\/notifications\/sms-status\/[\w-]+\/[\w-]+$/);
    return { id, sid: message!.sid };
  };

  it('shows "Delivered" once Twilio reports it, however often it repeats', async () => {
    await f.configure([{ channel: 'sms', delayMinutes: 0 }]);
    const { id, sid } = await smsSent();
    expect((await f.state(id)).status).toBe('sent');
    expect((await report(f.twilio.statusReport(sid, 'sent'))).statusCode).toBe(200);
    expect((await f.state(id)).status).toBe('sent');
    const delivered = await report(f.twilio.statusReport(sid, 'delivered'));
    expect(delivered.json()).toEqual({ data: { status: 'delivered' } });
    // A late "sent" and a second "delivered" change nothing.
    await report(f.twilio.statusReport(sid, 'sent'));
    await report(f.twilio.statusReport(sid, 'delivered'));
    const s = await f.state(id);
    expect(s.status).toBe('delivered');
    expect(s.deliveries[0]).toMatchObject({ status: 'delivered', providerId: sid });
  });

  it('fails an SMS the carrier could not deliver and brings the next channel forward', async () => {
    await f.configure([
      { channel: 'sms', delayMinutes: 0 },
      { channel: 'slack', delayMinutes: 10 },
    ]);
    const { id, sid } = await smsSent();
    const planned = (await f.state(id)).deliveries[1]!.dueAt;
    expect(planned).toBe(clock.now() + 10 * MIN);
    const res = await report(f.twilio.statusReport(sid, 'undelivered', '30003'));
    expect(res.json()).toEqual({ data: { status: 'failed' } });
    const s = await f.state(id);
    expect(s.deliveries[0]).toMatchObject({ status: 'failed', lastError: 'undelivered by the carrier (error 30003)' });
    expect(s.deliveries[1]!.dueAt).toBe(clock.now());
    // A "delivered" after the failure does not bring it back.
    await report(f.twilio.statusReport(sid, 'delivered'));
    expect((await f.state(id)).deliveries[0]!.status).toBe('failed');
  });

  it("refuses a forged report, another message's sid and another company's address", async () => {
    await f.configure([{ channel: 'sms', delayMinutes: 0 }]);
    const first = await smsSent();
    const second = await smsSent();
    const genuine = f.twilio.statusReport(first.sid, 'delivered');
    const forged = await report({
      ...genuine,
      signature: genuine.signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBeTruthy();
    // Signed by the account, but for the other delivery's address: not that delivery's message.
    const secondPath = new URL(f.twilio.statusReport(second.sid, 'delivered').url).pathname;
    const firstSigned = f.twilio.statusReport(first.sid, 'delivered');
    expect((await report(firstSigned, secondPath)).statusCode).toBe(403);
    const [globex] = await f.db.select().from(entities).where(eq(entities.subdomain, 'globex'));
    const elsewhere = new URL(genuine.url).pathname.replace(f.entityId, globex!.id);
    expect((await report(genuine, elsewhere)).statusCode).toBe(404);
    expect((await f.state(first.id)).status).toBe('sent');
    expect((await f.state(second.id)).status).toBe('sent');
    // Bad parameters are a 400 with a message, not a 500.
    const bad = await f.app.inject({
      method: 'POST',
      url: new URL(genuine.url).pathname,
      headers: { 'content-type': 'application/json', 'x-twilio-signature': genuine.signature },
      payload: { MessageSid: 42 },
    });
    expect(bad.statusCode).toBe(400);
  });
});
