// Dashboard access invitations against a real database: one by one (Passport Invitation Sent /
// Passport Revoked) and as mass actions with role, site, user type, country code and phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { entities, roles, sites, users, userSiteAccess, userTypes } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { callerOf, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let warden: string;
  let acme: string;
  let refs: { role_id: string; site_id: string; user_type_id: string };
  let globexSite: string;
  let people: Array<typeof users.$inferSelect>;

  const call = callerOf(
    () => app,
    () => admin,
  );
  const userRow = async (id: string) =>
    (
      await get()
        .database.db.select()
        .from(users)
        .where(and(eq(users.entityId, acme), eq(users.id, id)))
    )[0]!;

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    warden = await tokenFor(app, 'warden@acme.test');
    const db = get().database.db;
    const all = await db.select().from(entities);
    acme = all.find((e) => e.subdomain === 'acme')!.id;
    const globex = all.find((e) => e.subdomain === 'globex')!.id;
    const role = (
      await db
        .select()
        .from(roles)
        .where(and(eq(roles.entityId, acme), eq(roles.name, 'default users')))
    )[0]!;
    const site = (await db.select().from(sites).where(eq(sites.entityId, acme)))[0]!;
    const type = (await db.select().from(userTypes).where(eq(userTypes.entityId, acme)))[0]!;
    refs = { role_id: role.id, site_id: site.id, user_type_id: type.id };
    globexSite = (await db.select().from(sites).where(eq(sites.entityId, globex)))[0]!.id;
    people = (
      await db
        .select()
        .from(users)
        .where(and(eq(users.entityId, acme), eq(users.dashboardAccess, false)))
    ).filter((u) => !u.email.startsWith('admin'));
  });
  afterAll(async () => {
    await app.close();
  });

  it('invites one user (Passport Invitation Sent) with role, site and user type, and revokes (Passport Revoked)', async () => {
    const target = people[0]!;
    const res = await call('PUT', '/api/invite_revoke', { status: 'invite', user_id: target.id, ...refs });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Passport Invitation Sent');
    expect((await userRow(target.id)).dashboardAccess).toBe(true);
    const access = await get()
      .database.db.select()
      .from(userSiteAccess)
      .where(and(eq(userSiteAccess.entityId, acme), eq(userSiteAccess.userId, target.id)));
    expect(access.map((a) => a.siteId)).toContain(refs.site_id);
    const revoked = await call('PUT', '/api/invite_revoke', { status: 'revoke', user_id: target.id });
    expect(revoked.json().message).toBe('Passport Revoked');
    expect((await userRow(target.id)).dashboardAccess).toBe(false);
  });

  it("refuses an invitation without role, site or user type, or with another company's site, writing nothing", async () => {
    const target = people[1]!;
    const missing = await call('PUT', '/api/invite_revoke', { status: 'invite', user_id: target.id });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['role_id', 'site_id', 'user_type_id']));
    const foreign = await call('PUT', '/api/invite_revoke', {
      status: 'invite',
      user_id: target.id,
      ...refs,
      site_id: globexSite,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.site_id).toBeDefined();
    expect((await userRow(target.id)).dashboardAccess).toBe(false);
    expect((await call('PUT', '/api/invite_revoke', { status: 'revoke', user_id: target.id }, warden)).statusCode).toBe(
      403,
    );
  });

  describe('mass actions', () => {
    it('lists users without access, invites many with country code and phone, and revokes them', async () => {
      const list = (await call('GET', '/api/mass-action-invite-users?limit=500')).json();
      expect(list.count).toBeGreaterThanOrEqual(2);
      const picked = list.data.slice(0, 2) as Array<{ id: string }>;
      const body = { ...refs, users: picked.map((u, i) => ({ id: u.id, country_code: '+44', phone: `0799900${i}` })) };
      const res = await call('POST', '/api/mass-action-apply-invite-users', body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: { updated: 2 }, message: 'Passport Invitation Sent' });
      expect(await userRow(picked[0]!.id)).toMatchObject({
        dashboardAccess: true,
        phone: '07999000',
        countryCode: '+44',
      });
      const after = (await call('GET', '/api/mass-action-invite-users?limit=500')).json();
      expect(after.count).toBe(list.count - 2);
      const revoke = await call('POST', '/api/mass-action-apply-revoke-users', { user_ids: picked.map((u) => u.id) });
      expect(revoke.json()).toMatchObject({ data: { updated: 2 }, message: 'Passport Revoked' });
      expect((await userRow(picked[1]!.id)).dashboardAccess).toBe(false);
    });

    it('requires role, site, user type, country code and phone (digits only), and writes nothing otherwise', async () => {
      const target = (await call('GET', '/api/mass-action-invite-users?limit=1')).json().data[0] as { id: string };
      const bad = await call('POST', '/api/mass-action-apply-invite-users', {
        users: [{ id: target.id, country_code: '', phone: '07a' }],
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['role_id', 'site_id', 'user_type_id']));
      const badUser = await call('POST', '/api/mass-action-apply-invite-users', {
        ...refs,
        users: [{ id: target.id, country_code: '', phone: '07a' }],
      });
      expect(badUser.statusCode).toBe(400);
      await get()
        .database.db.update(users)
        .set({ phone: '0712345678' })
        .where(and(eq(users.entityId, acme), eq(users.email, 'admin@acme.test')));
      const clash = await call('POST', '/api/mass-action-apply-invite-users', {
        ...refs,
        users: [{ id: target.id, country_code: '+1', phone: '0712345678' }],
      });
      expect(clash.json().code).toBe('phone_exists');
      expect((await userRow(target.id)).dashboardAccess).toBe(false);
      expect((await call('POST', '/api/mass-action-apply-revoke-users', { user_ids: [] })).statusCode).toBe(400);
      expect((await call('GET', '/api/mass-action-invite-users', undefined, warden)).statusCode).toBe(403);
    });
  });
});
