// the class: every route that changes a person applies the one rule of
// domain/role-assignment.ts (refusePersonChange). An employee (default role: dashboard, users)
// aims each such route at the company owner; it must refuse and leave every row about the owner
// as it was. Two parts: the known person-changing routes with bodies that pass validation, and
// then EVERY write route the employee may call, with the owner's id in each id slot and body
// field, so a person-changing route added later without the rule fails here.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { isAllowed } from '../../domain/permissions';
import { normalRow } from '../../domain/import';
import { entities, labels, roles, users, userTypes } from '../db/schema/index';
import { oneDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';
import { apiRoutes, fillPath, rowsOf, type Method } from '../test/routes';

oneDatabase((get) => {
  let app: FastifyInstance;
  let employee: string;
  let acme: string;
  let owner: typeof users.$inferSelect;
  let labelId: string;
  let otherType: string;
  const db = () => get().database.db;

  /** Every row about the owner: their users row and each tenant row naming them by user_id. */
  async function fingerprint(): Promise<string> {
    const tables = rowsOf<{ name: string }>(
      await db().execute(sql`
        select c1.table_name as name from information_schema.columns c1
        join information_schema.columns c2 on c2.table_name = c1.table_name and c2.table_schema = c1.table_schema
          and c2.column_name = 'entity_id'
        where c1.table_schema = 'public' and c1.column_name = 'user_id' order by c1.table_name`),
    );
    const parts = [await db().select().from(users).where(eq(users.id, owner.id))];
    for (const { name } of tables)
      parts.push(
        rowsOf(
          await db().execute(
            sql`select to_jsonb(t)::text as row from ${sql.identifier(name)} t where entity_id = ${acme} and user_id = ${owner.id} order by 1`,
          ),
        ),
      );
    return JSON.stringify(parts);
  }

  const send = (method: Method, url: string, payload?: object, token = employee) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    app = await seededApp(get().database);
    employee = await tokenFor(app, 'employee@acme.test');
    // The owner holds a session, so a reset or archive that ends it shows in the fingerprint.
    await tokenFor(app, 'admin@acme.test');
    const [entity] = await db().select().from(entities).where(eq(entities.subdomain, 'acme'));
    acme = entity!.id;
    owner = (await db().select().from(users).where(eq(users.id, entity!.ownerId!)))[0]!;
    labelId = uuidv7();
    await db().insert(labels).values({ entityId: acme, id: labelId, name: 'Walk label' });
    const types = await db().select().from(userTypes).where(eq(userTypes.entityId, acme));
    otherType = types.find((t) => t.id !== owner.userTypeId)!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  const known: Array<[string, Method, () => string, () => object | undefined]> = [
    [
      'users update',
      'POST',
      () => `/api/users/update/${owner.id}`,
      () => ({ full_name: 'Hijacked', email: owner.email, phone: '5551110000', user_type_id: owner.userTypeId }),
    ],
    ['users archive', 'PUT', () => '/api/users_active', () => ({ user_ids: [owner.id], active: false })],
    ['users delete', 'DELETE', () => `/api/users/${owner.id}`, () => undefined],
    ['users type', 'PUT', () => '/api/users_usertype', () => ({ user_ids: [owner.id], user_type_id: otherType })],
    ['labels', 'POST', () => '/api/mass_action_apply_labels', () => ({ user_ids: [owner.id], label_ids: [labelId] })],
    ['revoke', 'PUT', () => '/api/invite_revoke', () => ({ status: 'revoke', user_id: owner.id })],
    ['mass revoke', 'POST', () => '/api/mass-action-apply-revoke-users', () => ({ user_ids: [owner.id] })],
    ['rfid card', 'PUT', () => '/api/rfid_enrollment', () => ({ user_id: owner.id, rfid: 'CARD2' })],
    ['rfid link', 'POST', () => '/api/rfid_enrollment/link', () => ({ user_id: owner.id, send_email: false })],
    ['two-step reset', 'POST', () => `/api/users/${owner.id}/two-step/reset`, () => ({})],
    ['document', 'POST', () => '/api/user_document', () => ({ user_id: owner.id, type: 'covid_vaccine' })],
  ];

  it.each(known.map((k) => [k[0], k] as const))('%s: an employee is refused on the owner', async (_name, k) => {
    const before = await fingerprint();
    const res = await send(k[1], k[2](), k[3]());
    expect([403, 409], `${k[1]} ${k[2]()} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    expect(await fingerprint()).toBe(before);
  });

  it('users import: a row carrying the owner e-mail is refused for that row, the others import', async () => {
    const before = await fingerprint();
    const rows = [
      normalRow({ full_name: 'Hijacked', email: owner.email, phone: '5551110001', user_type: 'Staff', rfid: 'CARD9' }),
      normalRow({ full_name: 'Walk Newcomer', email: 'walk.new@acme.test', phone: '5551110002', user_type: 'Staff' }),
    ];
    const res = await send('POST', '/api/users/import', {
      file_name: 'people.xlsx',
      rows: rows.map((data, i) => ({ row_no: i + 2, data })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    let body: { data: { status: string }; rows: Array<{ status: string; reason: string | null }> };
    for (;;) {
      body = (await send('GET', `/api/users/imports/${id}`)).json();
      if (body.data.status === 'done' || body.data.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(body.rows.map((r) => [r.status, r.reason])).toEqual([
      ['skipped', 'errors.user_above_own'],
      ['created', null],
    ]);
    expect(await fingerprint()).toBe(before);
  });

  it('the sync push person.updateDetails is refused on the owner', async () => {
    const before = await fingerprint();
    const res = await send('POST', '/api/sync/push', {
      deviceId: uuidv7(),
      mutations: [
        {
          seq: 1,
          mutationId: uuidv7(),
          name: 'person.updateDetails',
          args: { personId: owner.id, baseVersion: owner.version, patch: { fullName: 'Hijacked' } },
          clientTime: Date.now(),
          clockOffsetMs: 0,
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ status: 'rejected' });
    expect(await fingerprint()).toBe(before);
  });

  it('every write route the employee may call leaves the owner as they were', async () => {
    // What the employee's role holds now (read, not assumed, so a changed default still walks).
    const [me] = await db()
      .select({ permissions: roles.permissions })
      .from(users)
      .innerJoin(roles, and(eq(roles.entityId, users.entityId), eq(roles.id, users.roleId)))
      .where(and(eq(users.entityId, acme), eq(users.email, 'employee@acme.test')));
    const o = owner.id;
    // Every field name a route has used to name people, all set to the owner.
    const body = {
      id: o,
      user_id: o,
      user_ids: [o],
      personId: o,
      keep_id: o,
      users: [{ id: o, phone: '5551110003', country_code: '1' }],
      status: 'revoke',
      active: false,
      rfid: 'CARD3',
      user_type_id: otherType,
      label_ids: [labelId],
      type: 'covid_vaccine',
    };
    const changed: string[] = [];
    let walked = 0;
    const skip = new Set(['/api/logout', '/api/sync/push', '/api/users/import']);
    for (const route of apiRoutes(app)) {
      if (route.method === 'GET' || skip.has(route.url) || !route.access || route.access.kind === 'public') continue;
      if (route.access.kind === 'permission' && !route.access.keys.some((key) => isAllowed(me!.permissions, key)))
        continue;
      walked++;
      const before = await fingerprint();
      const res = await send(
        route.method as Method,
        fillPath(route.url, (p) => (p === 'entityId' ? acme : o)),
        body,
      );
      if ((await fingerprint()) !== before) changed.push(`${route.method} ${route.url} → ${res.statusCode}`);
      // A route that ended the employee's own session: log in again and carry on.
      if (res.statusCode === 401) employee = await tokenFor(app, 'employee@acme.test');
    }
    expect(walked).toBeGreaterThanOrEqual(20);
    expect(changed, 'routes that changed the owner for an employee').toEqual([]);
  });
});
