// Company details: read and edit the own company, its subdomain rules, version
// conflicts, permissions (company_details, user_settings), cross-company 404, plan/package by the
// tech team only with their real-time events, and company creation with the owner's mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, PackageEvent, ServerToClientEvents } from '../../sync/events';
import { mailLog, roles, users } from '../db/schema/index';
import { attachRealtime } from '../realtime';
import { eachDatabase } from '../test/databases';
import { bearer, entityFacts, seededApp, tokenFor } from '../test/harness';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Facts = Awaited<ReturnType<typeof entityFacts>>;

eachDatabase((get) => {
  let app: FastifyInstance;
  let url: string;
  let admin: string;
  let tech: string;
  let acme: Facts;
  let globex: Facts;
  const sockets: Client[] = [];

  beforeAll(async () => {
    app = await seededApp(get().database);
    await attachRealtime(app, { auth: app.services.auth, hub: app.realtimeHub, pool: get().database.pool });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    admin = await tokenFor(app, 'admin@acme.test');
    tech = await tokenFor(app, 'tech-team@gatehouse.internal');
    acme = await entityFacts(get().database, 'acme');
    globex = await entityFacts(get().database, 'globex');
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: object) =>
    app.inject({ method, url: path, headers: bearer(token), ...(payload ? { payload } : {}) });
  const read = async (id = acme.entity.id, token = admin) =>
    (await call('GET', `/api/entity/${id}`, token)).json().data;
  const edit = (patch: object, base: Record<string, unknown>, token = admin) =>
    call('PUT', `/api/entity/${base.id as string}`, token, {
      name: base.name,
      subdomain: base.subdomain,
      two_step: base.two_step,
      otp_roles: base.otp_roles,
      version: base.version,
      ...patch,
    });
  async function joined(token: string): Promise<Client> {
    const socket: Client = connect(url, { transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await socket.timeout(5000).emitWithAck('join', { token });
    return socket;
  }
  async function roleToken(roleName: string, grant: Record<string, 0 | 1>): Promise<string> {
    const db = get().database.db;
    const [role] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.entityId, acme.entity.id), eq(roles.name, roleName)));
    const permissions = { ...role!.permissions };
    for (const [k, allowed] of Object.entries(grant)) permissions[k] = { pivot: { allowed } };
    await db
      .update(roles)
      .set({ permissions })
      .where(and(eq(roles.entityId, acme.entity.id), eq(roles.id, role!.id)));
    return tokenFor(app, 'employee@acme.test');
  }

  describe('reading', () => {
    it('shows the company its details, plan, package and subscription, but never the token', async () => {
      const data = await read();
      expect(data).toMatchObject({
        name: acme.entity.name,
        subdomain: 'acme',
        package: 'Cloud',
        subscription: 'cloud',
      });
      expect(data.api_token).toEqual({ generated: false, generated_at: null });
      expect(data.roles.map((r: { name: string }) => r.name)).toContain('admin');
    });

    it("answers 404 for another company's id and its subdomain check", async () => {
      expect((await call('GET', `/api/entity/${globex.entity.id}`, admin)).statusCode).toBe(404);
      const check = await call('GET', `/api/entity/${globex.entity.id}/subdomain/check?subdomain=x`, admin);
      expect(check.statusCode).toBe(404);
      expect((await call('PUT', `/api/entity/${globex.entity.id}`, admin, {})).statusCode).toBe(404);
    });

    it('refuses a role without company_details', async () => {
      const employee = await tokenFor(app, 'employee@acme.test');
      expect((await call('GET', `/api/entity/${acme.entity.id}`, employee)).statusCode).toBe(403);
      expect((await call('PUT', `/api/entity/${acme.entity.id}`, employee, {})).statusCode).toBe(403);
    });

    it('on Standalone opens only to the tech-team account', async () => {
      const globexAdmin = await tokenFor(app, 'admin@globex.test');
      expect((await call('GET', `/api/entity/${globex.entity.id}`, globexAdmin)).statusCode).toBe(403);
      expect((await read(globex.entity.id, tech)).package).toBe('Standalone');
    });

    it('lists only the own company, every company for the tech team', async () => {
      const own = (await call('GET', '/api/entities', admin)).json().data;
      expect(own.map((e: { id: string }) => e.id)).toEqual([acme.entity.id]);
      const all = (await call('GET', '/api/entities', tech)).json().data;
      expect(all.map((e: { id: string }) => e.id)).toEqual(expect.arrayContaining([acme.entity.id, globex.entity.id]));
    });
  });

  describe('subdomain', () => {
    it('checks availability: own is available to itself, taken, reserved and malformed are not', async () => {
      const check = async (s: string) =>
        (await call('GET', `/api/entity/${acme.entity.id}/subdomain/check?subdomain=${s}`, admin)).json().data;
      expect(await check('acme')).toMatchObject({ available: true });
      expect(await check('globex')).toMatchObject({ available: false, problem: 'company.validation.subdomain_taken' });
      expect(await check('www')).toMatchObject({ available: false, problem: 'company.validation.subdomain_reserved' });
      expect(await check('a_b')).toMatchObject({ available: false, problem: 'company.validation.subdomain_format' });
      const fresh = (await call('GET', '/api/subdomain/check?subdomain=acme', admin)).json().data;
      expect(fresh).toMatchObject({ available: false, problem: 'company.validation.subdomain_taken' });
    });

    it('refuses a bad subdomain beside the field and writes nothing', async () => {
      const before = await read();
      for (const [subdomain, message] of [
        ['globex', 'This subdomain is already used by another company.'],
        ['api', 'This subdomain is reserved. Choose another.'],
        ['-acme', 'Use only letters, digits and hyphens, not starting or ending with a hyphen.'],
      ]) {
        const res = await edit({ subdomain, name: 'Changed' }, before);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.subdomain).toEqual([message]);
      }
      expect(await read()).toMatchObject({ name: before.name, version: before.version });
    });
  });

  describe('editing', () => {
    it('saves name and subdomain, and a second admin saving an older version meets a conflict', async () => {
      const before = await read();
      const first = await edit({ name: 'Acme Holdings' }, before);
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({ name: 'Acme Holdings', version: before.version + 1 });
      const second = await edit({ name: 'Acme Stale' }, before);
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('version_conflict');
      expect((await read()).name).toBe('Acme Holdings');
    });

    it('changes the two-step policy with user_settings and tells the company room', async () => {
      const before = await read();
      // Not the admin's own role: that would lock this admin out until they enrol.
      const policyRole = before.roles.find((r: { name: string }) => r.name === 'fire warden').id;
      const socket = await joined(admin);
      const heard = new Promise((resolve) => socket.once('updateEntityTwoStepAuth', resolve));
      const res = await edit({ two_step: true, otp_roles: [policyRole] }, before);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ two_step: true, otp_roles: [policyRole] });
      expect(await heard).toMatchObject({ entity_id: acme.entity.id, isOtpEnabled: true });
    });

    it('refuses an otp role of another company', async () => {
      const before = await read();
      const res = await edit({ otp_roles: [globex.ids[globex.ids.length - 1]] }, before);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.otp_roles).toBeDefined();
    });

    it('needs user_settings to change the two-step policy, not to rename', async () => {
      const token = await roleToken('employee', { company_details: 1, user_settings: 0 });
      const before = await read(acme.entity.id, token);
      expect((await edit({ two_step: !before.two_step }, before, token)).statusCode).toBe(403);
      expect((await edit({ name: 'Acme Renamed' }, before, token)).statusCode).toBe(200);
      await roleToken('employee', { company_details: 0 });
    });
  });

  describe('plan and package', () => {
    it('only the tech team changes them; the events reach this company and not another', async () => {
      const before = await read();
      const refused = await call('PUT', `/api/entity/${acme.entity.id}/plan`, admin, {
        package: 'Cloud',
        plan: 3,
        version: before.version,
      });
      expect(refused.statusCode).toBe(403);
      const mine = await joined(admin);
      const other = await joined(await tokenFor(app, 'admin@globex.test'));
      const leaked: string[] = [];
      other.on('pongUpdateEntityPlan', () => leaked.push('plan'));
      other.on('pongUpdateEntityPackage', () => leaked.push('package'));
      const plan = new Promise<PackageEvent>((resolve) => mine.once('pongUpdateEntityPlan', resolve));
      const res = await call('PUT', `/api/entity/${acme.entity.id}/plan`, tech, {
        package: 'Cloud',
        plan: 3,
        version: before.version,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ plan: 3, package: 'Cloud' });
      expect(await plan).toMatchObject({ entity_id: acme.entity.id, entityPlan: 3, action: 'upgrade' });

      const pkg = new Promise<PackageEvent>((resolve) => mine.once('pongUpdateEntityPackage', resolve));
      const down = await call('PUT', `/api/entity/${acme.entity.id}/plan`, tech, {
        package: 'Standalone',
        plan: 3,
        version: res.json().data.version,
      });
      expect(down.json().data).toMatchObject({ package: 'Standalone', subscription: 'standalone' });
      expect(await pkg).toMatchObject({ entity_id: acme.entity.id, action: 'downgrade' });
      // Back to Cloud for the other tests, then make sure nothing reached Globex's room.
      await call('PUT', `/api/entity/${acme.entity.id}/plan`, tech, {
        package: 'Cloud',
        plan: 3,
        version: down.json().data.version,
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(leaked).toEqual([]);
    });
  });

  describe('creating a company', () => {
    it('is refused to a company admin', async () => {
      const body = {
        name: 'Nope',
        subdomain: 'nope',
        package: 'Cloud',
        plan: 1,
        owner_name: 'N',
        owner_email: 'n@nope.test',
      };
      const res = await call('POST', '/api/entity', admin, body);
      expect(res.statusCode).toBe(403);
    });

    it('makes the company with its owner and mails the owner a set-password link', async () => {
      const body = {
        name: 'Initech',
        subdomain: 'initech',
        package: 'Cloud',
        plan: 2,
        owner_name: 'Ina Tech',
        owner_email: 'Ina@Initech.test',
      };
      const res = await call('POST', '/api/entity', tech, body);
      expect(res.statusCode).toBe(201);
      const created = res.json().data;
      expect(created).toMatchObject({ name: 'Initech', subdomain: 'initech', plan: 2, package: 'Cloud' });
      const db = get().database.db;
      const [owner] = await db.select().from(users).where(eq(users.entityId, created.id));
      expect(owner).toMatchObject({ id: created.owner_id, email: 'ina@initech.test' });
      const mails = await db.select().from(mailLog).where(eq(mailLog.entityId, created.id));
      expect(mails.map((m) => m.to)).toEqual(['ina@initech.test']);
      const again = await call('POST', '/api/entity', tech, body);
      expect(again.statusCode).toBe(400);
      expect(again.json().errors.subdomain).toBeDefined();
    });

    it('refuses bad input beside the fields', async () => {
      const res = await call('POST', '/api/entity', tech, {
        name: 'X',
        subdomain: 'no way',
        package: 'Gold',
        plan: 9,
        owner_name: '',
        owner_email: 'nope',
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors).sort()).toEqual([
        'name',
        'owner_email',
        'owner_name',
        'package',
        'plan',
        'subdomain',
      ]);
    });
  });
});
