// The history-window setting's API as the company page uses it: the default when
// nothing is stored, a saved value read back, a value out of 1–90 refused with the catalogue's
// words in the person's language, and no access without company_details.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { entities, users } from '../db/schema/index';
import { syncScopeSettings } from '../db/schema/sync-scopes';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let acme: string;
  const db = () => get().database.db;
  const put = (token: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: '/api/sync/history-window', headers: bearer(token), payload });
  const read = (token: string) =>
    app.inject({ method: 'GET', url: '/api/sync/history-window', headers: bearer(token) });

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    const [a] = await db().select().from(entities).where(eq(entities.subdomain, 'acme'));
    acme = a!.id;
  });
  afterAll(async () => {
    await db().delete(syncScopeSettings).where(eq(syncScopeSettings.entityId, acme));
    await app.close();
  });

  it('answers 14 days with its bounds before anything is saved, and the saved value after', async () => {
    expect((await read(admin)).json().data).toEqual({ history_days: 14, default_days: 14, min_days: 1, max_days: 90 });
    expect((await put(admin, { history_days: 30 })).statusCode).toBe(200);
    expect((await read(admin)).json().data.history_days).toBe(30);
  });

  it.each([0, 91, 7.5, -3])(
    'refuses %s days with the range in the catalogue’s words, keeping the stored value',
    async (days) => {
      await put(admin, { history_days: 21 });
      const res = await put(admin, { history_days: days });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        message: en.errors.validation_failed,
        errors: { history_days: [en.historyWindow.validation.days_range] },
      });
      expect((await read(admin)).json().data.history_days).toBe(21);
    },
  );

  it('says an empty value is required, and answers in the person’s language', async () => {
    const empty = await put(admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ history_days: [en.validation.required] });
    const email = eq(users.email, 'admin@acme.test');
    await db()
      .update(users)
      .set({ lang: 'es' })
      .where(and(eq(users.entityId, acme), email));
    try {
      const spanish = await tokenFor(app, 'admin@acme.test');
      const res = await put(spanish, { history_days: 120 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: es.errors.validation_failed,
        errors: { history_days: [es.historyWindow.validation.days_range] },
      });
    } finally {
      await db()
        .update(users)
        .set({ lang: 'en' })
        .where(and(eq(users.entityId, acme), email));
    }
  });

  it('is closed to a person without company_details', async () => {
    const reporter = await tokenFor(app, 'reporter@acme.test');
    expect((await read(reporter)).statusCode).toBe(403);
    expect((await put(reporter, { history_days: 5 })).statusCode).toBe(403);
    expect((await read(admin)).json().data.history_days).not.toBe(5);
  });
});
