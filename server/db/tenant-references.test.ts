// Composite foreign keys (entity_id included) on the journey flow, journey and user type that
// visit events and kiosk visits name: a push naming another company's is
// rejected on its own with a catalogue code, writes nothing, and the mutations around it apply.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { PushResponse } from '../../sync/protocol';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';
import { areas, entities, journeyFlows, journeys, kioskVisits, users, userTypes, visitEvents } from './schema/index';

eachDatabase((get) => {
  let app: FastifyInstance;
  let globexAdmin: string;
  let globex: { id: string; personId: string; areaId: string; userTypeId: string };
  let acme: { flowId: string; journeyId: string; userTypeId: string };
  let seq = 0;
  const deviceId = uuidv7();

  const push = async (token: string, list: Array<{ name: string; args: object }>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(token),
      payload: {
        deviceId,
        mutations: list.map(({ name, args }) => ({
          seq: ++seq,
          mutationId: uuidv7(),
          name,
          args,
          clientTime: Date.now(),
          clockOffsetMs: 0,
        })),
      },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as PushResponse).results;
  };

  beforeAll(async () => {
    app = await seededApp(get().database);
    globexAdmin = await tokenFor(app, 'admin@globex.test');
    const db = get().database.db;
    const all = await db.select().from(entities);
    const acmeId = all.find((e) => e.subdomain === 'acme')!.id;
    const globexId = all.find((e) => e.subdomain === 'globex')!.id;
    const [flow] = await db.select().from(journeyFlows).where(eq(journeyFlows.entityId, acmeId));
    const [journey] = await db.select().from(journeys).where(eq(journeys.entityId, acmeId));
    const [acmeType] = await db.select().from(userTypes).where(eq(userTypes.entityId, acmeId));
    acme = { flowId: flow!.id, journeyId: journey!.id, userTypeId: acmeType!.id };
    const [person] = await db
      .select()
      .from(users)
      .where(and(eq(users.entityId, globexId), eq(users.email, 'admin@globex.test')));
    const [area] = await db.select().from(areas).where(eq(areas.entityId, globexId));
    const [ownType] = await db.select().from(userTypes).where(eq(userTypes.entityId, globexId));
    globex = { id: globexId, personId: person!.id, areaId: area!.id, userTypeId: ownType!.id };
  });
  afterAll(async () => {
    await app.close();
  });

  const eventsWith = async (ids: string[]) =>
    (
      await get()
        .database.db.select({ id: visitEvents.id })
        .from(visitEvents)
        .where(and(eq(visitEvents.entityId, globex.id), inArray(visitEvents.id, ids)))
    ).map((r) => r.id);

  it("a sign-in naming another company's journey flow or user type is rejected alone and writes nothing", async () => {
    const ids = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    const signIn = (eventId: string, extra: object) => ({
      name: 'visit.signIn',
      args: { eventId, personId: globex.personId, areaId: globex.areaId, at: Date.now(), ...extra },
    });
    const results = await push(globexAdmin, [
      signIn(ids[0]!, { userTypeId: globex.userTypeId }),
      signIn(ids[1]!, { journeyFlowId: acme.flowId }),
      signIn(ids[2]!, { userTypeId: acme.userTypeId }),
      {
        name: 'visit.signOut',
        args: { eventId: ids[3]!, personId: globex.personId, areaId: globex.areaId, at: Date.now() },
      },
    ]);
    expect(results.map((r) => [r.status, r.status === 'rejected' ? r.code : null])).toEqual([
      ['applied', null],
      ['rejected', 'not_found'],
      ['rejected', 'not_found'],
      ['applied', null],
    ]);
    expect(results[1]).toMatchObject({ message: expect.any(String) });
    expect((await eventsWith(ids)).sort()).toEqual([ids[0], ids[3]].sort());
  });

  it("a kiosk visit naming another company's journey or flow is rejected and writes nothing", async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/kiosk',
      headers: bearer(globexAdmin),
      payload: { kiosk_name: 'Plant gate', area_id: globex.areaId },
    });
    expect(registered.statusCode).toBe(201);
    const { access_token: kioskToken, kiosk } = registered.json().data as {
      access_token: string;
      kiosk: { id: string };
    };
    const visit = (visitId: string, extra: object) => ({
      name: 'kiosk.visit',
      args: {
        visitId,
        personId: globex.personId,
        areaId: globex.areaId,
        stage: 'ready to sign in',
        signedIn: true,
        at: Date.now(),
        details: { source: 'kiosk', kioskId: kiosk.id },
        ...extra,
      },
    });
    const ids = [uuidv7(), uuidv7(), uuidv7()];
    const results = await push(kioskToken, [
      visit(ids[0]!, { journeyFlowId: acme.flowId }),
      visit(ids[1]!, { journeyId: acme.journeyId }),
      visit(ids[2]!, {}),
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? r.code : r.status))).toEqual([
      'not_found',
      'not_found',
      'applied',
    ]);
    const stored = await get()
      .database.db.select({ id: kioskVisits.id })
      .from(kioskVisits)
      .where(and(eq(kioskVisits.entityId, globex.id), inArray(kioskVisits.id, ids)));
    expect(stored.map((r) => r.id)).toEqual([ids[2]]);
  });
});
