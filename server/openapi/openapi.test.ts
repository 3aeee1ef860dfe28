// The API document: every registered route is in /api/openapi.json with what it
// declared, the document is valid OpenAPI 3.1, its schemas are the ones the handlers really
// parse, and /api/docs serves its page and assets from this server.
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutations } from '../../sync/catalogue';
import type { RouteEntry } from '../app';
import { schemasOf, type InputPart } from '../http/route-schemas';
import { eachDatabase } from '../test/databases';
import { bearer, freshAddress, seededApp, tokenFor } from '../test/harness';
import { fillPath, hasBody, type Method } from '../test/routes';
import { documentedRoutes, openapiPath } from './document';

type Operation = {
  operationId: string;
  summary: string;
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, unknown>;
  security: unknown[];
  'x-access': unknown;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

const key = (r: RouteEntry) => `${r.method} ${r.url}`;
const hint = 'add config: { openapi: { summary, body/query/params: <the schemas its handler parses> } }';

eachDatabase((get) => {
  let app: FastifyInstance;
  let doc: Doc;
  let routes: RouteEntry[];
  beforeAll(async () => {
    app = await seededApp(get().database);
    // app.routeTable is filled by Fastify's onRoute hook as each route is registered.
    routes = documentedRoutes(app.routeTable);
    const res = await app.inject({ url: '/api/openapi.json', remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(200);
    doc = res.json<Doc>();
  });
  afterAll(async () => {
    await app.close();
  });
  const operation = (r: RouteEntry) => doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()];

  describe('completeness', () => {
    it('has an operation for every registered route', () => {
      expect(routes.length).toBeGreaterThan(100);
      const missing = routes.filter((r) => !operation(r)).map(key);
      expect(missing, 'registered routes missing from /api/openapi.json').toEqual([]);
    });

    it('has a description (config.openapi) on every registered route', () => {
      const undescribed = routes.filter((r) => !r.doc?.summary).map((r) => `${key(r)}: ${hint}`);
      expect(undescribed, 'routes without config.openapi').toEqual([]);
    });

    it('lists no operation that is not a registered route', () => {
      const registered = new Set(routes.map((r) => `${r.method.toLowerCase()} ${openapiPath(r.url)}`));
      const extra = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops)
          .map((m) => `${m} ${path}`)
          .filter((k) => !registered.has(k)),
      );
      expect(extra).toEqual([]);
    });
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("carries each route's access, path parameters and the error body shape", () => {
    for (const r of routes) {
      const op = operation(r)!;
      expect(op['x-access'], key(r)).toEqual(r.access);
      expect(op.security, key(r)).toEqual(r.access?.kind === 'public' ? [] : [{ bearer: [] }]);
      const inPath = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(inPath, key(r)).toEqual([...openapiPath(r.url).matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
      expect(op.responses.default, key(r)).toEqual({ $ref: '#/components/responses/Error' });
    }
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
    const error = (doc.components.schemas as Record<string, { required: string[] }>).Error!;
    expect(error.required).toEqual(['code', 'message', 'request_id']);
  });

  it('describes the sync push and pull and the public pre-registration calls from their schemas', () => {
    const push = doc.paths['/api/sync/push']!.post!.requestBody!.content['application/json']!.schema as {
      allOf: Array<{ properties: Record<string, unknown> }>;
    };
    expect(Object.keys(push.allOf[0]!.properties)).toEqual(expect.arrayContaining(['deviceId', 'mutations']));
    // Every catalogue mutation is listed with its args.
    const schemas = doc.components.schemas as Record<string, { oneOf?: unknown[]; properties?: { args?: unknown } }>;
    expect(schemas.SyncMutation!.oneOf).toHaveLength(Object.keys(mutations).length);
    expect(schemas['SyncMutation.visit.signIn']!.properties!.args).toMatchObject({ type: 'object' });
    const pull = doc.paths['/api/sync/pull']!.get!;
    expect(pull.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['deviceId', 'cursor']));
    const register = doc.paths['/api/confirm-registration/{lang}']!.post!;
    expect(register.security).toEqual([]);
    expect(register.requestBody).toBeDefined();
  });

  // A document copied by hand drifts; this one names the schema objects the handlers parse with.
  it('names the very schemas the handlers parse (learnt by calling every route once)', async () => {
    const token = await tokenFor(app, 'system@acme.test');
    const mismatched: string[] = [];
    for (const r of routes.filter((x) => x.url.startsWith('/api/') && x.url !== '/api/logout')) {
      await app.inject({
        method: r.method as Method,
        url: fillPath(r.url, () => uuidv7()),
        remoteAddress: freshAddress(),
        headers: { ...bearer(token), 'content-type': 'application/json' },
        ...(hasBody(r.method) ? { payload: '{}' } : {}),
      });
      for (const part of ['body', 'query', 'params'] as InputPart[]) {
        const parsed = schemasOf(r.method, r.url, part);
        const declared = r.doc?.[part as 'body' | 'query' | 'params'];
        if (r.doc && parsed.length && !parsed.includes(declared!))
          mismatched.push(
            `${key(r)}: the handler parses request.${part} with a schema config.openapi.${part} does not name`,
          );
      }
    }
    expect(mismatched, 'config.openapi names another schema than the handler parses').toEqual([]);
  });

  describe('/api/docs', () => {
    it('serves the page and every asset it links, from this server, under the CSP', async () => {
      const page = await app.inject({ url: '/api/docs', remoteAddress: freshAddress() });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      const links = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(links.length).toBeGreaterThanOrEqual(4);
      expect(
        links.filter((l) => /^(https?:)?\/\//.test(l)),
        'nothing from another host',
      ).toEqual([]);
      expect(page.body).not.toMatch(/<script>[^<]/);
      for (const link of links) {
        const asset = await app.inject({
          url: new URL(link, 'http://x/api/docs').pathname,
          remoteAddress: freshAddress(),
        });
        expect(asset.statusCode, link).toBe(200);
        expect(asset.rawPayload.length, link).toBeGreaterThan(100);
      }
      const bundle = await app.inject({
        url: '/api/docs/swagger-ui-bundle.js',
        headers: { 'accept-encoding': 'br' },
        remoteAddress: freshAddress(),
      });
      expect(bundle.headers['content-encoding']).toBe('br');
      expect(bundle.headers['content-type']).toContain('javascript');
    });

    it('answers 404 for a file it does not serve', async () => {
      for (const file of ['index.html', 'constructor', '..%2Fpackage.json']) {
        const res = await app.inject({ url: `/api/docs/${file}`, remoteAddress: freshAddress() });
        expect(res.statusCode, file).toBe(404);
        expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['code', 'message', 'request_id']));
      }
    });
  });
});
