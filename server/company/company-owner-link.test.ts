// with no SMTP the new company's set-password mail lands only in that company's
// mail log, which nobody can open yet. The tech team who created the company gets the owner's
// one-time link in the answer; with it the owner sets a password and logs in. Nobody else does.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../test/databases';
import { bearer, login, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let tech: string;

  beforeAll(async () => {
    app = await seededApp(get().database);
    tech = await tokenFor(app, 'tech-team@gatehouse.internal');
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers the tech team with the owner's one-time link, which lets the owner log in", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/entity',
      headers: bearer(tech),
      payload: {
        name: 'Northwind Clinic',
        subdomain: 'northwind',
        package: 'Cloud',
        plan: 1,
        owner_name: 'Olive Owner',
        owner_email: 'olive@northwind.test',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json().data.owner_link as { email: string; url: string; expires_at: string };
    expect(link.email).toBe('olive@northwind.test');
    expect(Number.isNaN(Date.parse(link.expires_at))).toBe(false);
    const token = new URL(link.url).pathname.split('/').pop()!;
    expect(link.url).toContain('/reset-password/');

    const inspect = await app.inject({ url: `/api/reset-password/${token}` });
    expect(inspect.json().data).toMatchObject({ email: 'olive@northwind.test', purpose: 'first' });
    const set = await app.inject({
      method: 'POST',
      url: `/api/reset-password/${token}`,
      payload: { password: 'northwind-first-1', password_confirmation: 'northwind-first-1' },
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    const { response } = await login(app, 'olive@northwind.test', 'northwind-first-1');
    expect(response.statusCode, response.body).toBe(200);
  });

  it('gives the link to nobody but the tech team', async () => {
    const admin = await tokenFor(app, 'admin@acme.test');
    const res = await app.inject({
      method: 'POST',
      url: '/api/entity',
      headers: bearer(admin),
      payload: {
        name: 'Nope',
        subdomain: 'nope',
        package: 'Cloud',
        plan: 1,
        owner_name: 'N',
        owner_email: 'n@nope.test',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('reset-password');
  });
});
