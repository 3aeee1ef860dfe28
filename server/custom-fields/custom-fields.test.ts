// Section calls (spec 2 §7) against a real database: good and bad input (400 with the field's
// message, nothing written), permission keys, another company's ids, the lite plan, and writes
// reaching devices through the change feed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { PLANS } from '../../domain/constants';
import { entities, sections } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, callerOf, entityFacts, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let employee: string;
  let acme: string;
  let globexAdmin: string;
  const call = callerOf(
    () => app,
    () => admin,
  );
  const section = (name: unknown, fields: unknown[] = []) => ({ name, custom_fields: fields });
  const rating = { name: { en: 'Your visit', ar: 'زيارتك' }, type: 'rating scale', display: 'smileys' };
  const gear = { name: 'Safety gear', type: 'checkboxes', options: ['Helmet', 'Boots'], printable_on_badge: true };
  const count = async () => (await get().database.db.select().from(sections).where(eq(sections.entityId, acme))).length;
  async function pulled(token: string) {
    const res = await app.inject({ url: `/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, headers: bearer(token) });
    return res.json().changes as Array<{ table: string; id: string; op: string; data: Record<string, unknown> | null }>;
  }

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    employee = await tokenFor(app, 'employee@acme.test');
    globexAdmin = await tokenFor(app, 'admin@globex.test');
    acme = (await entityFacts(get().database, 'acme')).entity.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists the seeded section with its eight fields', async () => {
    const res = await call('GET', '/api/section/with_custom_field');
    expect(res.statusCode).toBe(200);
    const [seeded] = res.json().data;
    expect(seeded.name).toMatchObject({ en: 'Visit details', ar: 'تفاصيل الزيارة' });
    expect(seeded.custom_fields.map((f: { type: string }) => f.type)).toHaveLength(8);
  });

  it('creates a section with a rating and a checkbox field that devices receive', async () => {
    const res = await call('POST', '/api/section', section({ en: 'Feedback', es: 'Opinión' }, [rating, gear]));
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created.custom_fields).toMatchObject([
      { type: 'rating scale', display: 'smileys', binding: false, fillable_by_user: true },
      { type: 'checkboxes', options: ['Helmet', 'Boots'], printable_on_badge: true },
    ]);
    const got = await call('GET', `/api/sections/${created.id}`);
    expect(got.json().data.name).toEqual({ en: 'Feedback', es: 'Opinión' });
    const changes = await pulled(admin);
    expect(changes.some((c) => c.table === 'sections' && c.id === created.id)).toBe(true);
    const field = changes.find((c) => c.table === 'customFields' && c.id === created.custom_fields[1].id);
    expect(field?.data).toMatchObject({ sectionId: created.id, printable: true, options: ['Helmet', 'Boots'] });
  });

  it('answers whether a section name is free (any language, any case)', async () => {
    const taken = await call('GET', `/api/sections/unique?entity_id=${acme}&value=feedback`);
    expect(taken.json().data).toEqual({ unique: false });
    expect((await call('GET', '/api/sections/unique?value=Opinión')).json().data).toEqual({ unique: false });
    expect((await call('GET', '/api/sections/unique?value=Parking')).json().data).toEqual({ unique: true });
  });

  it.each([
    ['a duplicate section name', section('feedback'), 'name', 'A section with this name already exists.'],
    ['an empty section name', section('  '), 'name', 'This field is required.'],
    [
      'an unknown type',
      section('New', [{ name: 'X', type: 'colour' }]),
      'custom_fields.0.type',
      'Choose one of the eight field types.',
    ],
    ['an empty label', section('New', [{ name: '', type: 'text' }]), 'custom_fields.0.name', 'This field is required.'],
    [
      'a duplicate option',
      section('New', [{ name: 'Gear', type: 'radio buttons', options: ['Hat', 'hat'] }]),
      'custom_fields.0.options.1',
      'This option is already in the list.',
    ],
    [
      'checkboxes without options',
      section('New', [{ name: 'Gear', type: 'checkboxes' }]),
      'custom_fields.0.options',
      'Add at least one option.',
    ],
    [
      'two fields with one label',
      section('New', [
        { name: 'A', type: 'text' },
        { name: 'a', type: 'date' },
      ]),
      'custom_fields.1.name',
      'Another field in this section has this label.',
    ],
    [
      'a label another section uses',
      section('New', [{ name: 'Vehicle registration', type: 'text' }]),
      'custom_fields.0.name',
      'A field with this label already exists in another section.',
    ],
  ])('refuses %s with the field message and writes nothing', async (_what, body, field, message) => {
    const before = await count();
    const res = await call('POST', '/api/section', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toContain(message);
    expect(await count()).toBe(before);
  });

  it('updates a section: keeps, changes, adds and removes fields; devices get the removal', async () => {
    const created = (
      await call(
        'POST',
        '/api/section',
        section('Arrival', [
          { name: 'Badge no', type: 'number' },
          { name: 'Note', type: 'long text' },
        ]),
      )
    ).json().data;
    const [kept, dropped] = created.custom_fields;
    const res = await call(
      'PUT',
      `/api/section/${created.id}`,
      section({ en: 'Arrival', ar: 'الوصول' }, [
        { id: kept.id, name: 'Badge number', type: 'number', binding: true },
        { name: 'Smiley', type: 'rating scale', options: ['Bad', 'Good'] },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const after = res.json().data.custom_fields;
    expect(after[0]).toMatchObject({ id: kept.id, name: 'Badge number', binding: true });
    expect(after[1]).toMatchObject({ type: 'rating scale', options: ['Bad', 'Good'] });
    const changes = await pulled(admin);
    expect(changes.find((c) => c.id === dropped.id)?.op).toBe('del');
    // A field of another section cannot be taken over.
    const [seeded] = (await call('GET', '/api/section/with_custom_field')).json().data;
    const stolen = await call(
      'PUT',
      `/api/section/${created.id}`,
      section('Arrival', [{ id: seeded.custom_fields[0].id, name: 'Mine', type: 'text' }]),
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors['custom_fields.0.id']).toBeDefined();
  });

  it('deletes a section with its fields; devices get both removals', async () => {
    const created = (await call('POST', '/api/section', section('Temporary', [{ name: 'Temp', type: 'text' }]))).json()
      .data;
    const res = await call('DELETE', `/api/section/delete_with_custom_field/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/api/sections/${created.id}`)).statusCode).toBe(404);
    const changes = await pulled(admin);
    expect(changes.find((c) => c.id === created.id)?.op).toBe('del');
    expect(changes.find((c) => c.id === created.custom_fields[0].id)?.op).toBe('del');
  });

  it('enforces the permission keys', async () => {
    expect((await call('GET', '/api/section/with_custom_field', undefined, employee)).statusCode).toBe(403);
    expect((await call('POST', '/api/section', section('Nope'), employee)).statusCode).toBe(403);
    const [seeded] = (await call('GET', '/api/section/with_custom_field')).json().data;
    expect(
      (await call('DELETE', `/api/section/delete_with_custom_field/${seeded.id}`, undefined, employee)).statusCode,
    ).toBe(403);
  });

  it("answers 404 for another company's section and ids that are not ids", async () => {
    const [seeded] = (await call('GET', '/api/section/with_custom_field')).json().data;
    // Globex is lite: lift it to professional so only the ownership answers.
    await get().database.db.update(entities).set({ plan: PLANS.professional }).where(eq(entities.subdomain, 'globex'));
    for (const [method, url] of [
      ['GET', `/api/sections/${seeded.id}`],
      ['PUT', `/api/section/${seeded.id}`],
      ['DELETE', `/api/section/delete_with_custom_field/${seeded.id}`],
      ['GET', `/api/sections/unique?entity_id=${acme}&value=x`],
      ['GET', '/api/sections/not-a-uuid'],
    ] as const) {
      const res = await call(method, url, method === 'PUT' ? section('Mine') : undefined, globexAdmin);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    await get().database.db.update(entities).set({ plan: PLANS.lite }).where(eq(entities.subdomain, 'globex'));
  });

  it('refuses a lite company with the plan message', async () => {
    for (const [method, url] of [
      ['GET', '/api/section/with_custom_field'],
      ['POST', '/api/section'],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? section('Lite') : undefined, globexAdmin);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'custom_fields_locked',
        message: 'Custom fields are available on the Professional and Enterprise plans.',
      });
    }
  });
});
