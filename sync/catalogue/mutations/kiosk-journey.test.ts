import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { mutate, type MutateDeps } from '../../client';
import { MemoryDevice } from '../../memory-store';
import type { ArgsOf } from '..';

const FORM = uuidv7();
const FLOW = uuidv7();
const TYPE = uuidv7();
const VISIT = uuidv7();

/** A kiosk that pulled its configuration: a two-question form, a flow with a threshold, an expected visit. */
function kiosk() {
  const d = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => 1_000);
  d.table('complianceForms').set(FORM, {
    id: FORM,
    name: 'Health',
    version: 1,
    agreementText: null,
    questions: [
      { id: 'fever', text: 'Fever?', desired: 'no' },
      { id: 'well', text: 'Well?', desired: 'yes' },
    ],
  });
  d.table('journeyFlows').set(FLOW, {
    id: FLOW,
    journeyId: uuidv7(),
    name: 'Visitor',
    settings: { temperature_check: true, temperature_threshold: 37.5, print_badge: true },
  });
  d.table('userTypes').set(TYPE, { id: TYPE, name: 'Visitor', registrationMethod: 'registration allowed' });
  return d;
}

function journey(patch: Partial<ArgsOf<'kiosk.journey'>> = {}): ArgsOf<'kiosk.journey'> {
  const personId = uuidv7();
  return {
    visitId: uuidv7(),
    personId,
    kioskId: uuidv7(),
    areaId: uuidv7(),
    journeyFlowId: FLOW,
    method: 'new',
    signInEventId: uuidv7(),
    stage: 'ready to sign in',
    at: 1_000,
    customFields: [],
    registration: {
      personId,
      firstName: 'Vera',
      lastName: 'Visitor',
      email: 'Vera@Example.com',
      phone: '0770090001',
      userTypeId: TYPE,
      customFields: [],
      at: 1_000,
    },
    compliance: {
      answerId: uuidv7(),
      complianceId: FORM,
      complianceVersion: 1,
      agreed: true,
      answers: [
        { questionId: 'fever', answer: 'no' },
        { questionId: 'well', answer: 'yes' },
      ],
    },
    checks: { checkId: uuidv7(), temperature: { raw: '36.6', threshold: 37.5 }, mask: true },
    host: { notificationId: uuidv7(), hostId: uuidv7(), message: 'At reception' },
    ...patch,
  };
}

const rows = (d: MemoryDevice, table: string) => [...d.table(table).values()];

