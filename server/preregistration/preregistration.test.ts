// The public pre-registration calls on a real database: good input, bad input (4xx with a
// catalogue message and nothing written), and links that answer 404 for what they do not name.
import { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { verifyVisitQr } from '../../domain/qr-token';
import { expectedVisits, mailLog, signingKeys } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { freshAddress, seededApp, testClock } from '../test/harness';
import { makePng } from './test-png';
import { demoFlow, multipart, visitFields } from './test-support';

const clock = testClock();

eachDatabase((get) => {
  let app: FastifyInstance;
  let facts: Awaited<ReturnType<typeof demoFlow>>;
  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    facts = await demoFlow(get().database);
  });
  afterAll(async () => {
    await app.close();
  });

  const db = () => get().database.db;
  const visitCount = async () => (await db().select().from(expectedVisits)).length;
  const form = (extra: Record<string, string> = {}) => {
    const when = visitFields(clock.now());
    return {
      journey_id: facts.flow.id,
      user_type_id: facts.type('Visitor').id,
      visit_date: when.visit_date,
      visit_time: when.visit_time,
      tz_offset: '0',
      first_name: 'Vera',
      last_name: 'Visitor',
      email: `vera.${Math.random().toString(36).slice(2, 8)}@example.com`,
      phone: String(Math.floor(Math.random() * 1e9)),
      company_name: 'Initech',
      custom_fields: '[]',
      ...extra,
    };
  };
  const create = (fields: Record<string, string>, file?: Parameters<typeof multipart>[1], lang = 'en') => {
    const body = multipart(fields, file);
    return app.inject({
      method: 'POST',
      url: `/api/create-expected-visit/${lang}`,
      ...body,
      remoteAddress: freshAddress(),
    });
  };
  const photo = (w = 400, h = 500) => ({ name: 'me.png', type: 'image/png', bytes: makePng(w, h) });

  describe('flow lookups', () => {
    it('answers the compliance flags and user types of a flow, and 404 for unknown flows or languages', async () => {
      const flags = await app.inject({
        url: `/api/check_image_qr_compliance_status_in_pre_registration/en/${facts.flow.id}`,
      });
      expect(flags.statusCode).toBe(200);
      const photoWanted = Boolean((facts.flow.settings as { photo?: boolean }).photo);
      expect(flags.json()).toMatchObject({
        status: true,
        data: { is_qr_included: 1, is_image_required: photoWanted ? 1 : 0 },
      });
      const types = await app.inject({ url: `/api/get_pre_registration_user_type/en/${facts.flow.id}` });
      expect(types.json().data[0]).toMatchObject({ name: 'Visitor', can_register: true });
      expect(types.json().data.map((t: { name: string }) => t.name)).not.toContain('Staff');
      expect((await app.inject({ url: `/api/get_pre_registration_user_type/en/${facts.entity.id}` })).statusCode).toBe(
        404,
      );
      expect((await app.inject({ url: `/api/get_pre_registration_user_type/xx/${facts.flow.id}` })).statusCode).toBe(
        404,
      );
      const method = await app.inject({
        url: `/api/check-change-userType-registration-method/en/${facts.type('Staff').id}?journey_id=${facts.flow.id}`,
      });
      expect(method.json().data).toEqual({
        registration_method: 'pre-registered by admin',
        can_register: false,
        can_change_user_type: false,
      });
      const sections = (
        await app.inject({ url: `/api/get_custom_fields_to_expected_visit/en?journey_id=${facts.flow.id}` })
      ).json().data as Array<{ name: string; custom_fields: unknown[] }>;
      for (const section of sections) expect(section.custom_fields.length).toBeGreaterThan(0);
      // The Arabic page reads the options in Arabic; the values recorded stay the company's default.
      const arabic = (
        await app.inject({ url: `/api/get_custom_fields_to_expected_visit/ar?journey_id=${facts.flow.id}` })
      ).json().data as Array<{ custom_fields: Array<{ options: string[]; option_labels: string[] }> }>;
      const department = arabic.flatMap((x) => x.custom_fields).find((f) => f.options.includes('Sales'))!;
      expect(department.option_labels).toEqual(['المبيعات', 'الهندسة', 'المالية']);
      expect(department.options).toEqual(['Sales', 'Engineering', 'Finance']);
    });

    it('finds hosts by name only within the flow’s company', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/hosts/search',
        payload: { journey_id: facts.flow.id, search: 'Hannah H' },
      });
      expect(res.json().data).toEqual([{ id: facts.host!.id, full_name: 'Hannah Host' }]);
      const settings = await app.inject({ url: `/api/hosts/settings/${facts.flow.id}/${facts.type('Visitor').id}` });
      expect(settings.json().data.hosts).toEqual([]);
      const short = await app.inject({
        method: 'POST',
        url: '/api/hosts/search',
        payload: { journey_id: facts.flow.id, search: 'H' },
      });
      expect(short.statusCode).toBe(400);
    });
  });

  describe('create-expected-visit', () => {
    it('creates the visit, a person, a signed QR the synced key verifies, and an invitation', async () => {
      const fields = form({ host: facts.host!.id });
      const res = await create(fields, photo());
      expect(res.statusCode, res.body).toBe(201);
      const { local_qr: qr, visit_id: visitId, status } = res.json().data;
      expect(status).toBe('expected');
      const [key] = await db().select().from(signingKeys).where(eq(signingKeys.entityId, facts.entity.id));
      const verdict = await verifyVisitQr(qr, {
        subtle: webcrypto.subtle,
        publicKeyOf: (kid) => (kid === key!.id ? key!.publicKey : undefined),
        revocationOf: () => undefined,
        now: visitFields(clock.now()).at,
        entityId: facts.entity.id,
      });
      expect(verdict).toMatchObject({ ok: true, claims: { visitId } });
      const mails = await db().select().from(mailLog).where(eq(mailLog.to, fields.email));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toMatch(/\/c\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+/);
      expect(mails[0]!.status).toBe('logged');
    });

    it('refuses bad input with a catalogue message and writes nothing', async () => {
      const before = await visitCount();
      const cases: Array<[Record<string, string>, Parameters<typeof multipart>[1] | undefined, number, string]> = [
        [form({ email: 'not-an-email' }), undefined, 400, 'validation_failed'],
        [form({ visit_date: '2020-01-01' }), undefined, 400, 'visit_in_past'],
        [form(), photo(200, 500), 400, 'photo_dimensions'],
        [
          form(),
          { name: 'me.png', type: 'image/png', bytes: Buffer.from('plain text, not an image') },
          400,
          'photo_type',
        ],
        [
          form(),
          { name: 'big.png', type: 'image/png', bytes: Buffer.alloc(3 * 1024 * 1024 + 10, 1) },
          400,
          'photo_too_large',
        ],
        [form({ user_type_id: facts.type('Staff').id }), undefined, 403, 'not_allowed_to_register'],
        [form({ journey_id: facts.entity.id }), undefined, 404, 'not_found'],
      ];
      for (const [fields, file, status, code] of cases) {
        const res = await create(fields, file);
        expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
        expect(res.json().code).toBe(code);
        expect(res.json().message).toBeTruthy();
      }
      const ar = await create(form({ visit_date: '2020-01-01' }), undefined, 'ar');
      expect(ar.json().message).toBe('لا يمكن أن يكون تاريخ الزيارة ووقتها قبل الآن.');
      expect(await visitCount()).toBe(before);
    });

    it('answers error_date with a title and message when the visit already exists', async () => {
      const fields = form();
      const first = await create(fields, photo());
      expect(first.statusCode, first.body).toBe(201);
      const again = await create(fields, photo());
      expect(again.statusCode).toBe(422);
      expect(again.json()).toMatchObject({ message: 'error_date', data: { title: 'Visit already booked' } });
      const check = await app.inject({
        method: 'POST',
        url: '/api/validate-expected-visit/en',
        payload: {
          journey_id: fields.journey_id,
          email: fields.email,
          visit_date: fields.visit_date,
          visit_time: fields.visit_time,
          tz_offset: 0,
        },
      });
      expect(check.json().message).toBe('error_date');
      const found = await app.inject({
        method: 'POST',
        url: '/api/check_user_found/en',
        payload: { journey_id: fields.journey_id, email: fields.email },
      });
      // The same answer whether or not the person is on file (probe-alike.test.ts).
      expect(found.json().data).toEqual({ user_found: false });
      const type = await app.inject({
        method: 'POST',
        url: '/api/validate_user_type_pre_registration/en',
        payload: { journey_id: fields.journey_id, email: fields.email },
      });
      expect(type.json().data).toEqual({ user_exists: false, user_type: null, can_change_user_type: true });
    });

    it('starts a visit of a type needing approval as pending', async () => {
      const res = await create(form({ user_type_id: facts.type('Contractor').id }), photo());
      expect(res.json().data.status).toBe('pending');
    });
  });

  describe('the personal link', () => {
    async function invited() {
      const fields = form();
      await create(fields, photo());
      const [mail] = await db().select().from(mailLog).where(eq(mailLog.to, fields.email));
      const [, visitUrl, code] = /\/c\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(mail!.text)!;
      return { fields, visitUrl: visitUrl!, code: code! };
    }

    it('shows details with the code only, confirms once, and then says confirmed', async () => {
      const { visitUrl, code, fields } = await invited();
      const anon = await app.inject({ url: `/api/visit-by-visit-url/en/${visitUrl}` });
      expect(anon.json().data).toMatchObject({ user: null, visitMetadata: { is_expired: false, is_confirmed: false } });
      const mine = await app.inject({ url: `/api/visit-by-visit-url/en/${visitUrl}?code=${code}` });
      expect(mine.json().data.user).toMatchObject({ first_name: 'Vera', last_name: 'Visitor', email: fields.email });
      const body = {
        visit_url: visitUrl,
        code,
        user: { first_name: 'Vera', last_name: 'Visited', email: fields.email, phone: fields.phone },
      };
      const wrong = await app.inject({
        method: 'PUT',
        url: '/api/confirm/visit/en',
        payload: { ...body, code: 'nope' },
      });
      expect(wrong.statusCode).toBe(404);
      const ok = await app.inject({ method: 'POST', url: '/api/confirm/visit/en', payload: body });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.local_qr).toMatch(/^GH1\./);
      const again = await app.inject({ method: 'PUT', url: '/api/confirm/visit/en', payload: body });
      expect(again.statusCode).toBe(409);
      const after = await app.inject({ url: `/api/visit-by-visit-url/en/${visitUrl}` });
      expect(after.json().data.visitMetadata).toMatchObject({ is_expired: false, is_confirmed: true });
    });

    it('limits how often one address may probe for people', async () => {
      const remoteAddress = freshAddress();
      const probe = () =>
        app.inject({
          method: 'POST',
          url: '/api/check_user_found/en',
          payload: { journey_id: facts.flow.id, email: 'x@example.com' },
          remoteAddress,
        });
      for (let i = 0; i < 30; i++) expect((await probe()).statusCode).toBe(200);
      const refused = await probe();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('too_many_requests');
    });

    it('answers 404 for an unknown link', async () => {
      expect((await app.inject({ url: '/api/visit-by-visit-url/en/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    });
  });
});
