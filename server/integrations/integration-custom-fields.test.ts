// Directory fields mapped to custom fields against the fake Microsoft Graph: the
// settings list the company's custom fields as targets and refuse an unknown or another
// company's field; the sync writes each person's values with the person, through the change
// feed (so kiosks get them), updates them on a delta, and skips a row whose value does not fit
// its field's type, saying so in the sync log, nothing half-written.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { customFields, integrations, sections, syncChanges, users } from '../db/schema/index';
import { fakeUser, startFakeGraph, type FakeGraph } from '../../tests/fake-directories/microsoft-graph';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { entraCredentials, integrationForm, runSync } from '../test/integration-fixture';

eachDatabase((get) => {
  let app: FastifyInstance;
  let graph: FakeGraph;
  let admin: string;
  const ids = { department: '', staffNumber: '', globexField: '' };

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const body = (mapping: Record<string, string>) =>
    integrationForm('Contoso staff', entraCredentials(graph), { mapping });
  const syncNow = (id: string) => runSync(app, admin, id);
  const entityOf = async (email: string) => {
    const [u] = await get().database.db.select().from(users).where(eq(users.email, email));
    return u!.entityId;
  };
  async function addField(entityId: string, name: string, type: string) {
    const db = get().database.db;
    const sectionId = uuidv7();
    await db.insert(sections).values({ entityId, id: sectionId, name: { en: `${name} section` } });
    const id = uuidv7();
    await db.insert(customFields).values({ entityId, id, sectionId, name: { en: name, ar: `${name} ع` }, type });
    return id;
  }
  const personByEmail = async (email: string) =>
    (await get().database.db.select().from(users).where(eq(users.email, email)))[0];

  beforeAll(async () => {
    graph = await startFakeGraph({ pageSize: 2 });
    process.env.GRAPH_BASE_URL = graph.baseUrl;
    process.env.GRAPH_AUTH_URL = graph.authUrl;
    app = await seededApp(get().database, testClock());
    admin = await tokenFor(app, 'admin@acme.test');
    const acme = await entityOf('admin@acme.test');
    ids.department = await addField(acme, 'Department', 'text');
    ids.staffNumber = await addField(acme, 'Staff number', 'number');
    ids.globexField = await addField(await entityOf('admin@globex.test'), 'Globex badge', 'text');
  });
  afterAll(async () => {
    await app?.close();
    await graph?.close();
    delete process.env.GRAPH_BASE_URL;
    delete process.env.GRAPH_AUTH_URL;
  });

  it('lists the company’s custom fields as targets and refuses an unknown or another company’s field', async () => {
    const targets = await call('GET', '/api/integrations/custom-fields');
    expect(targets.statusCode, targets.body).toBe(200);
    const listed = (targets.json().data as { id: string; name: { en: string }; type: string }[]).map((f) => f.id);
    expect(listed).toEqual(expect.arrayContaining([ids.department, ids.staffNumber]));
    expect(listed).not.toContain(ids.globexField);

    const before = await get().database.db.select().from(integrations);
    for (const bad of [ids.globexField, '0192f0c4-0000-7000-8000-000000000000']) {
      const res = await call('POST', '/api/integrations', body({ [`custom:${bad}`]: 'department' }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ [`mapping.custom:${bad}`]: ["Choose one of this company's custom fields."] });
    }
    expect(await get().database.db.select().from(integrations)).toHaveLength(before.length);
  });

  it('writes mapped values with the person through the change feed, updates them on a delta, skips a bad value', async () => {
    graph.upsert(
      fakeUser(1, { department: 'Science', employeeId: '1001' }),
      fakeUser(2, { department: 'Arts', employeeId: '1002' }),
      // "E-77" is no number: the row is skipped whole and the log says which field.
      fakeUser(3, { department: 'Music', employeeId: 'E-77' }),
    );
    const mapping = { [`custom:${ids.department}`]: 'department', [`custom:${ids.staffNumber}`]: 'employeeId' };
    const created = await call('POST', '/api/integrations', body(mapping));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    // Shown again on edit.
    expect((await call('GET', `/api/integrations/${id}`)).json().data.mapping).toEqual(mapping);

    const first = await syncNow(id);
    expect(first).toMatchObject({ status_id: 15, run: { created: 2, errors: 1 } });
    const one = await personByEmail('person1@contoso.test');
    expect(one?.customFields).toEqual([
      { custom_field_id: ids.department, type: 'text', value: 'Science' },
      { custom_field_id: ids.staffNumber, type: 'number', value: '1001' },
    ]);
    expect(await personByEmail('person3@contoso.test')).toBeUndefined();
    const logs = (await call('GET', `/api/integrations/${id}/logs`)).json().data as { code: string; params: object }[];
    expect(logs.find((l) => l.code === 'custom_field_invalid')?.params).toEqual({
      id: 'aad-00003',
      field: 'Staff number',
    });
    // Kiosks receive the values on the person's row.
    const fed = async (personId: string) =>
      (
        await get()
          .database.db.select()
          .from(syncChanges)
          .where(and(eq(syncChanges.tbl, 'people'), eq(syncChanges.rowId, personId)))
      )[0]?.data;
    expect((await fed(one!.id))?.customFields).toEqual(one!.customFields);

    // A delta: person 1 moved department, person 3's number was mended, person 2 unchanged.
    graph.upsert(
      fakeUser(1, { department: 'History', employeeId: '1001' }),
      fakeUser(3, { department: 'Music', employeeId: '1003' }),
    );
    const delta = await syncNow(id);
    expect(delta).toMatchObject({ status_id: 3, run: { created: 1, updated: 1, errors: 0 } });
    const moved = await personByEmail('person1@contoso.test');
    expect(moved?.customFields).toContainEqual({ custom_field_id: ids.department, type: 'text', value: 'History' });
    expect(moved?.customFields).toHaveLength(2);
    expect(moved!.version).toBe(one!.version + 1);
    expect((await fed(one!.id))?.customFields).toEqual(moved!.customFields);
    expect((await personByEmail('person3@contoso.test'))?.customFields).toContainEqual({
      custom_field_id: ids.staffNumber,
      type: 'number',
      value: '1003',
    });

    // A bad value arriving on a delta leaves the person exactly as they were.
    graph.upsert(fakeUser(2, { department: 'Drama', employeeId: 'twelve' }));
    const bad = await syncNow(id);
    expect(bad).toMatchObject({ status_id: 15, run: { updated: 0, errors: 1 } });
    const two = await personByEmail('person2@contoso.test');
    expect(two?.customFields).toContainEqual({ custom_field_id: ids.department, type: 'text', value: 'Arts' });

    // Someone already here by email is held back as a duplicate; linking writes the mapped values.
    graph.upsert(fakeUser(700, { mail: 'employee@acme.test', department: 'Finance', employeeId: '7007' }));
    expect(await syncNow(id)).toMatchObject({ run: { duplicates: 1 } });
    expect((await personByEmail('employee@acme.test'))?.customFields).toEqual([]);
    const link = await call('POST', `/api/integrations/${id}/duplicates/resolve`, {
      external_id: 'aad-00700',
      action: 'link',
    });
    expect(link.statusCode, link.body).toBe(200);
    expect((await personByEmail('employee@acme.test'))?.customFields).toEqual([
      { custom_field_id: ids.department, type: 'text', value: 'Finance' },
      { custom_field_id: ids.staffNumber, type: 'number', value: '7007' },
    ]);
  });
});
