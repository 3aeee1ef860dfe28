// The permission walk: every registered /api route × every seeded role and a kiosk's device
// token. Each route declares who may call it (requirePermission(...), requireLogin() or
// config.public, read from the route table); a caller whose permissions do not grant it must
// get 403 or 404 with every plausible id of its own company, never 2xx and never 5xx.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowed, ROLE_NAMES, SYSTEM_ADMIN_ROLE } from '../domain/permissions';
import type { RouteEntry } from './app';
import type { RouteAccess } from './http/context';
import { kioskCaller, roleCallers, type Caller } from './test/callers';
import { oneDatabase } from './test/databases';
import { bearer, entityFacts, seededApp, tokenFor } from './test/harness';
import { apiRoutes, companyIds, plausibleUrls, withBody, type Method } from './test/routes';

/** Whether the route's declaration lets this caller in; public routes are not walked. */
function grants(access: RouteAccess, caller: Caller): boolean {
  if (access.kind === 'public') return true;
  if (access.kind === 'login') return !caller.device || access.devices;
  return access.keys.some((key) => isAllowed(caller.ctx.permissions, key));
}

const CALLER_NAMES = [...ROLE_NAMES, 'kiosk device token'];

/** A few of the company's ids for one route and caller, rotating with both, so that the callers
 * together still meet every id on every route while each walk stays short. A refusal comes from
 * the route's declared permission before any id is read, so more ids per caller add only time. */
function someIds(all: readonly string[], route: number, caller: number, n: number): string[] {
  if (all.length <= n) return [...all];
  return Array.from({ length: n }, (_, k) => all[(route * 7 + caller * 3 + k) % all.length]!);
}

oneDatabase((get) => {
  let app: FastifyInstance;
  let callers: Caller[];
  let ids: string[];
  let fixed: Record<string, string>;

  beforeAll(async () => {
    app = await seededApp(get().database);
    const acme = (await entityFacts(get().database, 'acme')).entity.id;
    const admin = await tokenFor(app, 'admin@acme.test');
    callers = [...(await roleCallers(app, get().database, acme)), await kioskCaller(app, get().database, acme, admin)];
    ids = await companyIds(get().database, acme);
    // Parameters that are not record ids: the caller's own entity, a language, "all" senders.
    fixed = { entityId: acme, lang: 'en', userId: 'all' };
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (route: RouteEntry, url: string, caller: Caller) =>
    app.inject({ method: route.method as Method, url, headers: bearer(caller.token), ...withBody(route.method) });
  const callerNamed = (name: string) => callers.find((c) => c.name === name)!;

  it('every /api route declares who may call it (requirePermission, requireLogin or config.public)', () => {
    const undeclared = apiRoutes(app)
      .filter((r) => !r.access)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared, 'routes with no declared permission').toEqual([]);
  });

  it('walks real routes, ids and callers (the walk is not vacuous)', async () => {
    expect(apiRoutes(app).filter((r) => r.access?.kind === 'permission').length).toBeGreaterThanOrEqual(40);
    expect(ids.length).toBeGreaterThanOrEqual(10);
    expect(callers.map((c) => c.name).sort()).toEqual([...CALLER_NAMES].sort());
    // The kiosk's own routes still accept its token: its sync pull answers.
    const kiosk = callerNamed('kiosk device token');
    const pull = await app.inject({
      url: '/api/sync/pull?deviceId=0193f3a0-0000-7000-8000-000000000001',
      headers: bearer(kiosk.token),
    });
    expect(pull.statusCode).toBe(200);
  });

  it('a kiosk device token carries only device permissions', () => {
    const granted = Object.entries(callerNamed('kiosk device token').ctx.permissions)
      .filter(([, p]) => p.pivot.allowed === 1)
      .map(([k]) => k);
    expect(granted).toEqual(['kiosk_device']);
  });

  describe.each(CALLER_NAMES)('%s', (name) => {
    const index = CALLER_NAMES.indexOf(name);
    it('gets 403 or 404 from every route whose permission it lacks', async () => {
      const caller = callerNamed(name);
      const wrong: string[] = [];
      const routes = apiRoutes(app);
      for (const [r, route] of routes.entries()) {
        if (!route.access || grants(route.access, caller)) continue;
        for (const url of plausibleUrls(route.url, someIds(ids, r, index, 2), fixed)) {
          const res = await call(route, url, caller);
          if (res.statusCode !== 403 && res.statusCode !== 404)
            wrong.push(`${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
      expect(wrong, `${name} reached routes it has no permission for`).toEqual([]);
    });

    it('gets no 5xx from the GET routes it may call', async () => {
      const caller = callerNamed(name);
      const failed: string[] = [];
      const readable = apiRoutes(app).filter(
        (r) =>
          r.method === 'GET' && r.url !== '/api/logout' && r.access?.kind !== 'public' && grants(r.access!, caller),
      );
      // The system admin, who may read every route, reads each with every id; the others a few.
      for (const [r, route] of readable.entries()) {
        const some = name === SYSTEM_ADMIN_ROLE ? ids : someIds(ids, r, index, 4);
        for (const url of plausibleUrls(route.url, some, fixed)) {
          const res = await call(route, url, caller);
          if (res.statusCode >= 500) failed.push(`GET ${url} → ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
      expect(failed).toEqual([]);
    });
  });
});
