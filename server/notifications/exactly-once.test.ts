// Exactly once when the provider's answer never comes:
// a provider that takes the message and then hangs past the timeout, a run killed between the
// call and its record, and a send slower than the lease. Slack is asked (its DM history, by the
// delivery id in message metadata) before anything is sent again; Teams cannot be asked, so its
// delivery stays 'unknown' and is never resent by itself while the fallback keeps its time.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { notificationDeliveries } from '../db/schema/notifications';
import { eachDatabase } from '../test/databases';
import { testClock } from '../test/harness';
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
    await f.db.update(notificationDeliveries).set({ status: 'cancelled' });
    f.slack.posts.length = 0;
    f.twilio.messages.length = 0;
    f.teams.cards.length = 0;
    // Short enough for a hang to time out quickly, long enough for a loaded machine's answers.
    process.env.NOTIFICATION_TIMEOUT_MS = '1500';
  });
  afterEach(() => void delete process.env.NOTIFICATION_TIMEOUT_MS);

  it('Slack takes the message and hangs past the timeout: one message, found in the history', async () => {
    await f.configure([{ channel: 'slack', delayMinutes: 0 }]);
    f.slack.fail({ kind: 'accept-then-hang', path: '/chat.postMessage' });
    const id = await f.push();
    const job = f.sender();
    await job.run();
    expect(f.slack.posts).toHaveLength(1);
    expect((await f.state(id)).deliveries[0]).toMatchObject({
      status: 'queued',
      lastError: 'outcome unknown: timeout',
    });
    clock.advance(15_000);
    await job.run();
    await job.run();
    const s = await f.state(id);
    expect(f.slack.posts).toHaveLength(1);
    expect(s.status).toBe('sent');
    expect(s.deliveries[0]!.providerId).toBe(f.slack.posts[0]!.ts);
    expect(s.attempts.map((a) => a.outcome).sort()).toEqual(['found', 'unknown']);
  });

  it('Slack times out without taking it: the history shows nothing, so it is sent, once', async () => {
    await f.configure([{ channel: 'slack', delayMinutes: 0 }]);
    f.slack.fail({ kind: 'timeout', path: '/chat.postMessage' });
    const id = await f.push();
    const job = f.sender();
    await job.run();
    expect(f.slack.posts).toHaveLength(0);
    clock.advance(15_000);
    await job.run();
    expect(f.slack.posts).toHaveLength(1);
    expect((await f.state(id)).attempts.map((a) => a.outcome).sort()).toEqual(['absent', 'sent', 'unknown']);
  });

  it('killed between the Slack call and its record (repeated): the next instance finds it, no second message', async () => {
    await f.configure([{ channel: 'slack', delayMinutes: 0 }]);
    for (let round = 0; round < 3; round++) {
      f.slack.posts.length = 0;
      const id = await f.push();
      const dying = f.sender({
        afterProviderCall: () => {
          throw new Error('kill -9');
        },
      });
      await expect(dying.run()).rejects.toThrow('kill -9');
      clock.advance(LEASE_MS + 1);
      await f.sender().run();
      expect(f.slack.posts).toHaveLength(1);
      const s = await f.state(id);
      expect(s.status).toBe('sent');
      expect(s.attempts.map((a) => a.outcome).sort()).toEqual(['found', 'started']);
    }
  });

  it('Teams takes the card and hangs: unknown, never resent by itself, and the fallback SMS keeps its time', async () => {
    await f.configure([
      { channel: 'teams', delayMinutes: 0 },
      { channel: 'sms', delayMinutes: 2 },
    ]);
    f.teams.fail({ kind: 'accept-then-hang' });
    const id = await f.push();
    const job = f.sender();
    await job.run();
    clock.advance(MIN);
    await job.run();
    expect(f.teams.cards).toHaveLength(1);
    // Not pulled forward as a failure would be: the card probably arrived.
    expect(f.twilio.messages).toHaveLength(0);
    expect((await f.state(id)).deliveries[0]).toMatchObject({ status: 'unknown' });
    clock.advance(MIN);
    await job.run();
    clock.advance(LEASE_MS + 1);
    await job.run();
    expect(f.teams.cards).toHaveLength(1);
    expect(f.twilio.messages).toHaveLength(1);
    const s = await f.state(id);
    expect(s.deliveries.map((d) => [d.channel, d.status])).toEqual([
      ['teams', 'unknown'],
      ['sms', 'sent'],
    ]);
    expect(s.status).toBe('sent');
  });

  it('a send slower than the lease keeps its row: another instance does not take it over', async () => {
    await f.configure([{ channel: 'slack', delayMinutes: 0 }]);
    const id = await f.push();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inCall!: () => void;
    const calling = new Promise<void>((resolve) => (inCall = resolve));
    const slow = f.sender(
      {
        afterProviderCall: async () => {
          inCall();
          await held;
        },
      },
      10,
    );
    const first = slow.run();
    await calling;
    clock.advance(LEASE_MS + 1);
    await vi.waitFor(async () => {
      const [d] = (await f.state(id)).deliveries;
      expect(d!.leaseUntil! > clock.now()).toBe(true);
    });
    expect(await f.sender().run()).toBe(0);
    release();
    await first;
    const s = await f.state(id);
    expect(f.slack.posts).toHaveLength(1);
    expect(s.attempts.map((a) => a.outcome)).toEqual(['sent']);
  });
});
