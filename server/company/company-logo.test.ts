// The company logo (checked by content, ≥ 200 × 45, ≤ 2 MB, SVG refused when active) and the
// API integration token (shown once, stored hashed, regenerate revokes, narrow scope).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { entities } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, entityFacts, seededApp, tokenFor } from '../test/harness';
import { makePng } from '../test/png';
import { kioskCaller } from '../test/callers';
import { v7 as uuidv7 } from 'uuid';

type Facts = Awaited<ReturnType<typeof entityFacts>>;
const svg = (body: string, attrs = 'width="300" height="60"') =>
  Buffer.from(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`).toString('base64');

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let acme: Facts;
  let globex: Facts;

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    acme = await entityFacts(get().database, 'acme');
    globex = await entityFacts(get().database, 'globex');
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: object) =>
    app.inject({ method, url: path, headers: bearer(token), ...(payload ? { payload } : {}) });
  const version = async () => (await call('GET', `/api/entity/${acme.entity.id}`, admin)).json().data.version as number;
  const upload = async (logo: string) =>
    call('PUT', `/api/entity/${acme.entity.id}/logo`, admin, { logo, version: await version() });

  describe('logo', () => {
    it('stores a PNG and serves it publicly from the URL the company now carries', async () => {
      const res = await upload(`data:image/png;base64,${makePng(400, 100).toString('base64')}`);
      expect(res.statusCode).toBe(200);
      const logo = res.json().data.logo as string;
      expect(logo).toMatch(/^\/api\/company-logo\//);
      const served = await app.inject({ url: logo });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      // The login answer (what the top bar reads) carries it too.
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'admin@acme.test', password: 'gatehouse-demo' },
      });
      expect(login.json().data.user.entity.logo).toBe(logo);
    });

    it('reaches kiosks: a device pull carries the company row with the new logo', async () => {
      const kiosk = await kioskCaller(app, get().database, acme.entity.id, admin);
      const logo = (await upload(makePng(360, 90).toString('base64'))).json().data.logo;
      const pull = await app.inject({
        url: `/api/sync/pull?deviceId=${uuidv7()}&limit=5000`,
        headers: bearer(kiosk.token),
      });
      expect(pull.statusCode).toBe(200);
      const rows = (pull.json().changes as { table: string; data: { logo: string | null } | null }[]).filter(
        (c) => c.table === 'companies',
      );
      expect(rows.at(-1)?.data?.logo).toBe(logo);
    });

    it('replacing the logo retires the old URL', async () => {
      const first = (await upload(makePng(300, 80).toString('base64'))).json().data.logo;
      const second = (await upload(makePng(320, 80).toString('base64'))).json().data.logo;
      expect(second).not.toBe(first);
      expect((await app.inject({ url: first })).statusCode).toBe(404);
      expect((await app.inject({ url: second })).statusCode).toBe(200);
    });

    it('refuses too small, too big and non-images beside the field, writing nothing', async () => {
      const before = (await call('GET', `/api/entity/${acme.entity.id}`, admin)).json().data;
      const cases: [string, string][] = [
        [makePng(199, 100).toString('base64'), 'small'],
        [makePng(400, 44).toString('base64'), 'small'],
        [Buffer.alloc(2 * 1024 * 1024 + 10, 1).toString('base64'), 'big'],
        [Buffer.from('GIF89a not a logo').toString('base64'), 'type'],
      ];
      for (const [logo] of cases) {
        const res = await upload(logo);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.logo).toHaveLength(1);
      }
      const small = await upload(makePng(120, 40).toString('base64'));
      expect(small.json().errors.logo).toEqual(['The logo must be at least 200 pixels wide and 45 pixels high.']);
      const after = (await call('GET', `/api/entity/${acme.entity.id}`, admin)).json().data;
      expect(after).toMatchObject({ logo: before.logo, version: before.version });
    });

    it('accepts a plain SVG (size from width/height or viewBox) and serves it sandboxed', async () => {
      const res = await upload(svg('<rect width="300" height="60" fill="#123"/>', 'viewBox="0 0 300 60"'));
      expect(res.statusCode).toBe(200);
      const served = await app.inject({ url: res.json().data.logo });
      expect(served.headers['content-type']).toBe('image/svg+xml');
      expect(served.headers['content-security-policy']).toContain('sandbox');
    });

    it.each([
      ['a script', '<script>alert(1)</script>'],
      ['foreignObject', '<foreignObject><div>x</div></foreignObject>'],
      ['an event handler', '<rect width="10" height="10" onclick="alert(1)"/>'],
      ['an external reference', '<image href="https://evil.test/x.png" width="10" height="10"/>'],
      ['a javascript: link', '<a xlink:href="javascript:alert(1)"><text>x</text></a>'],
      ['an external url() in a style', '<rect style="fill:url(https://evil.test/#g)" width="1" height="1"/>'],
    ])('refuses an SVG with %s', async (_name, body) => {
      const res = await upload(svg(body));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.logo).toHaveLength(1);
    });

    it('refuses a tiny SVG', async () => {
      expect((await upload(svg('<rect/>', 'width="100" height="20"'))).statusCode).toBe(400);
    });

    it("another company's logo route and id answer 404", async () => {
      const res = await call('PUT', `/api/entity/${globex.entity.id}/logo`, admin, { logo: 'x', version: 1 });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('API integration token', () => {
    it('is shown once, stored hashed, and reads the own company only', async () => {
      const res = await call('POST', `/api/entity/${acme.entity.id}/api-token`, admin);
      expect(res.statusCode).toBe(200);
      const { token } = res.json().data;
      expect(token).toMatch(/^gh_/);
      const [row] = await get().database.db.select().from(entities).where(eq(entities.id, acme.entity.id));
      expect(row!.apiTokenHash).not.toContain(token);
      const details = (await call('GET', `/api/entity/${acme.entity.id}`, admin)).json().data;
      expect(JSON.stringify(details)).not.toContain(token);
      expect(details.api_token.generated).toBe(true);

      const byToken = await call('GET', `/api/entity/${acme.entity.id}`, token);
      expect(byToken.statusCode).toBe(200);
      expect(byToken.json().data.name).toBe(acme.entity.name);
      expect((await call('GET', `/api/entity/${globex.entity.id}`, token)).statusCode).toBe(404);
      // Narrow: no other route accepts it, not even this company's edit.
      expect((await call('PUT', `/api/entity/${acme.entity.id}`, token, {})).statusCode).toBe(401);
      expect((await call('GET', '/api/entities', token)).statusCode).toBe(401);
      expect((await call('GET', `/api/user_details`, token)).statusCode).toBe(401);
    });

    it('regenerating revokes the old token', async () => {
      const old = (await call('POST', `/api/entity/${acme.entity.id}/api-token`, admin)).json().data.token;
      const fresh = (await call('POST', `/api/entity/${acme.entity.id}/api-token`, admin)).json().data.token;
      expect((await call('GET', `/api/entity/${acme.entity.id}`, old)).statusCode).toBe(401);
      expect((await call('GET', `/api/entity/${acme.entity.id}`, fresh)).statusCode).toBe(200);
    });

    it('needs company_details to generate', async () => {
      const employee = await tokenFor(app, 'employee@acme.test');
      expect((await call('POST', `/api/entity/${acme.entity.id}/api-token`, employee)).statusCode).toBe(403);
    });
  });
});
