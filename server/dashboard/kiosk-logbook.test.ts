// A sign-in recorded by the kiosk journey shows its host and checks in the
// dashboard's logbook (the journey records host ids and top-level temperature and mask, not
// the `host`/`checks` names older rows carry).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, expect, it } from 'vitest';
import { entities } from '../db/schema/entities';
import { journeyFlows, userTypes } from '../db/schema/journeys';
import { users } from '../db/schema/people';
import { areas } from '../db/schema/places';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';

const NOW = Date.UTC(2026, 0, 15, 15, 0, 0);

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let kioskToken: string;
  let kioskId: string;
  let area: string;
  let visitorType: string;
  let flow: typeof journeyFlows.$inferSelect;
  let host: typeof users.$inferSelect;

  beforeAll(async () => {
    app = await seededApp(get().database, testClock(NOW));
    const db = get().database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const id = acme!.id;
    area = (
      await db
        .select()
        .from(areas)
        .where(and(eq(areas.entityId, id), eq(areas.name, 'Reception')))
    )[0]!.id;
    visitorType = (
      await db
        .select()
        .from(userTypes)
        .where(and(eq(userTypes.entityId, id), eq(userTypes.name, 'Visitor')))
    )[0]!.id;
    flow = (
      await db
        .select()
        .from(journeyFlows)
        .where(and(eq(journeyFlows.entityId, id), eq(journeyFlows.name, 'Visitor arrival')))
    )[0]!;
    host = (await db.select().from(users).where(eq(users.email, 'employee@acme.test')))[0]!;
    admin = await tokenFor(app, 'admin@acme.test');
    const res = await app.inject({
      method: 'POST',
      url: '/api/kiosk',
      headers: bearer(admin),
      payload: { kiosk_name: 'Logbook desk', area_id: area },
    });
    kioskToken = res.json().data.access_token;
    kioskId = res.json().data.kiosk.id;
  });

  it('shows the host by name and the temperature and mask a kiosk recorded', async () => {
    const personId = uuidv7();
    const n = Math.floor(Math.random() * 1e8);
    const args = {
      visitId: uuidv7(),
      personId,
      kioskId,
      areaId: area,
      journeyId: flow.journeyId,
      journeyFlowId: flow.id,
      method: 'new',
      signInEventId: uuidv7(),
      stage: 'ready to sign in',
      at: NOW - 3_600_000,
      customFields: [],
      registration: {
        personId,
        firstName: 'Kim',
        lastName: 'Kiosk',
        email: `kim${n}@example.com`,
        phone: `07${n}`,
        userTypeId: visitorType,
        at: NOW - 3_600_000,
      },
      checks: { checkId: uuidv7(), temperature: { raw: '36.6', threshold: 37.5 }, mask: true },
      host: { notificationId: uuidv7(), hostId: host.id, message: 'At reception' },
    };
    const push = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(kioskToken),
      payload: {
        deviceId: uuidv7(),
        mutations: [{ seq: 1, mutationId: uuidv7(), name: 'kiosk.journey', args, clientTime: NOW, clockOffsetMs: 0 }],
      },
    });
    expect(push.json().results[0]).toMatchObject({ status: 'applied' });

    const res = await app.inject({ url: '/api/dashboard/logbook?tz=UTC&search=Kiosk', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const row = (res.json().data as Array<Record<string, unknown>>).find((r) => r.id === args.signInEventId);
    expect(row).toMatchObject({
      fullName: 'Kim Kiosk',
      host: host.fullName,
      checks: { temperature: { value: 36.6, unit: 'c' }, mask: true },
    });
  });
});
