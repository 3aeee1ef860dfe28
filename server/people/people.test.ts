// Users, labels and photos against a real database: the spec's paths, messages and toasts,
// permissions, and writes reaching devices through the change feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { entities, userTypes, users, visitEvents } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, callerOf, seededApp, tokenFor } from '../test/harness';
import { pngOf } from './test-images';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let warden: string;
  let acme: string;
  let staff: string;
  let visitor: string;

  const call = callerOf(
    () => app,
    () => admin,
  );
  const person = (n: string, extra: Record<string, unknown> = {}) => ({
    full_name: `Pat ${n}`,
    email: `pat.${n}@acme.test`,
    phone: `0700${n}`,
    user_type_id: visitor,
    ...extra,
  });
  async function pulledPeople(token: string) {
    const res = await app.inject({ url: `/api/sync/pull?deviceId=${uuidv7()}&limit=1000`, headers: bearer(token) });
    return (
      res.json().changes as Array<{ table: string; id: string; op: string; data: Record<string, unknown> | null }>
    ).filter((c) => c.table === 'people');
  }

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    warden = await tokenFor(app, 'warden@acme.test');
    const db = get().database.db;
    [{ id: acme }] = (await db.select({ id: entities.id }).from(entities).where(eq(entities.subdomain, 'acme'))) as [
      { id: string },
    ];
    const types = await db.select().from(userTypes).where(eq(userTypes.entityId, acme));
    staff = types.find((t) => t.name === 'Staff')!.id;
    visitor = types.find((t) => t.name === 'Visitor')!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates a user (User Created) that devices receive, and refuses a duplicate email, phone or RFID', async () => {
    const res = await call('POST', '/api/users', person('1', { rfid: 'CARD-1' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('User Created');
    const created = res.json().data;
    expect(created).toMatchObject({ full_name: 'Pat 1', email: 'pat.1@acme.test', rfid: 'CARD-1', active: true });
    expect(created.user_type).toEqual({ id: visitor, name: 'Visitor' });
    expect((await pulledPeople(admin)).some((c) => c.id === created.id && c.data?.fullName === 'Pat 1')).toBe(true);

    const dupEmail = await call('POST', '/api/users', person('2', { email: 'PAT.1@acme.test' }));
    expect(dupEmail.statusCode).toBe(400);
    expect(dupEmail.json()).toMatchObject({
      code: 'email_exists',
      message: 'Email address already exists, try a different one.',
    });
    expect(dupEmail.json().errors.email).toEqual(['Email address already exists, try a different one.']);
    expect((await call('POST', '/api/users', person('2', { phone: '07001' }))).json().message).toBe(
      'Phone number already exists, try a different one.',
    );
    expect((await call('POST', '/api/users', person('2', { rfid: 'CARD-1' }))).json().message).toBe(
      'ID already exists, register with a different one.',
    );
  });

  it('validates fields with the spec rules', async () => {
    const res = await call('POST', '/api/users', { full_name: 'P', email: 'nope', phone: '12-34', user_type_id: 'x' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['full_name', 'email', 'phone', 'user_type_id']),
    );
    expect(res.json().errors.email).toEqual(['Invalid email address.']);
    const long = await call('POST', '/api/users', person('3', { phone: '1'.repeat(21) }));
    expect(long.json().errors.phone).toBeDefined();
    expect((await call('POST', '/api/users', person('3', { phone: '' }))).json().errors.phone).toBeDefined();
  });

  it('checks photos by content: size, dimensions and type', async () => {
    const ok = await call(
      'POST',
      '/api/users',
      person('4', { image: `data:image/png;base64,${pngOf(250, 300).toString('base64')}` }),
    );
    expect(ok.statusCode).toBe(201);
    const photo = await app.inject({ url: ok.json().data.image, headers: bearer(admin) });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    const small = await call('POST', '/api/users', person('5', { image: pngOf(249, 300).toString('base64') }));
    expect(small.statusCode).toBe(400);
    expect(small.json().errors.image).toHaveLength(1);
    const notImage = await call(
      'POST',
      '/api/users',
      person('5', { image: Buffer.from('GIF89a not really').toString('base64') }),
    );
    expect(notImage.json().errors.image).toHaveLength(1);
  });

  it('updates (User Updated), archives and activates (User Status Updated), moves type (User Moved)', async () => {
    const created = (await call('POST', '/api/users', person('6'))).json().data;
    const upd = await call('POST', `/api/users/update/${created.id}`, person('6', { full_name: 'Pat Six' }));
    expect(upd.json()).toMatchObject({ message: 'User Updated', data: { full_name: 'Pat Six' } });
    expect(upd.json().data.user_type.name).toBe('Visitor');
    const dup = await call('POST', `/api/users/update/${created.id}`, person('6', { email: 'pat.1@acme.test' }));
    expect(dup.json().code).toBe('email_exists');

    const archived = await call('PUT', '/api/users_active', { user_ids: [created.id], active: 0 });
    expect(archived.json()).toMatchObject({ message: 'User Status Updated', data: { updated: 1 } });
    const active = (
      await call('GET', `/api/users/${acme}?filterBy=${encodeURIComponent('{"search":"Pat Six"}')}`)
    ).json();
    expect(active.count).toBe(0);
    const inArchive = (
      await call('GET', `/api/users/${acme}?filterBy=${encodeURIComponent('{"search":"Pat Six","status":"archived"}')}`)
    ).json();
    expect(inArchive.data.map((u: { id: string }) => u.id)).toEqual([created.id]);

    const moved = await call('PUT', '/api/users_usertype', { user_ids: [created.id], user_type_id: staff });
    expect(moved.json().message).toBe('User Moved');
    const pulled = (await pulledPeople(admin)).find((c) => c.id === created.id)!;
    expect(pulled.data).toMatchObject({ userTypeId: staff, archived: true, fullName: 'Pat Six' });
  });

  it('deletes (User Deleted) unless the user has visits; devices receive the removal', async () => {
    const created = (await call('POST', '/api/users', person('7'))).json().data;
    const del = await call('DELETE', `/api/users/${created.id}`);
    expect(del.json().message).toBe('User Deleted');
    expect((await pulledPeople(admin)).find((c) => c.id === created.id)?.op).toBe('del');
    const visited = (await call('POST', '/api/users', person('8'))).json().data;
    await get().database.db.insert(visitEvents).values({
      entityId: acme,
      id: uuidv7(),
      personId: visited.id,
      kind: 'in',
      at: Date.now(),
      receivedAt: new Date(),
    });
    expect((await call('DELETE', `/api/users/${visited.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/users/${uuidv7()}`)).statusCode).toBe(404);
  });

  it('creates labels, refuses a duplicate, applies them to several users and filters by them', async () => {
    const label = await call('POST', '/api/label', { name: 'First aider' });
    expect(label.statusCode).toBe(201);
    expect((await call('POST', '/api/label', { name: 'first AIDER' })).json().code).toBe('name_exists');
    const a = (await call('POST', '/api/users', person('9'))).json().data;
    const b = (await call('POST', '/api/users', person('10'))).json().data;
    const applied = await call('POST', '/api/mass_action_apply_labels', {
      user_ids: [a.id, b.id],
      label_ids: [label.json().data.id],
    });
    expect(applied.json().data.updated).toBe(2);
    await call('POST', '/api/mass_action_apply_labels', { user_ids: [a.id], label_ids: [label.json().data.id] });
    const filtered = (
      await call(
        'GET',
        `/api/users/${acme}?filterBy=${encodeURIComponent(JSON.stringify({ label: label.json().data.id }))}`,
      )
    ).json();
    expect(filtered.data.map((u: { id: string }) => u.id).sort()).toEqual([a.id, b.id].sort());
    expect(filtered.data[0].labels).toEqual([label.json().data.id]);
    expect((await call('GET', `/api/labels/${acme}`)).json().data.map((l: { name: string }) => l.name)).toContain(
      'First aider',
    );
  });

  it('enforces the users permission', async () => {
    expect((await call('GET', `/api/users/${acme}`, undefined, warden)).statusCode).toBe(403);
    expect((await call('POST', '/api/users', person('11'), warden)).statusCode).toBe(403);
    expect((await call('PUT', '/api/users_active', { user_ids: [uuidv7()], active: 1 }, warden)).statusCode).toBe(403);
  });

  describe('user types', () => {
    it('creates a type with a unique name, a method and a grace period of at least 30 minutes', async () => {
      const good = {
        name: 'Volunteer',
        registration_method: 'registration not required',
        grace_period: 30,
        profile_photo: true,
        parent_id: visitor,
      };
      const res = await call('POST', '/api/user-types', good);
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        name: 'Volunteer',
        grace_period: 30,
        profile_photo: true,
        parent_id: visitor,
      });
      expect((await call('POST', '/api/user-types', { ...good, name: 'volunteer' })).json().code).toBe('name_exists');
      const bad = await call('POST', '/api/user-types', {
        name: '',
        registration_method: 'whenever',
        grace_period: 29,
      });
      expect(Object.keys(bad.json().errors)).toEqual(
        expect.arrayContaining(['name', 'registration_method', 'grace_period']),
      );
      const list = (await call('GET', '/api/user-types')).json().data;
      expect(list.find((t: { name: string }) => t.name === 'Staff').users_count).toBeGreaterThan(0);
      expect((await call('GET', '/api/user-types', undefined, warden)).statusCode).toBe(403);
      expect((await call('POST', '/api/user-types', good, warden)).statusCode).toBe(403);
    });
  });

  // Chosen pages instead of a walk of every page: the first, a boundary pair, the middle, the
  // last, one past the end, both sort directions and a small page size, each compared with the
  // order the database itself gives (names repeat every 977 users, so the id tie-break matters).
  it('pages 50,000 users correctly: chosen pages match the database order, with a right count', async () => {
    const db = get().database.db;
    const roleId = (await db.select({ roleId: users.roleId }).from(users).where(eq(users.entityId, acme)).limit(1))[0]!
      .roleId;
    const bulkType = (
      await call('POST', '/api/user-types', {
        name: 'Bulk',
        registration_method: 'registration allowed',
        grace_period: 30,
      })
    ).json().data.id;
    await get().database.db.execute(
      sql.raw(`insert into users (entity_id, id, email, full_name, role_id, user_type_id, updated_at)
      select '${acme}', gen_random_uuid(), 'bulk' || g || '@acme.test', 'Bulk ' || lpad((g % 977)::text, 4, '0'), '${roleId}', '${bulkType}', now()
      from generate_series(1, 50000) g`),
    );
    const expected = (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.entityId, acme), eq(users.userTypeId, bulkType)))
        .orderBy(asc(users.fullName), asc(users.id))
    ).map((r) => r.id);
    expect(expected).toHaveLength(50000);
    const filter = encodeURIComponent(JSON.stringify({ user_type_id: bulkType }));
    const pageOf = async (orderBy: string, limit: number, page: number) => {
      const body = (
        await call('GET', `/api/users/${acme}?filterBy=${filter}&orderBy=${orderBy}&limit=${limit}&page=${page}`)
      ).json();
      expect(body.count).toBe(50000);
      return (body.data as Array<{ id: string }>).map((u) => u.id);
    };
    const reversed = [...expected].reverse();
    for (const [orderBy, limit, page, order] of [
      ['full_name', 500, 1, expected],
      ['full_name', 500, 2, expected],
      ['full_name', 500, 50, expected],
      ['full_name', 500, 51, expected],
      ['full_name', 500, 100, expected],
      ['full_name', 500, 101, expected],
      ['full_name', 10, 2443, expected],
      ['-full_name', 500, 1, reversed],
      ['-full_name', 500, 73, reversed],
      ['-full_name', 500, 100, reversed],
    ] as const) {
      expect(await pageOf(orderBy, limit, page), `${orderBy} ${limit} page ${page}`).toEqual(
        order.slice((page - 1) * limit, page * limit),
      );
    }
  }, 120_000);
});
