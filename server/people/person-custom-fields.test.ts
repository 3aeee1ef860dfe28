// A person's custom-field values through the user form's routes (POST /api/users and
// /api/users/update/:id): saved, read back on the users list and pulled by devices; a value that
// does not fit, an unknown or other-company field or an option not offered is refused with the
// field's message in the caller's language and nothing written; lite companies are refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { PLANS } from '../../domain/constants';
import { customFields, entities, userTypes, users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, callerOf, seededApp, tokenFor } from '../test/harness';

type Field = { id: string; type: string; name: { en?: string } };

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let globexAdmin: string;
  let acme: string;
  let visitor: string;
  let field: Record<string, Field>;
  let globexField: string;
  const call = callerOf(
    () => app,
    () => admin,
  );
  const person = (n: string, extra: Record<string, unknown> = {}) => ({
    full_name: `Cora ${n}`,
    email: `cora.${n}@acme.test`,
    phone: `0711${n}`,
    user_type_id: visitor,
    ...extra,
  });
  const value = (type: string, v: string | number) => ({ custom_field_id: field[type]!.id, type, value: v });
  const stored = async (id: string) =>
    (
      await get()
        .database.db.select({ values: users.customFields })
        .from(users)
        .where(and(eq(users.entityId, acme), eq(users.id, id)))
    )[0]!.values;
  const globexPlan = (plan: number) =>
    get().database.db.update(entities).set({ plan }).where(eq(entities.subdomain, 'globex'));

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    globexAdmin = await tokenFor(app, 'admin@globex.test');
    const db = get().database.db;
    [{ id: acme }] = (await db.select({ id: entities.id }).from(entities).where(eq(entities.subdomain, 'acme'))) as [
      { id: string },
    ];
    visitor = (await db.select().from(userTypes).where(eq(userTypes.entityId, acme))).find(
      (t) => t.name === 'Visitor',
    )!.id;
    const rows = await db.select().from(customFields).where(eq(customFields.entityId, acme));
    field = Object.fromEntries(rows.map((r) => [r.type, { id: r.id, type: r.type, name: r.name as { en?: string } }]));
    // Globex is lite: lift it for a moment to give it a field of its own.
    await globexPlan(PLANS.professional);
    const section = await call(
      'POST',
      '/api/section',
      { name: { en: 'Globex only' }, custom_fields: [{ name: { en: 'Badge colour' }, type: 'text' }] },
      globexAdmin,
    );
    expect(section.statusCode).toBe(201);
    globexField = section.json().data.custom_fields[0].id;
    await globexPlan(PLANS.lite);
  });
  afterAll(async () => {
    await app.close();
  });

  it('saves values of every type on create and update; the list and devices carry them', async () => {
    const created = await call(
      'POST',
      '/api/users',
      person('1', { custom_fields: [value('text', 'AB12 CDE'), value('checkboxes', '["Laptop","Tools"]')] }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    expect(created.json().data.custom_fields).toEqual([
      value('text', 'AB12 CDE'),
      value('checkboxes', '["Laptop","Tools"]'),
    ]);

    // An update names only what changed: the text is cleared, the others are added; the checkboxes stay.
    const updated = await call(
      'POST',
      `/api/users/update/${id}`,
      person('1', {
        custom_fields: [
          value('text', ''),
          value('number', '12'),
          value('date', '2026-03-31'),
          value('long text', 'Brings a van on Mondays'),
          value('rating scale', '4'),
          value('toggle button', 1),
          value('radio buttons', 'Engineering'),
        ],
      }),
    );
    expect(updated.statusCode).toBe(200);
    const values = Object.fromEntries((await stored(id)).map((e) => [e.type, e.value]));
    expect(values).toEqual({
      checkboxes: '["Laptop","Tools"]',
      number: '12',
      date: '2026-03-31',
      'long text': 'Brings a van on Mondays',
      'rating scale': '4',
      'toggle button': 1,
      'radio buttons': 'Engineering',
    });
    const list = await call('GET', `/api/users/${acme}?filterBy=${encodeURIComponent('{"search":"Cora 1"}')}`);
    expect(list.json().data[0].custom_fields).toHaveLength(7);
    const pull = await app.inject({ url: `/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, headers: bearer(admin) });
    const row = (pull.json().changes as Array<{ table: string; id: string; data: { customFields: unknown[] } }>).find(
      (c) => c.table === 'people' && c.id === id,
    );
    expect(row?.data.customFields).toHaveLength(7);

    // A save without custom_fields leaves them as they are.
    expect((await call('POST', `/api/users/update/${id}`, person('1', { full_name: 'Cora One' }))).statusCode).toBe(
      200,
    );
    expect(await stored(id)).toHaveLength(7);
  });

  it("refuses a wrong type, an unknown or other company's field and an option not offered, writing nothing", async () => {
    const id = (await call('POST', '/api/users', person('2', { custom_fields: [value('text', 'KEEP')] }))).json().data
      .id as string;
    const before = await stored(id);
    for (const [entry, key, message] of [
      [{ ...value('number', '12'), type: 'text' }, field.number!.id, "This value is not of the field's type."],
      [value('number', '1e5'), field.number!.id, 'Enter a number (digits only).'],
      [value('checkboxes', '["Laptop","Helmet"]'), field.checkboxes!.id, "Choose from the field's options."],
      [value('radio buttons', 'Catering'), field['radio buttons']!.id, "Choose from the field's options."],
      [value('date', '2026-02-30'), field.date!.id, 'Enter a real date (DD/MM/YYYY).'],
      [
        { custom_field_id: globexField, type: 'text', value: 'x' },
        globexField,
        'This custom field does not exist in your company.',
      ],
      [
        { custom_field_id: uuidv7(), type: 'text', value: 'x' },
        null,
        'This custom field does not exist in your company.',
      ],
    ] as const) {
      const res = await call(
        'POST',
        `/api/users/update/${id}`,
        person('2', { full_name: 'Changed', custom_fields: [value('text', 'NEW'), entry] }),
      );
      expect(res.statusCode, JSON.stringify(entry)).toBe(400);
      const errors = res.json().errors as Record<string, string[]>;
      expect(errors[`custom_fields.${key ?? entry.custom_field_id}`]).toEqual([message]);
      expect(Object.keys(errors)).toHaveLength(1);
    }
    expect(await stored(id)).toEqual(before);
    const [row] = await get()
      .database.db.select()
      .from(users)
      .where(and(eq(users.entityId, acme), eq(users.id, id)));
    expect(row!.fullName).toBe('Cora 2');

    // In the caller's language (their stored choice).
    expect((await call('POST', '/api/change-lang', { lang: 'ar' })).statusCode).toBe(200);
    const arabic = await call(
      'POST',
      `/api/users/update/${id}`,
      person('2', { custom_fields: [value('radio buttons', 'Catering')] }),
    );
    await call('POST', '/api/change-lang', { lang: 'en' });
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json().errors[`custom_fields.${field['radio buttons']!.id}`]).toEqual(['اختر من خيارات الحقل.']);
  });

  it("answers 404 for another company's person and 403 for values on the lite plan", async () => {
    const id = (await call('POST', '/api/users', person('3'))).json().data.id as string;
    const res = await call('POST', `/api/users/update/${id}`, person('3', { custom_fields: [] }), globexAdmin);
    expect(res.statusCode).toBe(404);

    const [gina] = await get().database.db.select().from(users).where(eq(users.email, 'admin@globex.test'));
    const types = await get().database.db.select().from(userTypes).where(eq(userTypes.entityId, gina!.entityId));
    const globexBody = {
      full_name: gina!.fullName,
      email: gina!.email,
      phone: gina!.phone ?? '0799000111',
      user_type_id: gina!.userTypeId ?? types[0]!.id,
    };
    const lite = await call(
      'POST',
      `/api/users/update/${gina!.id}`,
      { ...globexBody, custom_fields: [{ custom_field_id: globexField, type: 'text', value: 'Red' }] },
      globexAdmin,
    );
    expect(lite.statusCode).toBe(403);
    expect(lite.json()).toMatchObject({
      code: 'custom_fields_locked',
      message: 'Custom fields are available on the Professional and Enterprise plans.',
    });
    // Without values (or with none) a lite company's user form saves as before.
    expect((await call('POST', `/api/users/update/${gina!.id}`, globexBody, globexAdmin)).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/users/update/${gina!.id}`, { ...globexBody, custom_fields: [] }, globexAdmin))
        .statusCode,
    ).toBe(200);
  });
});
