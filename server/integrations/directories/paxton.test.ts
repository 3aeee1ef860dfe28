// The Paxton Net2 client against a local fake of the Net2 server's REST API.
import { afterEach, describe, expect, it } from 'vitest';
import { startPaxtonFake, type PaxtonFake } from '../../../tests/fake-directories/paxton';
import { failure, readAll } from '../../test/directory-reads';
import { paxtonClient } from './paxton';

let fake: PaxtonFake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

const now = () => new Date('2026-11-25T09:00:00Z');
const client = (f: PaxtonFake, overrides: { password?: string; timeoutMs?: number } = {}) =>
  paxtonClient(
    {
      kind: 'paxton',
      username: f.operator.username,
      password: overrides.password ?? f.operator.password,
      clientId: f.clientId,
      serverUrl: f.url,
    },
    { timeoutMs: overrides.timeoutMs ?? 5_000 },
    now,
  );

describe('Paxton Net2 directory client', () => {
  it('reads every page of 5,000 users, with departments as groups and expired cards inactive', async () => {
    fake = await startPaxtonFake({ people: 5_000 });
    const c = client(fake);
    const { people, pages } = await readAll(c);
    expect(pages).toBe(11); // ten full pages of 500, then an empty last page
    expect(new Set(people.map((p) => p.externalId)).size).toBe(5_000);
    expect(people[1]).toMatchObject({
      externalId: '2',
      firstName: 'First1',
      lastName: 'Last1',
      phone: '01223 400001',
      email: null,
      groupIds: ['2'],
      active: true,
      fields: { department: 'Contractors', customField2: 'payroll-1' },
    });
    expect(people[24]?.active).toBe(false);
    expect((await c.listGroups(null)).items).toContainEqual({ externalId: '3', name: 'Cleaners' });
    // One token for the whole read.
    expect(fake.requests.filter((r) => r.startsWith('POST'))).toHaveLength(1);
  });

  it('reads a Net2 that ignores paging once, without looping', async () => {
    fake = await startPaxtonFake({ people: 1_200, ignorePaging: true });
    const { people } = await readAll(client(fake));
    expect(people).toHaveLength(1_200);
  });

  it('gets a new token when Net2 rejects the old one, and carries on', async () => {
    fake = await startPaxtonFake({ people: 3 });
    const c = client(fake);
    await c.listPeople(null);
    fake.expireTokens();
    expect((await c.listPeople(null)).items).toHaveLength(3);
    expect(fake.requests.filter((r) => r.startsWith('POST'))).toHaveLength(2);
  });

  it('says auth when the operator password no longer works', async () => {
    fake = await startPaxtonFake({ people: 3 });
    expect((await failure(client(fake, { password: 'wrong' }).listPeople(null))).failure).toBe('auth');
    const c = client(fake);
    await c.listPeople(null);
    fake.changePassword('rotated');
    expect((await failure(c.listPeople(null))).failure).toBe('auth');
  });

  it('says unavailable on a 500 and on a timeout, malformed on a broken page', async () => {
    fake = await startPaxtonFake({ people: 3 });
    fake.failNext(500);
    expect((await failure(client(fake).listPeople(null))).failure).toBe('unavailable');
    fake.hangNext();
    expect((await failure(client(fake, { timeoutMs: 200 }).listPeople(null))).failure).toBe('unavailable');
    fake.malformNext();
    expect((await failure(client(fake).listPeople(null))).failure).toBe('malformed');
  });
});
