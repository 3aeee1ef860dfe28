// Directory rows are held to the user form's rules: against the fake Paxton Net2, an integration
// that maps e-mail to a payroll custom field creates nobody from `payroll-0` (nor from a name or
// phone the form would refuse), changes nobody whose mapped value turns bad, says in the sync log
// which row, which field and which rule, and still writes the page's valid rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { integrationPeople, users } from '../db/schema/index';
import { startPaxtonFake, type PaxtonFake } from '../../tests/fake-directories/paxton';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { createIntegration, integrationForm, runSync } from '../test/integration-fixture';
import type { DirectoryPerson } from './directories/directory-client';
import { mappedPerson } from './mapped-person';

describe('mappedPerson', () => {
  const row = (o: Partial<DirectoryPerson> = {}): DirectoryPerson => ({
    externalId: 'x1',
    firstName: 'Ana',
    lastName: 'López',
    email: ' Ana.Lopez@Example.test ',
    phone: '+34 (91) 555-01.23',
    groupIds: [],
    active: true,
    fields: {},
    ...o,
  });
  const none = { mapping: {} };

  it('keeps what the form keeps: trimmed, lowercased e-mail, a phone without its spacing', () => {
    expect(mappedPerson(none, row())).toEqual({
      ok: true,
      person: { fullName: 'Ana López', email: 'ana.lopez@example.test', phone: '34915550123' },
    });
    expect(mappedPerson(none, row({ phone: null }))).toMatchObject({ ok: true, person: { phone: null } });
  });

  it('refuses the field the form refuses, with the form’s message key', () => {
    const bad = (o: Partial<DirectoryPerson>, mapping: Record<string, string> = {}) =>
      mappedPerson({ mapping }, row(o));
    expect(bad({ fields: { customField2: 'payroll-0' } }, { email: 'customField2' })).toEqual({
      ok: false,
      code: 'field_invalid',
      params: { field: 'email', reason: 'errors.invalid_email' },
    });
    expect(bad({ firstName: 'A', lastName: '' })).toMatchObject({
      params: { field: 'fullName', reason: 'validation.too_short' },
    });
    expect(bad({ lastName: 'x'.repeat(60) })).toMatchObject({
      params: { field: 'fullName', reason: 'validation.too_long' },
    });
    expect(bad({ phone: 'ext. 4404' })).toMatchObject({ params: { field: 'phone', reason: 'validation.phone' } });
    expect(bad({ phone: '1'.repeat(21) })).toMatchObject({ params: { field: 'phone', reason: 'validation.phone' } });
    expect(bad({ email: null })).toEqual({ ok: false, code: 'no_email' });
    expect(bad({ firstName: ' ', lastName: '' })).toEqual({ ok: false, code: 'no_name' });
  });
});

eachDatabase((get) => {
  let app: FastifyInstance;
  let paxton: PaxtonFake;
  let admin: string;

  const net2 = () => ({
    kind: 'paxton',
    username: paxton.operator.username,
    password: paxton.operator.password,
    clientId: paxton.clientId,
    serverUrl: paxton.url,
  });
  /** Sets the Net2 user's payroll custom field (id 2), the one the integration maps to e-mail. */
  const payroll = (i: number, value: string) => (paxton.people[i]!.customFields = [{ id: 2, value }]);
  const byEmail = async (email: string) =>
    (await get().database.db.select().from(users).where(eq(users.email, email)))[0];

  beforeAll(async () => {
    paxton = await startPaxtonFake({ people: 5 });
    app = await seededApp(get().database, testClock());
    admin = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => {
    await app?.close();
    await paxton?.close();
  });

  it('writes no one from a row the user form would refuse, logs why, and writes the valid rows', async () => {
    // Net2 user 1 keeps `payroll-0`; users 2 and 3 have real addresses; 4 has a 60-letter
    // surname, 5 an extension for a phone.
    payroll(1, 'First1.Last1@Net2.test');
    payroll(2, 'first2@net2.test');
    payroll(3, 'first3@net2.test');
    paxton.people[3]!.lastName = 'L'.repeat(60);
    payroll(4, 'first4@net2.test');
    paxton.people[4]!.telephone = 'ext. 4404';
    const form = integrationForm('Net2 staff', net2(), { mapping: { email: 'customField2' } });
    const { id } = await createIntegration(app, admin, form);

    expect(await runSync(app, admin, id)).toMatchObject({ status_id: 15, run: { created: 2, errors: 3 } });
    const one = await byEmail('first1.last1@net2.test');
    expect(one).toMatchObject({ fullName: 'First1 Last1', phone: '01223400001' });
    expect(await byEmail('first2@net2.test')).toBeDefined();
    for (const email of ['payroll-0', 'first3@net2.test', 'first4@net2.test'])
      expect(await byEmail(email), email).toBeUndefined();
    const linked = await get()
      .database.db.select({ externalId: integrationPeople.externalId })
      .from(integrationPeople)
      .where(eq(integrationPeople.integrationId, id));
    expect(linked.map((l) => l.externalId).sort()).toEqual(['2', '3']);

    const logs = async () => {
      const all = (await app.inject({ url: `/api/integrations/${id}/logs`, headers: bearer(admin) })).json().data as {
        run_id: string;
        level: string;
        code: string;
        params: object;
      }[];
      return all.filter((l) => l.run_id === all[0]!.run_id && l.code === 'field_invalid');
    };
    expect(await logs()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 'warning',
          params: { id: '1', field: 'email', reason: 'errors.invalid_email' },
        }),
        expect.objectContaining({ params: { id: '4', field: 'fullName', reason: 'validation.too_long' } }),
        expect.objectContaining({ params: { id: '5', field: 'phone', reason: 'validation.phone' } }),
      ]),
    );

    // Next sync: user 1's address is mended, user 2's turns into a payroll number. User 2 stays
    // exactly as stored (no change, no version bump) and the log says why.
    payroll(0, 'first0@net2.test');
    payroll(1, 'payroll-1');
    expect(await runSync(app, admin, id)).toMatchObject({ run: { created: 1, updated: 0, errors: 3 } });
    expect(await byEmail('first0@net2.test')).toBeDefined();
    expect(await byEmail('payroll-1')).toBeUndefined();
    const still = await get()
      .database.db.select()
      .from(users)
      .where(and(eq(users.entityId, one!.entityId), eq(users.id, one!.id)));
    expect(still[0]).toMatchObject({ email: 'first1.last1@net2.test', version: one!.version, archived: false });
    expect(await logs()).toContainEqual(
      expect.objectContaining({ params: { id: '2', field: 'email', reason: 'errors.invalid_email' } }),
    );
  });
});
