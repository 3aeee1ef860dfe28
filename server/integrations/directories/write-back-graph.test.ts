// Write-back to Microsoft Graph against the fake Graph: each mark is a PATCH /users/{id} that
// sets the person's latest mark in extensionAttribute15; an id Graph does not know is refused.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeUser, startFakeGraph, type FakeGraph } from '../../../tests/fake-directories/microsoft-graph';
import { DirectoryError } from './directory-client';
import { microsoftGraphClient } from './microsoft-graph';

let graph: FakeGraph;
const client = () =>
  microsoftGraphClient(
    { kind: 'azureAD', tenantId: graph.tenantId, clientId: graph.clientId, clientSecret: graph.clientSecret },
    { baseUrl: graph.baseUrl, authUrl: graph.authUrl, timeoutMs: 5000 },
  );
const mark = (externalId: string, code: string, session: 'AM' | 'PM') => ({
  externalId,
  date: '2026-11-24',
  session,
  code,
  comment: null,
  signedInAt: null,
  signedOutAt: null,
});

beforeEach(async () => {
  graph = await startFakeGraph();
  graph.upsert(fakeUser(1), fakeUser(2));
});
afterEach(() => graph.close());

it('patches each person with their mark, oldest first', async () => {
  const [a, b] = [fakeUser(1).id, fakeUser(2).id];
  await client().writeBack!([mark(a, 'ATT-LATE', 'AM'), mark(b, 'ATT-PRESENT', 'AM'), mark(a, 'ATT-PRESENT', 'PM')]);
  expect(graph.writeBacks).toEqual([
    { id: a, body: { onPremisesExtensionAttributes: { extensionAttribute15: 'ATT-LATE 2026-11-24 AM' } } },
    { id: b, body: { onPremisesExtensionAttributes: { extensionAttribute15: 'ATT-PRESENT 2026-11-24 AM' } } },
    { id: a, body: { onPremisesExtensionAttributes: { extensionAttribute15: 'ATT-PRESENT 2026-11-24 PM' } } },
  ]);
});

it('says which person Graph refused', async () => {
  const refused = await client().writeBack!([mark('no-such-user', 'ATT-LATE', 'AM')]).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(DirectoryError);
  expect((refused as DirectoryError).failure).toBe('malformed');
  expect((refused as DirectoryError).message).toContain('no-such-user');
});
