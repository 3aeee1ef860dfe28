// A user type's default channels and a person's own choice decide how the host is told: the
// admin sets the type's default from the user types page, the person's profile overrides it, and
// another company's admin cannot read or set either (404).
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { notificationDeliveries, notificationPersonChannels } from '../db/schema/notifications';
import { eachDatabase } from '../test/databases';
import { bearer, testClock, tokenFor } from '../test/harness';
import { startStandardFakes, type StandardFakes } from '../../tests/fake-notifiers/standard';
import { notifyFixture, type NotifyFixture } from './notify-fixture';

eachDatabase((get) => {
  const clock = testClock();
  let f: NotifyFixture<StandardFakes>;
  beforeAll(async () => {
    f = await notifyFixture(get().database, clock, await startStandardFakes());
  });
  afterAll(() => f.close());
  beforeEach(async () => {
    await f.db.update(notificationDeliveries).set({ status: 'cancelled' });
    await f.db.delete(notificationPersonChannels);
    f.slack.posts.length = 0;
    f.twilio.messages.length = 0;
    f.teams.cards.length = 0;
  });
  const call = (method: 'GET' | 'PUT', url: string, channels?: string[], token = f.admin) =>
    f.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload: channels ? { channels } : undefined });

  it("tells the host on their user type's default, and on their own choice over it", async () => {
    await f.configure([
      { channel: 'slack', delayMinutes: 0 },
      { channel: 'sms', delayMinutes: 0 },
    ]);
    const typeUrl = `/user-types/${f.host.userTypeId}/notification-channels`;
    expect((await call('GET', typeUrl)).json().data.channels).toBeNull();
    expect((await call('PUT', typeUrl, ['sms'])).statusCode).toBe(200);
    expect((await call('GET', typeUrl)).json().data.channels).toEqual(['sms']);
    await f.push();
    await f.sender().run();
    expect([f.slack.posts.length, f.twilio.messages.length]).toEqual([0, 1]);

    const personUrl = `/people/${f.host.id}/notification-channels`;
    expect((await call('PUT', personUrl, ['slack'])).statusCode).toBe(200);
    expect((await call('GET', personUrl)).json().data.channels).toEqual(['slack']);
    await f.push();
    await f.sender().run();
    expect([f.slack.posts.length, f.twilio.messages.length]).toEqual([1, 1]);
    // Saving the company settings keeps the type's default.
    await f.configure([{ channel: 'slack', delayMinutes: 0 }]);
    expect((await call('GET', typeUrl)).json().data.channels).toEqual(['sms']);
    expect((await call('PUT', typeUrl, [])).json().data.channels).toBeNull();
  });

  it("answers 404 to another company's admin and 403 to an employee", async () => {
    const globex = await tokenFor(f.app, 'admin@globex.test');
    const employee = await tokenFor(f.app, 'employee@acme.test');
    for (const url of [
      `/user-types/${f.host.userTypeId}/notification-channels`,
      `/people/${f.host.id}/notification-channels`,
    ]) {
      expect((await call('GET', url, undefined, globex)).statusCode).toBe(404);
    }
    expect(
      (await call('PUT', `/user-types/${f.host.userTypeId}/notification-channels`, ['sms'], globex)).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/user-types/${f.host.userTypeId}/notification-channels`, ['sms'], employee)).statusCode,
    ).toBe(403);
  });
});
