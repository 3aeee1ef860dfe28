// Kiosk registration, its device token and the journey's mutations against real databases.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, expect, it } from 'vitest';
import type { PullResponse, PushResponse } from '../../sync/protocol';
import { entities } from '../db/schema/entities';
import { journeyFlows, userTypes } from '../db/schema/journeys';
import { complianceForms } from '../db/schema/kiosk-config';
import { kiosks, kioskVisits } from '../db/schema/kiosk';
import { areas } from '../db/schema/places';
import { users } from '../db/schema/people';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let acme: string;
  let area: string;
  let globexArea: string;
  let visitorType: string;
  let formId: string;
  let flowId: string;
  let kioskToken: string;
  let kioskId: string;

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    const db = get().database.db;
    const [a] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const [g] = await db.select().from(entities).where(eq(entities.subdomain, 'globex'));
    acme = a!.id;
    area = (
      await db
        .select()
        .from(areas)
        .where(and(eq(areas.entityId, acme), eq(areas.name, 'Reception')))
    )[0]!.id;
    globexArea = (await db.select().from(areas).where(eq(areas.entityId, g!.id)))[0]!.id;
    visitorType = (
      await db
        .select()
        .from(userTypes)
        .where(and(eq(userTypes.entityId, acme), eq(userTypes.name, 'Visitor')))
    )[0]!.id;
    formId = (await db.select().from(complianceForms).where(eq(complianceForms.entityId, acme)))[0]!.id;
    flowId = (
      await db
        .select()
        .from(journeyFlows)
        .where(and(eq(journeyFlows.entityId, acme), eq(journeyFlows.name, 'Visitor arrival')))
    )[0]!.id;
  });

  const kioskCount = async () =>
    Number(
      (
        await get()
          .database.db.select({ n: sql<number>`count(*)::int` })
          .from(kiosks)
      )[0]!.n,
    );
  const register = (token: string, payload: object) =>
    app.inject({ method: 'POST', url: '/api/kiosk', headers: bearer(token), payload });
  let seq = 0;
  const deviceId = uuidv7();
  const push = async (token: string, name: string, args: object) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(token),
      payload: {
        deviceId,
        mutations: [{ seq: ++seq, mutationId: uuidv7(), name, args, clientTime: Date.now(), clockOffsetMs: 0 }],
      },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as PushResponse).results[0]!;
  };

  it('registers a kiosk for an area and hands back a device token that is not the admin', async () => {
    const res = await register(admin, { kiosk_name: 'Front desk', area_id: area, macAddress: 'aa:bb:cc:dd:ee:ff' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as {
      message: string;
      data: { access_token: string; kiosk: { id: string; area_name: string; state: string } };
    };
    expect(body.message).toBe('Kiosk Added');
    expect(body.data.kiosk).toMatchObject({ area_name: 'Reception', state: 'offline' });
    kioskToken = body.data.access_token;
    kioskId = body.data.kiosk.id;
    expect(kioskToken).not.toBe(admin);
    // The device token opens no dashboard screen.
    const denied = await app.inject({ method: 'GET', url: `/api/kiosk/${acme}`, headers: bearer(kioskToken) });
    expect(denied.statusCode).toBe(403);
    const listed = await app.inject({ method: 'GET', url: `/api/kiosk/${acme}`, headers: bearer(admin) });
    expect((listed.json() as { data: Array<{ kiosk_name: string; state: string }> }).data).toEqual([
      expect.objectContaining({ kiosk_name: 'Front desk', state: 'offline' }),
    ]);
  });

  it('refuses bad input with the catalogue message and writes nothing', async () => {
    const before = await kioskCount();
    const res = await register(admin, { kiosk_name: 'x', area_id: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: { kiosk_name: [expect.any(String)], area_id: [expect.any(String)] },
    });
    expect(await kioskCount()).toBe(before);
  });

  it("answers 404 for another company's area and kiosk", async () => {
    const before = await kioskCount();
    expect((await register(admin, { kiosk_name: 'Sneaky', area_id: globexArea })).statusCode).toBe(404);
    expect(await kioskCount()).toBe(before);
    const globex = await tokenFor(app, 'admin@globex.test');
    expect(
      (await app.inject({ method: 'GET', url: `/api/kiosks/${kioskId}`, headers: bearer(globex) })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/kiosk/${acme}`, headers: bearer(globex) })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/deregister-kiosk/${kioskId}`, headers: bearer(globex) }))
        .statusCode,
    ).toBe(404);
  });

  it('pulls the kiosk configuration with its device token', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/sync/pull?deviceId=${deviceId}&limit=5000`,
      headers: bearer(kioskToken),
    });
    const tables = new Set((res.json() as PullResponse).changes.map((c) => c.table));
    for (const t of [
      'journeys',
      'journeyFlows',
      'complianceForms',
      'attendanceModes',
      'customFields',
      'announcements',
      'people',
      'personCards',
    ])
      expect(tables).toContain(t);
  });

  it('registers a visitor, records a failed compliance answer and a waiting visit, offline-style in one push each', async () => {
    const personId = uuidv7();
    const at = Date.now();
    expect(
      await push(kioskToken, 'person.register', {
        personId,
        firstName: 'Vera',
        lastName: 'Visitor',
        email: 'vera@example.com',
        phone: '07700900123',
        userTypeId: visitorType,
        at,
      }),
    ).toMatchObject({ status: 'applied' });
    const dup = await push(kioskToken, 'person.register', {
      personId: uuidv7(),
      firstName: 'Vera',
      lastName: 'Again',
      email: 'VERA@example.com',
      phone: '1',
      userTypeId: visitorType,
      at,
    });
    expect(dup).toMatchObject({
      status: 'rejected',
      code: 'email_exists',
      message: 'Email address already exists, try a different one.',
    });
    expect(await get().database.db.select().from(users).where(eq(users.fullName, 'Vera Again'))).toHaveLength(0);

    const answer = await push(kioskToken, 'compliance.answer', {
      answerId: uuidv7(),
      personId,
      complianceId: formId,
      complianceVersion: 1,
      agreed: true,
      at,
      answers: [
        { questionId: 'well', answer: 'no', notes: 'Hay fever, not contagious at all' },
        { questionId: 'fever', answer: 'no' },
      ],
    });
    expect(answer.status).toBe('applied');
    const visitId = uuidv7();
    expect(
      await push(kioskToken, 'kiosk.visit', {
        visitId,
        personId,
        areaId: area,
        journeyFlowId: flowId,
        stage: 'waiting for admin approval (compliance failed)',
        signedIn: false,
        at,
        details: { source: 'kiosk', kioskId, compliance: 'wrong_explained' },
      }),
    ).toMatchObject({ status: 'applied' });
    const listed = await app.inject({ method: 'GET', url: '/api/kiosks/visits', headers: bearer(admin) });
    expect((listed.json() as { data: unknown[] }).data).toEqual([
      expect.objectContaining({
        id: visitId,
        full_name: 'Vera Visitor',
        stage: 'waiting for admin approval (compliance failed)',
        signed_in: false,
        kiosk_id: kioskId,
      }),
    ]);
  });

  it("rejects a kiosk visit for another company's person and writes nothing", async () => {
    const [g] = await get().database.db.select().from(users).where(eq(users.email, 'admin@globex.test'));
    const before = (await get().database.db.select().from(kioskVisits)).length;
    const result = await push(kioskToken, 'kiosk.visit', {
      visitId: uuidv7(),
      personId: g!.id,
      areaId: area,
      stage: 'ready to sign in',
      signedIn: true,
      at: Date.now(),
      details: { source: 'kiosk', kioskId },
    });
    expect(result).toMatchObject({ status: 'rejected', code: 'not_found' });
    expect(await get().database.db.select().from(kioskVisits)).toHaveLength(before);
  });

  it("an admin's own session cannot write kiosk logs; a deregistered kiosk's token stops working", async () => {
    expect(
      await push(admin, 'kiosk.log', { logId: uuidv7(), kind: 'action', code: 'x', at: Date.now() }),
    ).toMatchObject({ status: 'rejected', code: 'action_not_allowed' });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/deregister-kiosk/${kioskId}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/api/sync/pull?deviceId=${deviceId}`, headers: bearer(kioskToken) }))
        .statusCode,
    ).toBe(401);
  });
});
