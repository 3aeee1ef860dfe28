// nobody grants a permission key they do not hold. A reporter given
// dashboard, users and user_settings may edit a role within those keys, but not give the fire
// warden's role every key, nor edit a role that allows more than they hold.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { PERMISSION_KEYS, type PermissionMap } from '../../domain/permissions';
import { entities, roles } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { callerOf, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let reporter = '';
  let acme = '';
  const call = callerOf(
    () => app,
    () => reporter,
  );
  const db = () => get().database.db;
  const role = async (name: string) =>
    (
      await db()
        .select()
        .from(roles)
        .where(and(eq(roles.entityId, acme), eq(roles.name, name)))
    )[0]!;
  const only = (keys: string[]) =>
    Object.fromEntries(
      PERMISSION_KEYS.map((k) => [k, { pivot: { allowed: keys.includes(k) ? 1 : 0 } }]),
    ) as PermissionMap;

  beforeAll(async () => {
    app = await seededApp(get().database);
    acme = (await db().select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
    await db()
      .update(roles)
      .set({ permissions: only(['dashboard', 'users', 'user_settings']) })
      .where(and(eq(roles.entityId, acme), eq(roles.name, 'employee with reporting')));
    reporter = await tokenFor(app, 'reporter@acme.test');
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses giving every key to the fire warden role, and writes nothing', async () => {
    const warden = await role('fire warden');
    const res = await call('PUT', `/api/roles/${warden.id}/permissions`, { allowed: [...PERMISSION_KEYS] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'permission_above_own',
      message: 'You cannot give a permission your own role does not allow.',
    });
    expect((await role('fire warden')).permissions).toEqual(warden.permissions);
  });

  it('refuses editing a role that allows more than the editor holds, even to take keys away', async () => {
    const warden = await role('fire warden');
    // The warden role allows emergency keys the reporter lacks.
    const res = await call('PUT', `/api/roles/${warden.id}/permissions`, { allowed: ['dashboard'] });
    expect(res.statusCode).toBe(403);
    expect((await role('fire warden')).permissions).toEqual(warden.permissions);
  });

  it('lets the editor give keys they hold', async () => {
    const target = await role('default users');
    const res = await call('PUT', `/api/roles/${target.id}/permissions`, { allowed: ['dashboard', 'users'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await role('default users')).permissions).toEqual(only(['dashboard', 'users']));
  });
});
