// Directory sync against the fake Microsoft Graph on a real database: a first sync of 5,000
// people across pages, a delta with adds/changes/removals (archived, never deleted), then all of
// them removed at once, an email already here reported as a duplicate, a 500 mid-sync resumed by
// Retry without doubles, bad credentials → authentication failed, deactivate, and another
// company's id → 404.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { integrationPeople, syncChanges, users } from '../db/schema/index';
import { fakeUser, startFakeGraph, type FakeGraph } from '../../tests/fake-directories/microsoft-graph';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { createIntegration, entraCredentials, integrationForm, runSync } from '../test/integration-fixture';

eachDatabase((get) => {
  let app: FastifyInstance;
  let graph: FakeGraph;
  let admin: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const body = (secret?: string) => integrationForm('Contoso staff', entraCredentials(graph, secret));
  const create = async (secret?: string) => (await createIntegration(app, admin, body(secret))).id;
  const syncNow = (id: string) => runSync(app, admin, id);
  const linked = async (id: string) =>
    Number(
      (
        await get()
          .database.db.select({ n: sql<number>`count(*)::int` })
          .from(integrationPeople)
          .where(eq(integrationPeople.integrationId, id))
      )[0]!.n,
    );

  beforeAll(async () => {
    graph = await startFakeGraph({ pageSize: 999 });
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

  it('syncs 5,000 people across pages, then a delta with adds, changes and removals', async () => {
    graph.upsert(...Array.from({ length: 5000 }, (_, i) => fakeUser(i + 1)));
    const id = await create();
    const first = await syncNow(id);
    expect(first).toMatchObject({ status_id: 3, integration_status: 'active', run: { created: 5000 } });
    expect(graph.requests.filter((r) => r.path.startsWith('/v1.0/users/delta')).length).toBe(6);
    expect(await linked(id)).toBe(5000);
    const db = get().database.db;
    const [one] = await db.select().from(users).where(eq(users.email, 'person42@contoso.test'));
    expect(one?.fullName).toBe('Given42 Family42');
    const [fed] = await db
      .select()
      .from(syncChanges)
      .where(and(eq(syncChanges.tbl, 'people'), eq(syncChanges.rowId, one!.id)));
    expect(fed).toBeDefined();

    graph.upsert(fakeUser(42, { surname: 'Married' }), fakeUser(6001));
    graph.remove('aad-00007');
    const delta = await syncNow(id);
    expect(delta).toMatchObject({ status_id: 3, run: { created: 1, updated: 1, archived: 1 } });
    const [renamed] = await db.select().from(users).where(eq(users.id, one!.id));
    expect(renamed?.fullName).toBe('Given42 Married');
    const [gone] = await db.select().from(users).where(eq(users.email, 'person7@contoso.test'));
    expect(gone?.archived).toBe(true);
    const logs = (await call('GET', `/api/integrations/${id}/logs`)).json().data as {
      code: string;
      params: { ids?: string };
    }[];
    expect(logs.find((l) => l.code === 'archived')?.params.ids).toBe('aad-00007');
    expect(await linked(id)).toBe(5001);
    // Deactivated: no schedule, but a manual sync still runs.
    expect((await call('POST', `/api/integrations/${id}/deactivate`)).json().data).toMatchObject({
      status: 'inactive',
      auto_sync: false,
    });
    expect((await syncNow(id)).status_id).toBe(3);
    await call('POST', `/api/integrations/${id}/activate`);
    graph.remove(...Array.from({ length: 5000 }, (_, i) => fakeUser(i + 1).id), 'aad-06001');
    // The directory drops everyone: all archived in one run (person 7 was already), none deleted.
    expect(await syncNow(id)).toMatchObject({ status_id: 3, run: { archived: 5000, created: 0 } });
    const left = await db
      .select({ archived: users.archived, n: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(integrationPeople, eq(integrationPeople.userId, users.id))
      .where(eq(integrationPeople.integrationId, id))
      .groupBy(users.archived);
    expect(left).toEqual([{ archived: true, n: 5001 }]);
    // PGlite writes 5,000 people slowly on a shared machine; the limit is not what is tested.
  }, 400_000);

  it('fails on a 500 mid-sync, resumes on Retry without doubles, and reports duplicates', async () => {
    graph.pageSize = 4;
    graph.upsert(...Array.from({ length: 10 }, (_, i) => fakeUser(i + 7000)));
    graph.upsert(fakeUser(7200, { mail: 'employee@acme.test' }));
    const id = await create();
    graph.failNext(1, 500, 1);
    const failed = await syncNow(id);
    expect(failed.status_id).toBe(4);
    expect(failed.run.created).toBe(4);
    const retried = await syncNow(id);
    expect(retried).toMatchObject({
      status_id: 15,
      integration_status: 'active with errors',
      run: { created: 10, duplicates: 1 },
    });
    expect(await linked(id)).toBe(10);
    const [employee] = await get().database.db.select().from(users).where(eq(users.email, 'employee@acme.test'));
    expect(employee?.fullName).not.toBe('Given7200 Family7200');
  });

  it('marks authentication failed on bad credentials, and hides the integration from another company', async () => {
    const id = await create('wrong-secret');
    const status = await syncNow(id);
    expect(status).toMatchObject({ status_id: 9, integration_status: 'authentication failed' });
    const globex = await tokenFor(app, 'admin@globex.test');
    expect((await call('GET', `/api/integrations/${id}`, undefined, globex)).statusCode).toBe(404);
    const bad = await call('POST', '/api/integrations', { ...body(), name: ' ', fields: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'sites']));
  });
});
