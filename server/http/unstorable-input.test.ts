// Text PostgreSQL cannot store (U+0000, unpaired surrogates) is refused by the shared validation
// with a field message in the caller's language, on public and signed-in routes alike, and
// nothing is written. Should one slip past, the database's own refusals
// (22021, 22P05, 22003) are 400s too, never 500s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { expectedVisits, labels, userTypes, users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, freshAddress, seededApp, testClock, tokenFor } from '../test/harness';
import { demoFlow, multipart, visitFields } from '../preregistration/test-support';
import { toApiError } from './error-handler';
import en from '../../locales/en.json' with { type: 'json' };
import ar from '../../locales/ar.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };

const clock = testClock();

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let facts: Awaited<ReturnType<typeof demoFlow>>;
  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    facts = await demoFlow(get().database);
  });
  afterAll(async () => {
    await app.close();
  });

  const db = () => get().database.db;
  async function rowCounts() {
    const [u] = await db().select({ n: count() }).from(users);
    const [l] = await db().select({ n: count() }).from(labels);
    const [t] = await db().select({ n: count() }).from(userTypes);
    const [v] = await db().select({ n: count() }).from(expectedVisits);
    return { users: u!.n, labels: l!.n, types: t!.n, visits: v!.n };
  }
  function expectTextRefused(
    res: { statusCode: number; json: () => { code: string; message: string; errors: Record<string, string[]> } },
    field: string,
    lang: typeof en = en,
  ) {
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().message).toBe(lang.errors.validation_failed);
    expect(res.json().errors[field]).toEqual([lang.validation.text_characters]);
  }

  it('the public host search refuses a NUL in its search text, in the caller’s language', async () => {
    for (const [header, lang] of [
      ['en', en],
      ['ar', ar],
      ['es-ES', es],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/hosts/search',
        headers: { 'accept-language': header },
        payload: { journey_id: facts.flow.id, search: 'Han\u0000nah' },
        remoteAddress: freshAddress(),
      });
      expectTextRefused(res, 'search', lang as typeof en);
    }
  });

  it('refuses a NUL (or an unpaired surrogate) in text fields of signed-in writes, and writes nothing', async () => {
    const before = await rowCounts();
    const [visitor] = await db().select().from(userTypes).where(eq(userTypes.name, 'Visitor'));
    const cases: Array<[string, string, object, string]> = [
      [
        'POST',
        '/api/users',
        { full_name: 'Pat\u0000Null', email: 'pat.null@acme.test', phone: '0700111', user_type_id: visitor!.id },
        'full_name',
      ],
      [
        'POST',
        '/api/users',
        { full_name: 'Pat Surrogate\ud800', email: 'pat.sur@acme.test', phone: '0700112', user_type_id: visitor!.id },
        'full_name',
      ],
      ['POST', '/api/label', { name: 'VIP\u0000' }, 'name'],
      [
        'POST',
        '/api/user-types',
        { name: 'Guest\u0000', registration_method: 'registration not required', grace_period: 30 },
        'name',
      ],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await app.inject({ method: method as 'POST', url, headers: bearer(admin), payload });
      expectTextRefused(res, field);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a NUL in a public pre-registration form field, and no visit is made', async () => {
    const before = await rowCounts();
    const when = visitFields(clock.now());
    const body = multipart({
      journey_id: facts.flow.id,
      user_type_id: facts.type('Visitor').id,
      visit_date: when.visit_date,
      visit_time: when.visit_time,
      tz_offset: '0',
      first_name: 'Ve\u0000ra',
      last_name: 'Visitor',
      email: 'vera.null@example.com',
      phone: '0770555111',
      company_name: 'Initech',
      custom_fields: '[]',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/create-expected-visit/en',
      ...body,
      remoteAddress: freshAddress(),
    });
    expectTextRefused(res, 'first_name');
    expect(await rowCounts()).toEqual(before);
  });

  describe('what the database itself refuses', () => {
    async function refusalOf(statement: () => Promise<unknown>) {
      try {
        await statement();
      } catch (error) {
        return toApiError(error);
      }
      throw new Error('expected the statement to fail');
    }
    const [acmeAdmin] = [() => db().select().from(users).where(eq(users.email, 'admin@acme.test'))];

    it('a NUL in text or jsonb, and an integer beyond its column, are 400s with a catalogue message', async () => {
      const [row] = await acmeAdmin();
      const where = eq(users.id, row!.id);
      expect(await refusalOf(() => db().update(users).set({ fullName: 'A\u0000B' }).where(where))).toMatchObject({
        statusCode: 400,
        code: 'validation_failed',
        errors: { _: ['validation.text_characters'] },
      });
      expect(
        await refusalOf(() =>
          db()
            .update(users)
            .set({ labels: ['a\u0000b'] })
            .where(where),
        ),
      ).toMatchObject({ statusCode: 400, code: 'validation_failed', errors: { _: ['validation.text_characters'] } });
      expect(
        await refusalOf(() =>
          db()
            .update(users)
            .set({ version: 2 ** 40 })
            .where(where),
        ),
      ).toMatchObject({ statusCode: 400, code: 'validation_failed', errors: { _: ['validation.number'] } });
      const [after] = await acmeAdmin();
      expect(after).toEqual(row);
    });
  });
});
