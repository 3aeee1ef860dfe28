// The Wonde client against a local fake of the Wonde API v1.0.
import { afterEach, describe, expect, it } from 'vitest';
import { startWondeFake, type WondeFake } from '../../../tests/fake-directories/wonde';
import { failure, readAll } from '../../test/directory-reads';
import type { DirectoryChanges, DirectoryClient } from './directory-client';
import { wondeClient } from './wonde';

let fake: WondeFake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

let clock = new Date('2026-11-20T08:00:00Z');
const now = () => clock;

const client = (f: WondeFake, timeoutMs = 5_000) =>
  wondeClient({ kind: 'wonde', schoolId: f.schoolId, token: 'wonde-token' }, { baseUrl: f.url, timeoutMs }, now);

async function readChanges(c: DirectoryClient, cursor: string | null) {
  const all: DirectoryChanges = { upserts: [], removedIds: [], next: null, cursor: null };
  let token: string | null = null;
  do {
    const page = await c.changesSince!(cursor, token);
    all.upserts.push(...page.upserts);
    all.removedIds.push(...page.removedIds);
    all.cursor = page.cursor;
    token = page.next;
  } while (token);
  return all;
}

describe('Wonde directory client', () => {
  it('reads every page of 5,000 students and employees with contact details and classes', async () => {
    fake = await startWondeFake({ students: 4_500, employees: 500, now });
    const { people, pages } = await readAll(client(fake));
    expect(pages).toBe(23 + 3);
    expect(new Set(people.map((p) => p.externalId)).size).toBe(5_000);
    expect(people[0]).toMatchObject({
      externalId: 'S1000000',
      firstName: 'Pupil0',
      lastName: 'Surname0',
      email: 'student0@school.example',
      phone: '07700 900000',
      groupIds: ['C100'],
      active: true,
      fields: { type: 'student', upi: 'UPI0', mis_id: '1' },
    });
    expect(people.at(-1)?.fields.type).toBe('employee');
    const groups = await client(fake).listGroups(null);
    expect(groups.items).toContainEqual({ externalId: 'C100', name: '7A Maths' });
  });

  it('reads adds, changes and removals (deleted and left) since a cursor', async () => {
    clock = new Date('2026-11-20T07:00:00Z');
    fake = await startWondeFake({ students: 5, employees: 2, now });
    clock = new Date('2026-11-20T08:00:00Z');
    const first = await readChanges(client(fake), null);
    expect(first.upserts).toHaveLength(7);
    expect(first.removedIds).toEqual([]);
    expect(first.cursor).toBe('2026-11-20 07:59:00');

    clock = new Date('2026-11-21T09:30:00Z');
    fake.update('S1000001', { surname: 'Married' });
    fake.add({
      id: 'S2000000',
      type: 'student',
      mis_id: '99',
      forename: 'New',
      surname: 'Pupil',
      email: null,
      phone: null,
      classIds: [],
    });
    fake.remove('E1000001');
    fake.leave('S1000004');
    const second = await readChanges(client(fake), first.cursor);
    expect(second.upserts.map((p) => [p.externalId, p.lastName])).toEqual([
      ['S1000001', 'Married'],
      ['S2000000', 'Pupil'],
    ]);
    expect(second.removedIds.sort()).toEqual(['E1000001', 'S1000004']);
    expect(second.cursor).toBe('2026-11-21 09:29:00');
    expect(fake.requests.some((r) => r.includes('updated_after=2026-11-20+07%3A59%3A00'))).toBe(true);
  });

  it('writes back session attendance exactly as Wonde takes it', async () => {
    fake = await startWondeFake({ students: 2, now });
    const base = { signedInAt: '2026-11-24T08:40:00Z', signedOutAt: null };
    await client(fake).writeBack!([
      {
        externalId: 'S1000000',
        date: '2026-11-24',
        session: 'AM',
        code: 'ATT-PRESENT',
        comment: 'Kiosk sign-in',
        ...base,
      },
      { externalId: 'S1000001', date: '2026-11-24', session: null, code: 'ATT-LATE', comment: null, ...base },
    ]);
    expect(fake.writeBacks).toEqual([
      {
        attendance: [
          {
            date: '2026-11-24',
            session: 'AM',
            student_id: 'S1000000',
            attendance_code_id: 'ATT-PRESENT',
            comment: 'Kiosk sign-in',
          },
          { date: '2026-11-24', session: 'AM', student_id: 'S1000001', attendance_code_id: 'ATT-LATE' },
          { date: '2026-11-24', session: 'PM', student_id: 'S1000001', attendance_code_id: 'ATT-LATE' },
        ],
      },
    ]);
    const refused = client(fake).writeBack!([
      { ...base, externalId: 'S1000000', date: '2026-11-24', session: 'AM', code: '', comment: null },
    ]);
    expect((await failure(refused)).failure).toBe('malformed');
  });

  it('says auth on a revoked token, unavailable on 500 or timeout, malformed on a broken page', async () => {
    fake = await startWondeFake({ students: 3, now });
    fake.failNext(500);
    expect((await failure(client(fake).listPeople(null))).failure).toBe('unavailable');
    fake.hangNext();
    expect((await failure(client(fake, 200).listPeople(null))).failure).toBe('unavailable');
    fake.malformNext();
    expect((await failure(client(fake).listPeople(null))).failure).toBe('malformed');
    fake.expireTokens();
    expect((await failure(client(fake).listPeople(null))).failure).toBe('auth');
  });
});
