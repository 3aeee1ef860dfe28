// Role assignment on every path that sets a role, archives, deletes or revokes a
// user: an employee cannot make themselves (or anyone) admin, nobody changes their own role,
// the owner stays, and an admin's legitimate assignments still work. Refusals are 403 with the
// catalogue message in the caller's language, and nothing is written.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { entities, roles, sites, users, userTypes } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { callerOf, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const role: Record<string, string> = {};
  let acme = '';
  let refs: { site_id: string; user_type_id: string };
  const call = callerOf(
    () => app,
    () => tokens.employee!,
  );
  const db = () => get().database.db;
  const byEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!;
  const roleNameOf = async (email: string) => {
    const u = await byEmail(email);
    return (
      await db()
        .select()
        .from(roles)
        .where(and(eq(roles.entityId, u.entityId), eq(roles.id, u.roleId)))
    )[0]!.name;
  };
  // Seeded logins have no phone: give each its own, so the edit passes the duplicate check.
  const asUser = (u: typeof users.$inferSelect) => ({
    full_name: u.fullName,
    email: u.email,
    phone: u.phone ?? `4477009${u.id.replace(/\D/g, '').slice(-5)}`,
    user_type_id: u.userTypeId!,
  });

  beforeAll(async () => {
    app = await seededApp(get().database);
    for (const who of ['admin', 'employee', 'system', 'reporter'])
      tokens[who] = await tokenFor(app, `${who}@acme.test`);
    tokens.tech = await tokenFor(app, 'tech-team@gatehouse.internal');
    tokens.globex = await tokenFor(app, 'admin@globex.test');
    acme = (await db().select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
    for (const r of await db().select().from(roles).where(eq(roles.entityId, acme))) role[r.name] = r.id;
    refs = {
      site_id: (await db().select().from(sites).where(eq(sites.entityId, acme)))[0]!.id,
      user_type_id: (await db().select().from(userTypes).where(eq(userTypes.entityId, acme)))[0]!.id,
    };
  });
  afterAll(async () => {
    await app.close();
  });

  it('PUT /api/invite_revoke: an employee cannot make themselves or anyone else admin', async () => {
    const self = await byEmail('employee@acme.test');
    const own = await call('PUT', '/api/invite_revoke', {
      status: 'invite',
      user_id: self.id,
      role_id: role['system admin'],
      ...refs,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'own_role_locked', message: 'You cannot change your own role.' });
    const other = await byEmail('sam.staff@acme.test');
    const up = await call('PUT', '/api/invite_revoke', {
      status: 'invite',
      user_id: other.id,
      role_id: role.admin,
      ...refs,
    });
    expect(up.json()).toMatchObject({
      code: 'role_above_own',
      message: 'You cannot give a role that allows more than your own role does.',
    });
    expect(await roleNameOf('employee@acme.test')).toBe('employee');
    expect(await roleNameOf('sam.staff@acme.test')).toBe('default users');
    expect((await byEmail('sam.staff@acme.test')).dashboardAccess).toBe(false);
    const me = await call('GET', '/api/user-role');
    expect(me.json().data.role.name).toBe('employee');
  });

  it('POST /api/users/update/{self} with role_id: refused; resending the own role still edits', async () => {
    const self = await byEmail('employee@acme.test');
    const res = await call('POST', `/api/users/update/${self.id}`, {
      ...asUser(self),
      full_name: 'Eddie Escalated',
      role_id: role['system admin'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('own_role_locked');
    expect((await byEmail('employee@acme.test')).fullName).toBe('Eddie Employee');
    const same = await call('POST', `/api/users/update/${self.id}`, { ...asUser(self), role_id: self.roleId });
    expect(same.statusCode).toBe(200);
    expect(await roleNameOf('employee@acme.test')).toBe('employee');
  });

  it('POST /api/users with an admin role_id: refused and no user created; an allowed role works', async () => {
    const input = {
      full_name: 'Mallory Made',
      email: 'mallory@acme.test',
      phone: '447700900777',
      user_type_id: refs.user_type_id,
    };
    const res = await call('POST', '/api/users', { ...input, role_id: role.admin });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('role_above_own');
    expect(await db().select().from(users).where(eq(users.email, 'mallory@acme.test'))).toHaveLength(0);
    const ok = await call('POST', '/api/users', { ...input, role_id: role.employee });
    expect(ok.statusCode).toBe(201);
    expect(await roleNameOf('mallory@acme.test')).toBe('employee');
  });

  it('POST /api/mass-action-apply-invite-users with an admin role: refused for all, nothing written', async () => {
    const self = await byEmail('employee@acme.test');
    const other = await byEmail('carla.contractor@acme.test');
    const res = await call('POST', '/api/mass-action-apply-invite-users', {
      role_id: role['system admin'],
      ...refs,
      users: [
        { id: other.id, country_code: '44', phone: '447700900555' },
        { id: self.id, country_code: '44', phone: self.phone ?? '447700900556' },
      ],
    });
    expect(res.statusCode).toBe(403);
    expect(await roleNameOf('employee@acme.test')).toBe('employee');
    const after = await byEmail('carla.contractor@acme.test');
    expect(after).toMatchObject({
      roleId: other.roleId,
      dashboardAccess: false,
      phone: other.phone,
      version: other.version,
    });
  });

  it('PUT /api/users_active, DELETE /api/users/{id} and revocations cannot remove the owner', async () => {
    const owner = await byEmail('admin@acme.test');
    const archive = await call('PUT', '/api/users_active', { user_ids: [owner.id], active: false });
    expect(archive.statusCode).toBe(403);
    expect(archive.json().code).toBe('owner_protected');
    // Not even another system admin of the company.
    const bySystem = await call('PUT', '/api/users_active', { user_ids: [owner.id], active: false }, tokens.system);
    expect(bySystem.json().code).toBe('owner_protected');
    expect((await call('DELETE', `/api/users/${owner.id}`, undefined, tokens.system)).json().code).toBe(
      'owner_protected',
    );
    expect(
      (await call('PUT', '/api/invite_revoke', { status: 'revoke', user_id: owner.id }, tokens.system)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/mass-action-apply-revoke-users', { user_ids: [owner.id] }, tokens.system)).statusCode,
    ).toBe(403);
    const demote = await call(
      'PUT',
      '/api/invite_revoke',
      { status: 'invite', user_id: owner.id, role_id: role.employee, ...refs },
      tokens.system,
    );
    expect(demote.json().code).toBe('owner_protected');
    const still = await byEmail('admin@acme.test');
    expect(still).toMatchObject({
      archived: false,
      dashboardAccess: true,
      roleId: owner.roleId,
      version: owner.version,
    });
    expect((await call('GET', '/api/user-role', undefined, tokens.admin)).statusCode).toBe(200);
  });

  it('an employee cannot archive, delete or revoke someone whose role outranks theirs', async () => {
    const boss = await byEmail('system@acme.test');
    expect((await call('PUT', '/api/users_active', { user_ids: [boss.id], active: false })).json().code).toBe(
      'user_above_own',
    );
    expect((await call('DELETE', `/api/users/${boss.id}`)).json().code).toBe('user_above_own');
    expect((await call('POST', '/api/mass-action-apply-revoke-users', { user_ids: [boss.id] })).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/users/update/${boss.id}`, { ...asUser(boss), email: 'mine@acme.test' })).statusCode,
    ).toBe(403);
    expect(await byEmail('system@acme.test')).toMatchObject({
      archived: false,
      dashboardAccess: true,
      version: boss.version,
    });
  });

  it("answers in the caller's language", async () => {
    expect((await call('POST', '/api/change-lang', { lang: 'es' }, tokens.reporter)).statusCode).toBe(200);
    const self = await byEmail('reporter@acme.test');
    const res = await call(
      'PUT',
      '/api/invite_revoke',
      { status: 'invite', user_id: self.id, role_id: role.admin, ...refs },
      tokens.reporter,
    );
    expect(res.json().message).toBe('No puedes cambiar tu propio rol.');
  });

  it('an admin still assigns roles, even system admin, and the tech team may archive an owner', async () => {
    const sam = await byEmail('sam.staff@acme.test');
    const invite = await call(
      'PUT',
      '/api/invite_revoke',
      { status: 'invite', user_id: sam.id, role_id: role['system admin'], ...refs },
      tokens.admin,
    );
    expect(invite.statusCode).toBe(200);
    expect(await roleNameOf('sam.staff@acme.test')).toBe('system admin');
    const emp = await byEmail('employee@acme.test');
    const promote = await call(
      'POST',
      `/api/users/update/${emp.id}`,
      { ...asUser(emp), role_id: role['employee with reporting'] },
      tokens.admin,
    );
    expect(promote.statusCode).toBe(200);
    expect(await roleNameOf('employee@acme.test')).toBe('employee with reporting');
    const own = await byEmail('admin@acme.test');
    expect(
      (
        await call('POST', `/api/users/update/${own.id}`, { ...asUser(own), role_id: role.employee }, tokens.admin)
      ).json().code,
    ).toBe('own_role_locked');
    // The tech-team account (globex) acts on globex's owner; the owner is restored afterwards.
    const globexOwner = await byEmail('admin@globex.test');
    expect(
      (await call('PUT', '/api/users_active', { user_ids: [globexOwner.id], active: false }, tokens.globex)).statusCode,
    ).toBe(200);
    expect((await byEmail('admin@globex.test')).archived).toBe(false);
    expect(
      (await call('PUT', '/api/users_active', { user_ids: [globexOwner.id], active: false }, tokens.tech)).statusCode,
    ).toBe(200);
    expect((await byEmail('admin@globex.test')).archived).toBe(true);
    expect(
      (await call('PUT', '/api/users_active', { user_ids: [globexOwner.id], active: true }, tokens.tech)).statusCode,
    ).toBe(200);
  });
  it('the sync mutation person.updateDetails: an employee cannot edit the details of someone who outranks them', async () => {
    const target = await byEmail('admin@acme.test');
    const push = await call('POST', '/api/sync/push', {
      deviceId: '0190f2a0-0000-7000-8000-000000000001',
      mutations: [
        {
          seq: 1,
          mutationId: '0190f2a0-0000-7000-8000-0000000000a1',
          name: 'person.updateDetails',
          clientTime: 1,
          clockOffsetMs: 0,
          args: { personId: target.id, baseVersion: target.version, patch: { fullName: 'Taken Over' } },
        },
      ],
    });
    expect(push.statusCode).toBe(200);
    expect(push.json().results[0]).toMatchObject({ status: 'rejected', code: 'user_above_own' });
    expect((await byEmail('admin@acme.test')).fullName).toBe(target.fullName);
  });
});
