// The tenancy walk: every registered /api route is called as an Acme admin with Globex's ids
// and must answer 404 with no Globex data; every non-public route must refuse a missing token.
// Routes come from the app's onRoute table, so a route added later is walked automatically.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { oneDatabase } from './test/databases';
import { bearer, entityFacts, freshAddress, seededApp, tokenFor } from './test/harness';
import { apiRoutes as allApiRoutes, fillPath, withBody } from './test/routes';

type Facts = Awaited<ReturnType<typeof entityFacts>>;

oneDatabase((get) => {
  let app: FastifyInstance;
  let acmeToken: string;
  let globex: Facts;
  beforeAll(async () => {
    app = await seededApp(get().database);
    acmeToken = await tokenFor(app, 'admin@acme.test');
    globex = await entityFacts(get().database, 'globex');
  });
  afterAll(async () => {
    await app.close();
  });

  const apiRoutes = () => allApiRoutes(app);
  const fill = fillPath;

  function expectNoGlobexData(body: string, where: string) {
    const lower = body.toLowerCase();
    for (const needle of [...globex.ids, ...globex.strings])
      expect(lower, `${where} leaks ${needle}`).not.toContain(needle.toLowerCase());
  }

  it('finds the routes to walk (the walk is not vacuous)', () => {
    expect(apiRoutes().length).toBeGreaterThanOrEqual(6);
    expect(apiRoutes().some((r) => r.url.includes(':'))).toBe(true);
  });

  it('every non-public route answers 401 without a token', async () => {
    for (const route of apiRoutes().filter((r) => !r.public)) {
      const url = fill(route.url, globex.entity.id);
      const response = await app.inject({ method: route.method as 'GET', url, ...withBody(route.method) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().code).toBe('unauthenticated');
    }
  });

  it("every route with a path parameter answers 404 for another entity's ids, with no data", async () => {
    for (const route of apiRoutes().filter((r) => r.url.includes(':') || r.url.includes('*'))) {
      for (const id of globex.ids) {
        const url = fill(route.url, id);
        const response = await app.inject({
          method: route.method as 'GET',
          url,
          headers: bearer(acmeToken),
          // A fresh address per call: the walk is about tenancy, not the per-address limits.
          remoteAddress: freshAddress(),
          ...withBody(route.method),
        });
        expect(response.statusCode, `${route.method} ${url}`).toBe(404);
        expect(response.headers['content-type'], `${route.method} ${url}`).toContain('application/json');
        expect(response.json().code).toBe('not_found');
        expectNoGlobexData(response.body, `${route.method} ${route.url}`);
      }
    }
    // Every parameterised route times every one of Globex's ids: a wait that grows with the API
    // and with a loaded machine, not a speed assertion.
  }, 240_000);

  it("no GET route shows an Acme admin anything of Globex's", async () => {
    for (const route of apiRoutes().filter(
      (r) => r.method === 'GET' && !r.url.includes(':') && r.url !== '/api/logout',
    )) {
      const response = await app.inject({ url: route.url, headers: bearer(acmeToken) });
      expect(response.statusCode, route.url).toBeLessThan(500);
      expectNoGlobexData(response.body, `GET ${route.url}`);
    }
  });
});
