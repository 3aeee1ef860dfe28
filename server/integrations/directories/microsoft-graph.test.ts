// The Microsoft Graph client against the fake Graph server: paging, delta rounds with removals,
// a token refreshed after it expired, and the three failures the sync job maps to statuses.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeUser, startFakeGraph, type FakeGraph } from '../../../tests/fake-directories/microsoft-graph';
import { readAll } from '../../test/directory-reads';
import { DirectoryError, type DirectoryClient } from './directory-client';
import { microsoftGraphClient } from './microsoft-graph';

let graph: FakeGraph;
let client: DirectoryClient;
const clientFor = (g: FakeGraph, secret = g.clientSecret) =>
  microsoftGraphClient(
    { kind: 'azureAD', tenantId: g.tenantId, clientId: g.clientId, clientSecret: secret },
    { baseUrl: g.baseUrl, authUrl: g.authUrl, timeoutMs: 5000 },
  );
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => 'none',
    (e: unknown) => (e instanceof DirectoryError ? e.failure : `other: ${String(e)}`),
  );

beforeEach(async () => {
  graph = await startFakeGraph({ pageSize: 3 });
  graph.upsert(...Array.from({ length: 7 }, (_, i) => fakeUser(i + 1)));
  client = clientFor(graph);
});
afterEach(() => graph.close());

it('lists every person across pages with their fields and groups', async () => {
  graph.upsert(fakeUser(8, { memberOf: ['grp-staff'], mobilePhone: '+44 7700 900001' }));
  const { people: all, pages } = await readAll(client);
  expect(pages).toBe(3);
  expect(all).toHaveLength(8);
  const eight = all.find((p) => p.externalId === 'aad-00008')!;
  expect(eight).toMatchObject({
    firstName: 'Given8',
    lastName: 'Family8',
    email: 'person8@contoso.test',
    phone: '+44 7700 900001',
    groupIds: ['grp-staff'],
    active: true,
  });
  expect(eight.fields.department).toBe('Arts');
  expect((await client.listGroups(null)).items).toEqual([{ externalId: 'grp-staff', name: 'Staff' }]);
});

it('reads a delta round, then only the adds, changes and removals since its cursor', async () => {
  let cursor: string | null = null;
  let token: string | null = null;
  const first: string[] = [];
  do {
    const page = await client.changesSince!(cursor, token);
    first.push(...page.upserts.map((p) => p.externalId));
    token = page.next;
    if (!token) cursor = page.cursor;
  } while (token);
  expect(first).toHaveLength(7);
  expect(cursor).toContain('deltatoken');

  graph.upsert(fakeUser(2, { surname: 'Renamed' }), fakeUser(20));
  graph.remove('aad-00005');
  const changes = await client.changesSince!(cursor, null);
  expect(changes.upserts.map((p) => [p.externalId, p.lastName])).toEqual([
    ['aad-00002', 'Renamed'],
    ['aad-00020', 'Family20'],
  ]);
  expect(changes.removedIds).toEqual(['aad-00005']);
  expect(changes.next).toBeNull();
  expect(changes.cursor).toContain('deltatoken');
});

it('asks for a new token once when Graph says the old one expired', async () => {
  await client.listPeople(null);
  expect(graph.tokenRequests).toBe(1);
  graph.expireTokens();
  const page = await client.listPeople(null);
  expect(page.items).toHaveLength(3);
  expect(graph.tokenRequests).toBe(2);
});

it('maps a refused secret to auth, a 500 to unavailable and a page without ids to malformed', async () => {
  expect(await failureOf(clientFor(graph, 'wrong-secret').listPeople(null))).toBe('auth');
  graph.failNext(1, 503);
  expect(await failureOf(client.listPeople(null))).toBe('unavailable');
  graph.failNext(2, 401);
  expect(await failureOf(client.listPeople(null))).toBe('auth');
  graph.upsert(fakeUser(9, { id: '' }));
  expect(await failureOf(client.listPeople(null))).toBe('malformed');
});
