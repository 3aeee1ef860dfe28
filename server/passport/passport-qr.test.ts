// The passport QR (domain/passport-qr.ts) resolved by a company to its own person, on PGlite and
// PostgreSQL: a valid code finds the holder, an altered or foreign-format code is refused, and
// another company (where the passport holds no one) answers 404.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { passportQrOf } from '../../domain/passport-qr';
import { eachDatabase } from '../test/databases';
import { callerOf, seededApp, testClock, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin = '';
  let qr = '';
  const call = callerOf(
    () => app,
    () => admin,
  );
  beforeAll(async () => {
    app = await seededApp(get().database, testClock());
    admin = await tokenFor(app, 'admin@acme.test');
    const reporter = await tokenFor(app, 'reporter@acme.test');
    const status = (await call('POST', '/api/check-activation-status', undefined, reporter)).json().data;
    qr = passportQrOf(status.visitor_passport_id);
  });
  afterAll(async () => {
    await app.close();
  });

  it('finds the company person a passport QR belongs to, without showing the account id', async () => {
    const res = await call('POST', '/api/passport/resolve-qr', { code: qr });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'reporter@acme.test', user_id: expect.any(String) });
    const account = (
      await call('GET', '/api/passport/account', undefined, await tokenFor(app, 'reporter@acme.test'))
    ).json().data;
    expect(qr).not.toContain(account.id);
    expect(qr).not.toContain(account.id.replace(/-/g, ''));
    // The same account always shows the same QR (a saved copy stays valid and recognisable).
    const again = (
      await call('POST', '/api/check-activation-status', undefined, await tokenFor(app, 'reporter@acme.test'))
    ).json().data;
    expect(passportQrOf(again.visitor_passport_id)).toBe(qr);
  });

  it('refuses an altered code, a visit-style code and plain text', async () => {
    const body = qr.slice(5);
    const flipped = body[10] === 'A' ? 'B' : 'A';
    const altered = `GHP1.${body.slice(0, 10)}${flipped}${body.slice(11)}`;
    for (const code of [altered, `GH1.${body}`, 'hello', `GHP1.${body}.x`]) {
      const res = await call('POST', '/api/passport/resolve-qr', { code });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().code).toBe('qr_invalid');
    }
  });

  it('answers 404 in another company, and 403 without the users permission', async () => {
    const globex = await tokenFor(app, 'admin@globex.test');
    expect((await call('POST', '/api/passport/resolve-qr', { code: qr }, globex)).statusCode).toBe(404);
    const warden = await tokenFor(app, 'warden@acme.test');
    expect((await call('POST', '/api/passport/resolve-qr', { code: qr }, warden)).statusCode).toBe(403);
  });
});