describe('kiosk.journey on a device', () => {
  it('writes the person, answer, checks, visit, sign-in event and host notification with ONE outbox entry', async () => {
    const d = kiosk();
    const a = journey();
    expect(await mutate(d.deps(), 'kiosk.journey', a)).toMatchObject({ ok: true });
    expect(d.outbox.map((e) => e.name)).toEqual(['kiosk.journey']);
    expect(rows(d, 'people')).toEqual([
      expect.objectContaining({ id: a.personId, fullName: 'Vera Visitor', email: 'vera@example.com' }),
    ]);
    expect(rows(d, 'complianceAnswers')).toEqual([
      expect.objectContaining({ personId: a.personId, outcome: 'passed', visitId: a.visitId }),
    ]);
    expect(rows(d, 'visitChecks')).toEqual([
      expect.objectContaining({ passed: true, temperature: expect.objectContaining({ celsius: 36.6 }) }),
    ]);
    expect(rows(d, 'kioskVisits')).toEqual([
      expect.objectContaining({ id: a.visitId, stage: 'ready to sign in', signedIn: true }),
    ]);
    expect(rows(d, 'visitEvents')).toEqual([
      expect.objectContaining({ id: a.signInEventId, kind: 'in', personId: a.personId, userTypeId: TYPE }),
    ]);
    expect(rows(d, 'hostNotifications')).toEqual([
      expect.objectContaining({ hostId: a.host!.hostId, visitId: a.visitId }),
    ]);
  });

  it('judges the answers by the form it holds: a failed answer stores "compliance failed" and no sign-in, whatever stage was shown', async () => {
    const d = kiosk();
    const a = journey({
      compliance: {
        answerId: uuidv7(),
        complianceId: FORM,
        complianceVersion: 1,
        agreed: true,
        answers: [{ questionId: 'fever', answer: 'yes' }],
      },
    });
    await mutate(d.deps(), 'kiosk.journey', a);
    expect(rows(d, 'kioskVisits')).toEqual([expect.objectContaining({ stage: 'compliance failed', signedIn: false })]);
    expect(rows(d, 'visitEvents')).toEqual([]);
  });

  it("marks the QR's expected visit arrived only when the person goes in; a pending visit waits for approval", async () => {
    const d = kiosk();
    d.table('expectedVisits').set(VISIT, { id: VISIT, personId: 'p', status: 'approved', arrivedAt: null });
    await mutate(d.deps(), 'kiosk.journey', journey({ expectedVisitId: VISIT, registration: undefined, method: 'qr' }));
    expect(d.table('expectedVisits').get(VISIT)).toMatchObject({ arrivedAt: 1_000 });
    const p = kiosk();
    p.table('expectedVisits').set(VISIT, { id: VISIT, personId: 'p', status: 'pending', arrivedAt: null });
    await mutate(p.deps(), 'kiosk.journey', journey({ expectedVisitId: VISIT, registration: undefined, method: 'qr' }));
    expect(rows(p, 'kioskVisits')).toEqual([
      expect.objectContaining({ stage: 'waiting for admin approval', signedIn: false }),
    ]);
    expect(p.table('expectedVisits').get(VISIT)).toMatchObject({ arrivedAt: null });
  });

  it('writes all rows or none: a write that fails leaves no row and no outbox entry', async () => {
    const d = kiosk();
    const deps = d.deps();
    const failing: MutateDeps = {
      ...deps,
      transaction: (fn, tables) =>
        deps.transaction(
          (tx) =>
            fn({
              ...tx,
              put: async (table, row) => {
                if (table === 'hostNotifications') throw new Error('disk full');
                await tx.put(table, row);
              },
            }),
          tables,
        ),
    };
    await expect(mutate(failing, 'kiosk.journey', journey())).rejects.toThrow('disk full');
    for (const t of ['people', 'complianceAnswers', 'visitChecks', 'kioskVisits', 'visitEvents', 'hostNotifications'])
      expect(rows(d, t)).toEqual([]);
    expect(d.outbox).toEqual([]);
  });

  it('refuses a registration for another person id and writes nothing', async () => {
    const d = kiosk();
    const a = journey();
    const r = await mutate(d.deps(), 'kiosk.journey', { ...a, personId: uuidv7() });
    expect(r.ok).toBe(false);
    expect(d.outbox).toEqual([]);
    expect(rows(d, 'kioskVisits')).toEqual([]);
  });
});

