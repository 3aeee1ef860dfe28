// What a kiosk sends inside its journey: custom-field values checked against the flow by type
// and stored with the visit; the camera photo checked by its content. A bad one writes nothing.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, expect, it } from 'vitest';
import type { PushResponse } from '../../sync/protocol';
import { entities } from '../db/schema/entities';
import { journeyFlows, userTypes } from '../db/schema/journeys';
import { customFields } from '../db/schema/kiosk-config';
import { kioskVisits } from '../db/schema/kiosk';
import { areas } from '../db/schema/places';
import { users } from '../db/schema/people';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';
import { makePng } from '../test/png';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let kioskToken: string;
  let kioskId: string;
  let area: string;
  let flowId: string;
  let visitorType: string;
  let personId: string;
  const field: Record<string, { id: string; type: string }> = {};
  const deviceId = uuidv7();
  let seq = 0;

  const push = async (name: string, args: object) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(kioskToken),
      payload: {
        deviceId,
        mutations: [{ seq: ++seq, mutationId: uuidv7(), name, args, clientTime: Date.now(), clockOffsetMs: 0 }],
      },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as PushResponse).results[0]!;
  };
  const visitCount = async () =>
    Number(
      (
        await get()
          .database.db.select({ n: sql<number>`count(*)::int` })
          .from(kioskVisits)
      )[0]!.n,
    );
  const visit = (
    values: Array<{ custom_field_id: string; type: string; value: string | number }>,
    flow: string | null = flowId,
  ) =>
    push('kiosk.visit', {
      visitId: uuidv7(),
      personId,
      areaId: area,
      ...(flow ? { journeyFlowId: flow } : {}),
      stage: 'ready to sign in',
      signedIn: false,
      details: { source: 'kiosk', kioskId },
      customFields: values,
      at: Date.now(),
    });

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    const db = get().database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    area = (
      await db
        .select()
        .from(areas)
        .where(and(eq(areas.entityId, acme!.id), eq(areas.name, 'Reception')))
    )[0]!.id;
    visitorType = (
      await db
        .select()
        .from(userTypes)
        .where(and(eq(userTypes.entityId, acme!.id), eq(userTypes.name, 'Visitor')))
    )[0]!.id;
    const [flow] = await db
      .select()
      .from(journeyFlows)
      .where(and(eq(journeyFlows.entityId, acme!.id), eq(journeyFlows.name, 'Visitor arrival')));
    flowId = flow!.id;
    // Every one of the eight types on this flow, so each is checked.
    const all = await db.select().from(customFields).where(eq(customFields.entityId, acme!.id));
    for (const f of all) field[f.type] = { id: f.id, type: f.type };
    await db
      .update(journeyFlows)
      .set({ settings: { ...flow!.settings, custom_field_ids: all.map((f) => f.id) } })
      .where(and(eq(journeyFlows.entityId, acme!.id), eq(journeyFlows.id, flowId)));
    const res = await app.inject({
      method: 'POST',
      url: '/api/kiosk',
      headers: bearer(admin),
      payload: { kiosk_name: 'Values desk', area_id: area },
    });
    kioskToken = res.json().data.access_token;
    kioskId = res.json().data.kiosk.id;
    personId = uuidv7();
    expect(
      await push('person.register', {
        personId,
        firstName: 'Cora',
        lastName: 'Custom',
        email: 'cora@example.com',
        phone: '0770090011',
        userTypeId: visitorType,
        at: Date.now(),
      }),
    ).toMatchObject({ status: 'applied' });
  });

  const v = (type: string, value: string | number) => ({ custom_field_id: field[type]!.id, type, value });

  it('stores all eight types of values with the visit and lists them', async () => {
    const values = [
      v('text', 'AB12 CDE'),
      v('number', '3'),
      v('date', '2026-02-28'),
      v('long text', 'Meeting about the new office lease'),
      v('rating scale', '4'),
      v('toggle button', 1),
      v('checkboxes', '["Laptop","Tools"]'),
      v('radio buttons', 'Finance'),
    ];
    expect(await visit(values)).toMatchObject({ status: 'applied' });
    const listed = (await app.inject({ method: 'GET', url: '/api/kiosks/visits', headers: bearer(admin) })).json() as {
      data: Array<{ person_id: string; custom_fields: unknown }>;
    };
    expect(listed.data.find((r) => r.person_id === personId)?.custom_fields).toEqual(values);
    // And on the visitor's profile, where the user form shows them; a later visit that answers one
    // field again replaces that value only.
    const profile = async () =>
      (await get().database.db.select().from(users).where(eq(users.id, personId)))[0]!.customFields;
    expect(await profile()).toEqual(values);
    expect(await visit([v('text', 'ZZ99 ZZZ')])).toMatchObject({ status: 'applied' });
    expect(await profile()).toEqual([...values.slice(1), v('text', 'ZZ99 ZZZ')]);
  });

  it.each([
    ['text too long', () => [v('text', 'x'.repeat(51))]],
    ['a number with e', () => [v('number', '1e5')]],
    ['an impossible date', () => [v('date', '2026-02-30')]],
    ['empty long text', () => [v('long text', '   ')]],
    ['a rating outside the scale', () => [v('rating scale', '9')]],
    ['a toggle that is not 1 or 0', () => [v('toggle button', 2)]],
    ['checkboxes that are not JSON', () => [v('checkboxes', 'Laptop')]],
    ['a checkbox option that does not exist', () => [v('checkboxes', '["Laptop","Drone"]')]],
    ['a radio option that does not exist', () => [v('radio buttons', 'Marketing')]],
    ["a declared type that is not the field's", () => [{ ...v('text', 'x'), type: 'number' }]],
    ['a field twice', () => [v('text', 'a'), v('text', 'b')]],
    ['a field not on the flow', () => [{ custom_field_id: uuidv7(), type: 'text', value: 'x' }]],
  ])('rejects %s with the catalogue message and writes nothing', async (_name, values) => {
    const before = await visitCount();
    expect(await visit(values())).toMatchObject({
      status: 'rejected',
      code: 'custom_field_invalid',
      message: 'A custom field has a value that does not fit it.',
    });
    expect(await visitCount()).toBe(before);
  });

  it('rejects values without a flow to check them against', async () => {
    expect(await visit([v('text', 'x')], null)).toMatchObject({ status: 'rejected', code: 'custom_field_invalid' });
  });

  it('checks the camera photo by its content and writes nothing for a bad one', async () => {
    const dataUrl = (bytes: Buffer, mime = 'image/png') => `data:${mime};base64,${bytes.toString('base64')}`;
    const register = (photo: string, email: string) =>
      push('person.register', {
        personId: uuidv7(),
        firstName: 'Pia',
        lastName: 'Photo',
        email,
        phone: String(Date.now()).slice(-10),
        userTypeId: visitorType,
        photo,
        at: Date.now(),
      });
    const count = async () =>
      (await get().database.db.select().from(users).where(eq(users.fullName, 'Pia Photo'))).length;
    expect(await register(dataUrl(makePng(200, 300)), 'pia1@example.com')).toMatchObject({
      status: 'rejected',
      code: 'photo_dimensions',
      message: 'The photo must be 250 to 4096 pixels wide and 300 to 2688 pixels high.',
    });
    expect(await register(dataUrl(Buffer.from('not an image at all'), 'image/jpeg'), 'pia2@example.com')).toMatchObject(
      { status: 'rejected', code: 'photo_type' },
    );
    expect(await count()).toBe(0);
    expect(await register(dataUrl(makePng(250, 300)), 'pia3@example.com')).toMatchObject({ status: 'applied' });
    expect(await count()).toBe(1);
  });
});
