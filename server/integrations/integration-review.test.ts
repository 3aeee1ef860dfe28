// After a sync (spec 1 §4 "the duplicate/error screen"): a directory person with an
// email already here can only be linked to that person; one with only the same name can be
// linked or created; either way the next sync updates that one person and never doubles them,
// and another company's admin gets 404.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { syncChanges, users } from '../db/schema/index';
import { fakeUser, startFakeGraph, type FakeGraph } from '../../tests/fake-directories/microsoft-graph';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';

type Dup = { external_id: string; match: string; person: { full_name: string; email: string } };

eachDatabase((get) => {
  let app: FastifyInstance;
  let graph: FakeGraph;
  let admin: string;
  const call = (method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const sync = async (id: string) => {
    await call('POST', `/api/integrations/${id}/sync`);
    await app.services.integrationJobs.idle();
    return (await call('GET', `/api/integrations/${id}/sync-status`)).json().data as {
      status_id: number;
      run: { created: number; updated: number; duplicates: number };
    };
  };

  beforeAll(async () => {
    graph = await startFakeGraph({ pageSize: 10 });
    process.env.GRAPH_BASE_URL = graph.baseUrl;
    process.env.GRAPH_AUTH_URL = graph.authUrl;
    app = await seededApp(get().database, testClock());
    admin = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => {
    await app?.close();
    await graph?.close();
    delete process.env.GRAPH_BASE_URL;
    delete process.env.GRAPH_AUTH_URL;
  });

  it('links an email match and creates a name match, and the next sync keeps each one person', async () => {
    graph.upsert(
      fakeUser(1),
      fakeUser(2, { givenName: 'Eddie', surname: 'Employee', mail: 'employee@acme.test' }),
      fakeUser(3, { givenName: 'Sam', surname: 'Staff', mail: 'sam.staff@contoso.test' }),
    );
    const created = await call('POST', '/api/integrations', {
      name: 'Contoso',
      credentials: {
        kind: 'azureAD',
        tenantId: graph.tenantId,
        clientId: graph.clientId,
        clientSecret: graph.clientSecret,
      },
      frequency: 'weekly',
      mapping: {},
      sites: [],
      groups: [],
      fields: ['department'],
      user_type_id: null,
    });
    const id = (created.json() as { data: { id: string } }).data.id;
    expect(await sync(id)).toMatchObject({ status_id: 15, run: { created: 1, duplicates: 2 } });

    const dups = (await call('GET', `/api/integrations/${id}/duplicates`)).json().data as Dup[];
    expect(dups.map((d) => [d.external_id, d.match, d.person.full_name])).toEqual([
      ['aad-00002', 'email', 'Eddie Employee'],
      ['aad-00003', 'name', 'Sam Staff'],
    ]);
    const globex = await tokenFor(app, 'admin@globex.test');
    const resolve = (external_id: string, action: string, token = admin) =>
      call('POST', `/api/integrations/${id}/duplicates/resolve`, { external_id, action }, token);
    expect((await resolve('aad-00002', 'link', globex)).statusCode).toBe(404);
    // An email belongs to one person: creating a second one with it is refused.
    const refused = await resolve('aad-00002', 'create');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.action).toEqual([
      'This email already belongs to someone here. Link the directory person to them instead.',
    ]);
    expect((await resolve('aad-00002', 'link')).statusCode).toBe(200);
    expect((await resolve('aad-00003', 'create')).statusCode).toBe(200);
    expect((await call('GET', `/api/integrations/${id}/duplicates`)).json().data).toEqual([]);

    const db = get().database.db;
    const [eddie] = await db.select().from(users).where(eq(users.email, 'employee@acme.test'));
    const fed = await db
      .select()
      .from(syncChanges)
      .where(and(eq(syncChanges.tbl, 'people'), eq(syncChanges.rowId, eddie!.id)));
    expect(fed.length).toBeGreaterThan(0);
    const sams = await db.select().from(users).where(eq(users.fullName, 'Sam Staff'));
    expect(sams.map((s) => s.email).sort()).toEqual(['sam.staff@acme.test', 'sam.staff@contoso.test']);

    // The directory renames Eddie: the linked person changes, nobody new appears.
    graph.upsert(fakeUser(2, { givenName: 'Edward', surname: 'Employee', mail: 'employee@acme.test' }));
    expect(await sync(id)).toMatchObject({ status_id: 3, run: { created: 0, updated: 1, duplicates: 0 } });
    const [renamed] = await db.select().from(users).where(eq(users.id, eddie!.id));
    expect(renamed?.fullName).toBe('Edward Employee');
    const people = (await call('GET', `/api/integrations/${id}/people`)).json().data as { total: number };
    expect(people.total).toBe(3);
  });
});
