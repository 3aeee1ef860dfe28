// the tech team is recognised by users.platform_staff, which only the platform
// sets, never by its e-mail. Renaming oneself to the tech-team address gives nothing: an
// employee cannot then lock the owner out, and a company admin cannot list every company or
// mint another company's API token. The real tech-team account keeps its powers.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { TECH_TEAM_EMAIL } from '../../domain/constants';
import { entities, users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { callerOf, login, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  let acme: typeof entities.$inferSelect;
  let globex: typeof entities.$inferSelect;
  const call = callerOf(
    () => app,
    () => tokens.employee!,
  );
  const db = () => get().database.db;
  const byEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!;
  const rename = (token: string, u: typeof users.$inferSelect, phone: string) =>
    call(
      'POST',
      `/api/users/update/${u.id}`,
      { full_name: u.fullName, email: TECH_TEAM_EMAIL, phone, user_type_id: u.userTypeId! },
      token,
    );

  beforeAll(async () => {
    app = await seededApp(get().database);
    for (const who of ['admin', 'employee']) tokens[who] = await tokenFor(app, `${who}@acme.test`);
    tokens.tech = await tokenFor(app, TECH_TEAM_EMAIL);
    const all = await db().select().from(entities);
    acme = all.find((e) => e.subdomain === 'acme')!;
    globex = all.find((e) => e.subdomain === 'globex')!;
  });
  afterAll(async () => {
    await app.close();
  });

  it('an employee renamed to the tech-team address cannot archive the owner', async () => {
    const me = await byEmail('employee@acme.test');
    const renamed = await rename(tokens.employee!, me, '5551112222');
    expect(renamed.statusCode).toBe(200);
    const owner = acme.ownerId!;
    const lock = await call('PUT', '/api/users_active', { user_ids: [owner], active: false });
    expect(lock.statusCode).toBe(403);
    const [ownerRow] = await db().select().from(users).where(eq(users.id, owner));
    expect(ownerRow!.archived).toBe(false);
    // A fresh login under the new address is not the tech team either.
    const { body } = await login(app, TECH_TEAM_EMAIL, undefined, { subdomain: 'acme' });
    expect(body.data.user.isTechTeam).toBe(false);
    const renamedRow = (await db().select().from(users).where(eq(users.id, me.id)))[0]!;
    expect(renamedRow.platformStaff).toBe(false);
  });

  it('a company admin renamed to the tech-team address sees only its own company and mints no token', async () => {
    const admin = (await db().select().from(users).where(eq(users.email, 'admin@acme.test')))[0]!;
    // The employee above holds the address in acme already: the admin is refused the duplicate,
    // so free it first (what the attacker would do) and rename.
    const employee = (await db().select().from(users).where(eq(users.entityId, acme.id))).find(
      (u) => u.email === TECH_TEAM_EMAIL,
    );
    if (employee) await db().update(users).set({ email: 'employee@acme.test' }).where(eq(users.id, employee.id));
    expect((await rename(tokens.admin!, admin, '5551113333')).statusCode).toBe(200);
    const list = await call('GET', '/api/entities', undefined, tokens.admin);
    expect(list.statusCode).toBe(200);
    const ids = (list.json().data as Array<{ id: string }>).map((e) => e.id);
    expect(ids).not.toContain(globex.id);
    const mint = await call('POST', `/api/entity/${globex.id}/api-token`, {}, tokens.admin);
    expect([403, 404]).toContain(mint.statusCode);
    await db().update(users).set({ email: 'admin@acme.test' }).where(eq(users.id, admin.id));
  });

  it('nobody edits their own privilege-bearing fields: access, second factor, role', async () => {
    const admin = await byEmail('admin@acme.test');
    const revokeSelf = await call('PUT', '/api/invite_revoke', { status: 'revoke', user_id: admin.id }, tokens.admin);
    expect(revokeSelf.statusCode).toBe(403);
    expect(revokeSelf.json()).toMatchObject({
      code: 'own_access_locked',
      message: 'You cannot change your own access.',
    });
    const resetSelf = await call('POST', `/api/users/${admin.id}/two-step/reset`, {}, tokens.admin);
    expect(resetSelf.json()).toMatchObject({ code: 'own_access_locked' });
    const me = await byEmail('employee@acme.test');
    const [adminRole] = await db().select({ id: users.roleId }).from(users).where(eq(users.id, admin.id));
    const promote = await call('POST', `/api/users/update/${me.id}`, {
      full_name: me.fullName,
      email: me.email,
      phone: '5551115555',
      user_type_id: me.userTypeId!,
      role_id: adminRole!.id,
    });
    expect(promote.statusCode).toBe(403);
    expect((await byEmail('admin@acme.test')).dashboardAccess).toBe(true);
    expect((await byEmail('employee@acme.test')).roleId).toBe(me.roleId);
  });

  it('the seeded tech-team account carries the flag and keeps its powers', async () => {
    const staff = (await db().select().from(users).where(eq(users.platformStaff, true))).map((u) => u.email);
    expect(staff).toEqual([TECH_TEAM_EMAIL]);
    const list = await call('GET', '/api/entities', undefined, tokens.tech);
    expect((list.json().data as Array<{ id: string }>).map((e) => e.id)).toEqual(
      expect.arrayContaining([acme.id, globex.id]),
    );
  });

  it('no company route sets the flag: an edit naming platform_staff is ignored', async () => {
    const me = await byEmail('employee@acme.test');
    const res = await call('POST', `/api/users/update/${me.id}`, {
      full_name: me.fullName,
      email: me.email,
      phone: '5551114444',
      user_type_id: me.userTypeId!,
      platform_staff: true,
      platformStaff: true,
    });
    expect([200, 400]).toContain(res.statusCode);
    expect((await byEmail('employee@acme.test')).platformStaff).toBe(false);
  });
});