describe('a required certificate on a device', () => {
  const DOC_FORM = uuidv7();
  /** The kiosk holds a form requiring an EU certificate, and the person's documents as facts only. */
  function documentKiosk(documents: Array<{ id: string } & Record<string, unknown>>) {
    const d = kiosk();
    d.table('complianceForms').set(DOC_FORM, {
      ...d.table('complianceForms').get(FORM),
      id: DOC_FORM,
      documentRequired: true,
      protocols: ['eu_dcc'],
      acceptNegativePcr: true,
      pcrValidDays: 3,
    });
    for (const doc of documents) d.table('personDocuments').set(doc.id, doc);
    return d;
  }
  const returning = (personId: string, form = DOC_FORM) => {
    const a = journey();
    return {
      ...a,
      personId,
      registration: undefined,
      method: 'search' as const,
      compliance: { ...a.compliance!, complianceId: form },
    };
  };
  const NOW = Date.UTC(2026, 11, 3, 9);

  it('holds a visitor with no valid certificate for reception: no sign-in, the status kept on the visit', async () => {
    const person = uuidv7();
    const d = documentKiosk([
      {
        id: uuidv7(),
        personId: person,
        type: 'covid_vaccine',
        status: 'ACTIVE',
        expiryDate: '2026-01-01',
        facts: { vaccine_protocol: 'eu_dcc' },
      },
    ]);
    await mutate(d.deps(), 'kiosk.journey', { ...returning(person), at: NOW });
    expect(rows(d, 'kioskVisits')).toEqual([
      expect.objectContaining({
        stage: 'waiting for admin approval',
        signedIn: false,
        details: expect.objectContaining({ document: 'expired' }),
      }),
    ]);
    expect(rows(d, 'visitEvents')).toEqual([]);
  });

  it('lets a visitor whose valid certificate is on the profile go in, and refuses a positive test', async () => {
    const vaccinated = uuidv7();
    const positive = uuidv7();
    const d = documentKiosk([
      {
        id: uuidv7(),
        personId: vaccinated,
        type: 'covid_vaccine',
        status: 'ACTIVE',
        expiryDate: '2027-01-01',
        facts: { vaccine_protocol: 'eu_dcc' },
      },
      {
        id: uuidv7(),
        personId: positive,
        type: 'pcr_test',
        status: 'ACTIVE',
        expiryDate: null,
        facts: { pcr_result: 'positive', pcr_date_taken: '2026-12-02' },
      },
    ]);
    await mutate(d.deps(), 'kiosk.journey', { ...returning(vaccinated), at: NOW });
    await mutate(d.deps(), 'kiosk.journey', { ...returning(positive), at: NOW });
    const byPerson = new Map(rows(d, 'kioskVisits').map((r) => [r.personId, r]));
    expect(byPerson.get(vaccinated)).toMatchObject({ stage: 'ready to sign in', signedIn: true });
    expect(byPerson.get(positive)).toMatchObject({ stage: 'compliance failed', signedIn: false });
    expect(rows(d, 'visitEvents').map((e) => e.personId)).toEqual([vaccinated]);
  });

  it('reception approves a held visit offline: the person is in from the decision, and a second decision changes nothing', async () => {
    const person = uuidv7();
    const d = documentKiosk([]);
    const a = { ...returning(person), at: NOW };
    await mutate(d.deps(), 'kiosk.journey', a);
    const eventId = uuidv7();
    await mutate(d.deps(), 'visit.decide', { visitId: a.visitId, decision: 'approved', eventId, at: NOW + 60_000 });
    await mutate(d.deps(), 'visit.decide', {
      visitId: a.visitId,
      decision: 'rejected',
      eventId: uuidv7(),
      at: NOW + 90_000,
    });
    expect(d.table('kioskVisits').get(a.visitId)).toMatchObject({
      stage: 'approved by admin',
      signedIn: true,
      details: expect.objectContaining({
        decision: expect.objectContaining({ decision: 'approved', at: NOW + 60_000 }),
      }),
    });
    expect(rows(d, 'visitEvents')).toEqual([
      expect.objectContaining({ id: eventId, personId: person, kind: 'in', at: NOW + 60_000 }),
    ]);
    expect(d.outbox.map((e) => e.name)).toEqual(['kiosk.journey', 'visit.decide', 'visit.decide']);
  });

  it('a refused visit stays out', async () => {
    const person = uuidv7();
    const d = documentKiosk([]);
    const a = { ...returning(person), at: NOW };
    await mutate(d.deps(), 'kiosk.journey', a);
    await mutate(d.deps(), 'visit.decide', {
      visitId: a.visitId,
      decision: 'rejected',
      eventId: uuidv7(),
      at: NOW + 1,
    });
    expect(d.table('kioskVisits').get(a.visitId)).toMatchObject({ stage: 'rejected by admin', signedIn: false });
    expect(rows(d, 'visitEvents')).toEqual([]);
  });
});

describe('kiosk.signOut on a device', () => {
  it('writes one sign-out event with its reason', async () => {
    const d = kiosk();
    const personId = uuidv7();
    await mutate(d.deps(), 'kiosk.signOut', {
      eventId: uuidv7(),
      personId,
      kioskId: uuidv7(),
      areaId: uuidv7(),
      method: 'search',
      reason: { reasonId: 'r1' },
      at: 5,
    });
    expect(rows(d, 'visitEvents')).toEqual([
      expect.objectContaining({
        personId,
        kind: 'out',
        details: expect.objectContaining({ source: 'kiosk', reasonId: 'r1' }),
      }),
    ]);
  });
});
