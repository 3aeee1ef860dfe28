// A person's resources (the user types and areas they may act on), on both databases: an admin
// limits an employee, who then sees only those, may give others only within them (never "all",
// never another type), may not change their own or someone above them, and whose sign-ins for
// others outside them are refused; another company's person or ids are not found.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, expect, it } from 'vitest';
import type { PushResponse } from '../../sync/protocol';
import { entities } from '../db/schema/entities';
import { userTypes } from '../db/schema/journeys';
import { users } from '../db/schema/people';
import { areas } from '../db/schema/places';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let employee: string;
  let globex: string;
  const type: Record<string, string> = {};
  const area: Record<string, string> = {};
  const person: Record<string, string> = {};
  let globexArea: string;

  beforeAll(async () => {
    app = await seededApp(get().database);
    const db = get().database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const [g] = await db.select().from(entities).where(eq(entities.subdomain, 'globex'));
    for (const t of await db.select().from(userTypes).where(eq(userTypes.entityId, acme!.id))) type[t.name] = t.id;
    for (const a of await db.select().from(areas).where(eq(areas.entityId, acme!.id))) area[a.name] = a.id;
    for (const p of await db.select().from(users).where(eq(users.entityId, acme!.id))) person[p.email] = p.id;
    globexArea = (await db.select().from(areas).where(eq(areas.entityId, g!.id)))[0]!.id;
    admin = await tokenFor(app, 'admin@acme.test');
    employee = await tokenFor(app, 'employee@acme.test');
    globex = await tokenFor(app, 'admin@globex.test');
  });

  const call = (token: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const give = (token: string, userId: string, user_type_ids: string[] | null, area_ids: string[] | null) =>
    call(token, 'PUT', '/user_resource', { user_id: userId, user_type_ids, area_ids });

  it('limits an employee, who then sees and gives only within their own', async () => {
    const eddie = person['employee@acme.test']!;
    expect((await call(employee, 'GET', '/user_resources')).json().data).toEqual({
      user_type_ids: null,
      area_ids: null,
    });
    const set = await give(admin, eddie, [type['Visitor']!, type['Contractor']!], [area['Reception']!]);
    expect(set.statusCode).toBe(200);
    expect((await call(employee, 'GET', '/user_resources')).json().data).toEqual({
      user_type_ids: [type['Visitor'], type['Contractor']],
      area_ids: [area['Reception']],
    });
    expect((await call(admin, 'GET', `/user_resources?user_id=${eddie}`)).json().data.area_ids).toEqual([
      area['Reception'],
    ]);
    const grantable = (await call(employee, 'GET', '/user_resources_within_permissions')).json().data;
    expect(grantable.all_user_types).toBe(false);
    expect(grantable.user_types.map((t: { name: string }) => t.name).sort()).toEqual(['Contractor', 'Visitor']);
    expect(grantable.areas.map((a: { name: string }) => a.name)).toEqual(['Reception']);
    expect((await call(admin, 'GET', '/user_resources_within_permissions')).json().data.all_areas).toBe(true);

    // Eddie may give Sam some of his own…
    const sam = person['sam.staff@acme.test']!;
    expect((await give(employee, sam, [type['Visitor']!], [area['Reception']!])).statusCode).toBe(200);
    // …but not another type, not "all", and not his own, nor to someone above him.
    for (const [types, places] of [
      [[type['Staff']!], [area['Reception']!]],
      [[type['Visitor']!], null],
      [null, [area['Reception']!]],
    ] as const) {
      const refused = await give(employee, sam, types as string[] | null, places as string[] | null);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'resources_outside_own',
        message: 'You can only give user types and areas you have access to yourself.',
      });
    }
    const own = await give(employee, eddie, null, null);
    expect([own.statusCode, own.json().code]).toEqual([403, 'own_access_locked']);
    const above = await give(employee, person['admin@acme.test']!, [type['Visitor']!], [area['Reception']!]);
    expect([above.statusCode, above.json().code]).toEqual([403, 'user_above_own']);
    expect((await call(admin, 'GET', `/user_resources?user_id=${sam}`)).json().data).toEqual({
      user_type_ids: [type['Visitor']],
      area_ids: [area['Reception']],
    });
  });

  it("refuses Eddie's sign-ins for others outside his resources, and allows them inside", async () => {
    const db = get().database.db;
    const carla = person['carla.contractor@acme.test']!;
    const [staff] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, person['sam.staff@acme.test']!)));
    let tick = Date.now();
    const signIn = (seq: number, personId: string, areaId: string) => ({
      seq,
      mutationId: uuidv7(),
      name: 'visit.signIn',
      clientTime: ++tick,
      clockOffsetMs: 0,
      args: { eventId: uuidv7(), personId, areaId, at: tick, details: { compliance: 'not_required' } },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(employee),
      payload: {
        deviceId: uuidv7(),
        mutations: [
          signIn(1, carla, area['Reception']!),
          signIn(2, carla, area['Loading Bay']!),
          signIn(3, staff!.id, area['Reception']!),
        ],
      },
    });
    expect((res.json() as PushResponse).results.map((r) => [r.status, r.code])).toEqual([
      ['applied', undefined],
      ['rejected', 'action_not_allowed'],
      ['rejected', 'action_not_allowed'],
    ]);
  });

  it("answers 404 for another company's person or ids, and 400 for bad ones, changing nothing", async () => {
    const eddie = person['employee@acme.test']!;
    expect((await give(globex, eddie, null, null)).statusCode).toBe(404);
    expect((await call(globex, 'GET', `/user_resources?user_id=${eddie}`)).statusCode).toBe(404);
    expect((await give(admin, eddie, [type['Visitor']!], [globexArea])).statusCode).toBe(404);
    const bad = await call(admin, 'PUT', '/user_resource', { user_id: eddie, user_type_ids: ['nope'], area_ids: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    expect((await call(employee, 'GET', `/user_resources`)).json().data.area_ids).toEqual([area['Reception']]);
    // Back to every type and area: the limit is gone.
    expect((await give(admin, eddie, null, null)).json().data).toEqual({ user_type_ids: null, area_ids: null });
    expect((await call(employee, 'GET', `/user_resources`)).json().data).toEqual({
      user_type_ids: null,
      area_ids: null,
    });
  });
});
