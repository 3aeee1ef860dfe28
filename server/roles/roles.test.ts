// The roles page's edit: which keys a role allows applies to the holders' next request, and
// each holder's app hears pongUpdateUserRole in its own company's room only.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_KEYS } from '../../domain/permissions';
import { roles } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { callerOf, entityFacts, seededApp, testClock, tokenFor } from '../test/harness';
import type { RequestContext } from '../http/context';
import { rolesService } from './roles.service';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin = '';
  const call = callerOf(
    () => app,
    () => admin,
  );
  beforeAll(async () => {
    app = await seededApp(get().database, testClock());
    admin = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => {
    await app.close();
  });

  const roleNamed = async (name: string) => {
    const { entity } = await entityFacts(get().database, 'acme');
    const rows = await get().database.db.select().from(roles).where(eq(roles.entityId, entity.id));
    return { entity, role: rows.find((r) => r.name === name)! };
  };

  it("removing a key refuses the holder's very next request, and giving it back lets it through", async () => {
    const { role, entity } = await roleNamed('employee');
    const employee = await tokenFor(app, 'employee@acme.test');
    expect((await call('GET', `/api/roles/${entity.id}`, undefined, employee)).statusCode).toBe(200);

    const removed = await call('PUT', `/api/roles/${role.id}/permissions`, { allowed: ['dashboard'] });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.permissions.users).toEqual({ pivot: { allowed: 0 } });
    expect((await call('GET', `/api/roles/${entity.id}`, undefined, employee)).statusCode).toBe(403);

    await call('PUT', `/api/roles/${role.id}/permissions`, { allowed: ['dashboard', 'users'] });
    expect((await call('GET', `/api/roles/${entity.id}`, undefined, employee)).statusCode).toBe(200);
  });

  it('refuses unknown keys, the editor’s own role and other companies’ roles', async () => {
    const { role: own } = await roleNamed('admin');
    const { role: employee } = await roleNamed('employee');
    expect(
      (await call('PUT', `/api/roles/${employee.id}/permissions`, { allowed: ['launch_rockets'] })).statusCode,
    ).toBe(400);
    expect((await call('PUT', `/api/roles/${own.id}/permissions`, { allowed: [] })).statusCode).toBe(403);
    const globexAdmin = await tokenFor(app, 'admin@globex.test');
    const foreign = await call('PUT', `/api/roles/${employee.id}/permissions`, { allowed: [] }, globexAdmin);
    expect(foreign.statusCode).toBe(404);
  });

  it('tells every holder of the role, in their company room only', async () => {
    const { role, entity } = await roleNamed('fire warden');
    const { role: adminRole } = await roleNamed('admin');
    const heard: { room: string; event: string; payload: { entity_user_id: string } }[] = [];
    const service = rolesService(get().database.db, {
      emitToEntity: (room, event, payload) => heard.push({ room, event, payload: payload as never }),
    });
    const ctx = {
      entityId: entity.id,
      userId: entity.ownerId ?? '',
      roleName: adminRole.name,
      permissions: adminRole.permissions,
    } as RequestContext;
    await service.setPermissions(ctx, role.id, { allowed: PERMISSION_KEYS.filter((k) => k !== 'emergency') });
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.every((h) => h.room === entity.id && h.event === 'pongUpdateUserRole')).toBe(true);
  });
});
