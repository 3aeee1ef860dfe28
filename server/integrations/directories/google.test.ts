// The Google Workspace client against a local fake of the Admin SDK Directory API.
import { afterEach, describe, expect, it } from 'vitest';
import { startGoogleFake, type GoogleFake } from '../../../tests/fake-directories/google';
import { failure, readAll } from '../../test/directory-reads';
import { googleDirectoryClient } from './google';

let fake: GoogleFake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

function client(f: GoogleFake, overrides: { refreshToken?: string | null; timeoutMs?: number } = {}) {
  const tokens: string[] = [];
  const c = googleDirectoryClient(
    {
      kind: 'googleAD',
      accessToken: 'google-access-0',
      refreshToken: overrides.refreshToken === undefined ? 'google-refresh' : overrides.refreshToken,
      clientId: 'client',
      clientSecret: 'secret',
    },
    {
      baseUrl: f.url,
      authUrl: f.url,
      timeoutMs: overrides.timeoutMs ?? 5_000,
      onTokens: async (t) => void tokens.push(t.accessToken),
    },
  );
  return { c, tokens };
}

describe('Google Workspace directory client', () => {
  it('reads every page of 5,000 people and maps names, email, phone, org unit and suspension', async () => {
    fake = await startGoogleFake({ people: 5_000 });
    const { people, pages } = await readAll(client(fake).c);
    expect(pages).toBe(10);
    expect(new Set(people.map((p) => p.externalId)).size).toBe(5_000);
    expect(people[1]).toMatchObject({
      firstName: 'Given1',
      lastName: 'Family1',
      email: 'person1@school.example',
      phone: '+44 20 7946 0001',
      groupIds: ['/Staff'],
      active: true,
      fields: { department: 'Science', title: 'Teacher' },
    });
    expect(people[49]?.active).toBe(false);
    const groups = await client(fake).c.listGroups(null);
    expect(groups.items.map((g) => g.externalId).sort()).toEqual(['/', '/Staff', '/Students']);
  });

  it('refreshes an expired access token once, hands the new one over, and carries on', async () => {
    fake = await startGoogleFake({ people: 3 });
    const { c, tokens } = client(fake);
    fake.expireTokens();
    const page = await c.listPeople(null);
    expect(page.items).toHaveLength(3);
    expect(tokens).toEqual(['google-access-1']);
    expect(fake.requests.filter((r) => r.startsWith('POST /token'))).toHaveLength(1);
  });

  it('says auth when the refresh token is refused or missing', async () => {
    fake = await startGoogleFake({ people: 3 });
    fake.expireTokens();
    expect((await failure(client(fake, { refreshToken: 'revoked' }).c.listPeople(null))).failure).toBe('auth');
    expect((await failure(client(fake, { refreshToken: null }).c.listPeople(null))).failure).toBe('auth');
  });

  it('says auth when the new token is rejected too (no refresh loop)', async () => {
    fake = await startGoogleFake({ people: 3 });
    fake.failNext(401, 2);
    expect((await failure(client(fake).c.listPeople(null))).failure).toBe('auth');
    expect(fake.requests.filter((r) => r.startsWith('GET'))).toHaveLength(2);
    expect(fake.requests.filter((r) => r.startsWith('POST /token'))).toHaveLength(1);
  });

  it('says unavailable on a 500, a spent quota or a timeout, malformed on a broken page', async () => {
    fake = await startGoogleFake({ people: 3 });
    fake.failNext(500);
    expect((await failure(client(fake).c.listPeople(null))).failure).toBe('unavailable');
    fake.failNext(403); // userRateLimitExceeded: wait and retry, the credentials are fine
    expect((await failure(client(fake).c.listPeople(null))).failure).toBe('unavailable');
    fake.hangNext();
    expect((await failure(client(fake, { timeoutMs: 200 }).c.listPeople(null))).failure).toBe('unavailable');
    fake.malformNext();
    expect((await failure(client(fake).c.listPeople(null))).failure).toBe('malformed');
    fake.people.push({ ...fake.people[0]!, id: '' });
    expect((await failure(client(fake).c.listPeople(null))).message).toMatch(/row 4/);
  });
});
