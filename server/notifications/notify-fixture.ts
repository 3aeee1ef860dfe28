// Test fixture: an app over a seeded database, a kiosk that pushes host.notify as a real device
// would (with an `at` in the past when it was offline), the three fake providers, and a sender
// whose crash seams the test controls.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import type { PushResponse } from '../../sync/protocol';
import type { DatabaseHandle, Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { entities } from '../db/schema/entities';
import { hostNotifications } from '../db/schema/kiosk';
import { notificationAttempts, notificationDeliveries } from '../db/schema/notifications';
import { users } from '../db/schema/people';
import { areas } from '../db/schema/places';
import { bearer, seededApp, tokenFor, type Clock } from '../test/harness';
import { ackLinks } from './ack-link';
import { notificationSender, type SenderHooks } from './sender-job';
import { notificationsBox } from './settings';

/** The fake providers, started by the test (only tests may import tests/fake-notifiers). */
export interface Fakes {
  twilio: { url: string; close(): Promise<void> };
  slack: { url: string; close(): Promise<void> };
  teams: { webhookUrl: string; close(): Promise<void> };
}

/** Pushes as a device of each token's holder (one device id and seq per token); each mutation
 * is expected applied (its name says which failed). */
export function devicePushes(app: FastifyInstance, clock: Clock) {
  const devices = new Map<string, { id: string; seq: number }>();
  return async (token: string, name: string, args: object) => {
    const device = devices.get(token) ?? devices.set(token, { id: uuidv7(), seq: 0 }).get(token)!;
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(token),
      payload: {
        deviceId: device.id,
        mutations: [{ seq: ++device.seq, mutationId: uuidv7(), name, args, clientTime: clock.now(), clockOffsetMs: 0 }],
      },
    });
    expect((res.json() as PushResponse).results[0], name).toMatchObject({ status: 'applied' });
  };
}

/** The sender job over a test's database, as a server runs it (its crash seams optional). */
export function testSender(db: Db, clock: Clock, mailer: Mailer, hooks?: SenderHooks, renewEveryMs?: number) {
  return notificationSender(db, clock.now, mailer, {
    box: notificationsBox(),
    links: ackLinks(process.env.INTEGRATION_KEY),
    onChanged: () => undefined,
    hooks,
    renewEveryMs,
  });
}

export async function notifyFixture<F extends Fakes>(database: DatabaseHandle, clock: Clock, fakes: F) {
  const app: FastifyInstance = await seededApp(database, clock);
  const db = database.db;
  const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
  const byEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;
  const host = await byEmail('employee@acme.test');
  const visitor = await byEmail('reporter@acme.test');
  await db
    .update(users)
    .set({ phone: '+44 7700 900123' })
    .where(and(eq(users.entityId, acme!.id), eq(users.id, host.id)));
  const admin = await tokenFor(app, 'admin@acme.test');
  const [area] = await db.select().from(areas).where(eq(areas.entityId, acme!.id));
  const kiosk = await app.inject({
    method: 'POST',
    url: '/api/kiosk',
    headers: bearer(admin),
    payload: { kiosk_name: 'Notify desk', area_id: area!.id },
  });
  const kioskToken = kiosk.json().data.access_token as string;
  const deviceId = uuidv7();
  let seq = 0;
  const { twilio, slack, teams } = fakes;

  return {
    app,
    db,
    entityId: acme!.id,
    host,
    visitor,
    admin,
    // Typed as the caller's fakes (their recording and failure controls), not the bare shape.
    twilio: twilio as F['twilio'],
    slack: slack as F['slack'],
    teams: teams as F['teams'],
    /** A kiosk's host.notify push; `agoMs` > 0 for a kiosk that was offline that long. */
    async push(agoMs = 0, message?: string) {
      const notificationId = uuidv7();
      const res = await app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: bearer(kioskToken),
        payload: {
          deviceId,
          mutations: [
            {
              seq: ++seq,
              mutationId: uuidv7(),
              name: 'host.notify',
              args: { notificationId, hostId: host.id, personId: visitor.id, at: clock.now() - agoMs, message },
              clientTime: clock.now(),
              clockOffsetMs: 0,
            },
          ],
        },
      });
      expect((res.json() as PushResponse).results[0]).toMatchObject({ status: 'applied' });
      return notificationId;
    },
    async configure(plan: Array<{ channel: string; delayMinutes: number }>) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/notification-settings',
        headers: bearer(admin),
        payload: {
          plan,
          sms: { accountSid: 'AC123', from: '+15005550006', baseUrl: twilio.url, authToken: 'twilio-secret' },
          slack: { mode: 'bot', baseUrl: slack.url, botToken: 'xoxb-secret' },
          teams: { webhookUrl: teams.webhookUrl },
        },
      });
      expect(res.statusCode).toBe(200);
      return res;
    },
    sender(hooks?: SenderHooks, renewEveryMs?: number) {
      return testSender(db, clock, app.services.mailer, hooks, renewEveryMs);
    },
    async state(notificationId: string) {
      const [n] = await db.select().from(hostNotifications).where(eq(hostNotifications.id, notificationId));
      const deliveries = await db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.notificationId, notificationId))
        .orderBy(notificationDeliveries.step);
      const attempts = deliveries.length
        ? await db.select().from(notificationAttempts).where(eq(notificationAttempts.deliveryId, deliveries[0]!.id))
        : [];
      return { status: n?.mailStatus, deliveries, attempts };
    },
    async close() {
      await Promise.all([twilio.close(), slack.close(), teams.close()]);
      await app.close();
    },
  };
}
export type NotifyFixture<F extends Fakes = Fakes> = Awaited<ReturnType<typeof notifyFixture<F>>>;
