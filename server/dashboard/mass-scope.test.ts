// The admin's scope (admin_scopes) enforced on the server for every sign-in/out recorded on
// behalf of another person, whatever the client marks it as: a person outside the admin's user
// types, or an area outside their areas, is rejected with action_not_allowed and writes nothing;
// in-scope sign-ins and the admin's own go through; an admin without a stored scope may act on everyone.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PushResponse } from '../../sync/protocol';
import { adminScopes, areas, entities, userTypes, users, visitEvents } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let adminId: string;
  let acme: string;
  let inType: string;
  let outType: string;
  let inArea: string;
  let outArea: string;
  let inPerson: string;
  let outPerson: string;
  let tick = 1_760_000_000_000;

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    const db = get().database.db;
    acme = (await db.select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
    adminId = (
      await db
        .select()
        .from(users)
        .where(and(eq(users.entityId, acme), eq(users.email, 'admin@acme.test')))
    )[0]!.id;
    [inType, outType] = (await db.select().from(userTypes).where(eq(userTypes.entityId, acme))).map((t) => t.id) as [
      string,
      string,
    ];
    [inArea, outArea] = (await db.select().from(areas).where(eq(areas.entityId, acme))).map((a) => a.id) as [
      string,
      string,
    ];
    const people = (
      await db
        .select()
        .from(users)
        .where(and(eq(users.entityId, acme), eq(users.dashboardAccess, false)))
    ).map((u) => u.id);
    [inPerson, outPerson] = people as [string, string];
    await db
      .update(users)
      .set({ userTypeId: inType })
      .where(and(eq(users.entityId, acme), eq(users.id, inPerson)));
    await db
      .update(users)
      .set({ userTypeId: outType })
      .where(and(eq(users.entityId, acme), eq(users.id, outPerson)));
    await db.insert(adminScopes).values({ entityId: acme, userId: adminId, userTypeIds: [inType], areaIds: [inArea] });
  });
  afterAll(async () => {
    await app.close();
  });

  const signIn = (seq: number, personId: string, areaId: string, mass: boolean) => ({
    seq,
    mutationId: uuidv7(),
    name: 'visit.signIn',
    clientTime: ++tick,
    clockOffsetMs: 0,
    args: {
      eventId: uuidv7(),
      personId,
      areaId,
      at: tick,
      details: mass ? { mass: true } : { compliance: 'not_required' },
    },
  });
  const push = async (mutations: unknown[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(admin),
      payload: { deviceId: uuidv7(), mutations },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as PushResponse).results;
  };
  const written = async (ids: string[]) =>
    (
      await get()
        .database.db.select({ id: visitEvents.id })
        .from(visitEvents)
        .where(and(eq(visitEvents.entityId, acme), inArray(visitEvents.id, ids)))
    ).map((r) => r.id);

  it('rejects sign-ins for others outside the admin’s user types or areas, marked mass or not, and writes only the allowed', async () => {
    const batch = [
      signIn(1, inPerson, inArea, true),
      signIn(2, outPerson, inArea, true),
      signIn(3, inPerson, outArea, true),
      signIn(4, outPerson, outArea, false),
      signIn(5, adminId, outArea, false),
    ];
    const results = await push(batch);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['applied', undefined],
      ['rejected', 'action_not_allowed'],
      ['rejected', 'action_not_allowed'],
      ['rejected', 'action_not_allowed'],
      ['applied', undefined],
    ]);
    const ids = batch.map((m) => m.args.eventId);
    expect((await written(ids)).sort()).toEqual([ids[0], ids[4]].sort());
  });

  it('rejects a single mass sign-out of a person outside the scope', async () => {
    const out = {
      seq: 1,
      mutationId: uuidv7(),
      name: 'visit.signOut',
      clientTime: ++tick,
      clockOffsetMs: 0,
      args: { eventId: uuidv7(), personId: outPerson, areaId: inArea, at: tick, details: { mass: true } },
    };
    expect((await push([out]))[0]).toMatchObject({ status: 'rejected', code: 'action_not_allowed' });
    expect(await written([out.args.eventId])).toEqual([]);
  });

  it('lets an admin without a stored scope act on everyone', async () => {
    await get().database.db.delete(adminScopes).where(eq(adminScopes.entityId, acme));
    const m = signIn(1, outPerson, outArea, true);
    expect((await push([m]))[0]).toMatchObject({ status: 'applied' });
    expect(await written([m.args.eventId])).toEqual([m.args.eventId]);
  });
});
