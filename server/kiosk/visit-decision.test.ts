// A required certificate and reception's decision, against real databases: the server judges a
// kiosk journey by the documents IT holds (whatever stage the kiosk showed), holds a visitor
// without a valid certificate, lets reception approve (the person goes in then) or refuse, and
// refuses a second decision, a decision by a kiosk, and another company's visit.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PushResponse } from '../../sync/protocol';
import { entities } from '../db/schema/entities';
import { userTypes } from '../db/schema/journeys';
import { complianceForms } from '../db/schema/kiosk-config';
import { kioskVisits } from '../db/schema/kiosk';
import { areas } from '../db/schema/places';
import { visitEvents } from '../db/schema/visits';
import { userDocuments } from '../db/schema/user-documents';
import { eachDatabase } from '../test/databases';
import { makePng } from '../test/png';
import { bearer, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let kioskToken: string;
  let kioskId: string;
  let adminToken: string;
  let globexToken: string;
  let area: string;
  let visitorType: string;
  let formId: string;
  const seqs = new Map<string, number>();
  const devices = new Map<string, string>();

  beforeAll(async () => {
    app = await seededApp(get().database);
    const db = get().database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    area = (
      await db
        .select()
        .from(areas)
        .where(and(eq(areas.entityId, acme!.id), eq(areas.name, 'Reception')))
    )[0]!.id;
    visitorType = (
      await db
        .select()
        .from(userTypes)
        .where(and(eq(userTypes.entityId, acme!.id), eq(userTypes.name, 'Visitor')))
    )[0]!.id;
    formId = uuidv7();
    await db.insert(complianceForms).values({
      entityId: acme!.id,
      id: formId,
      name: { en: 'Certificate check' },
      questions: [{ id: 'well', text: 'Are you well?', desired: 'yes' }],
      documentRequired: true,
      protocols: ['eu_dcc'],
      acceptNegativePcr: true,
      pcrValidDays: 3,
    });
    adminToken = await tokenFor(app, 'admin@acme.test');
    globexToken = await tokenFor(app, 'admin@globex.test');
    const res = await app.inject({
      method: 'POST',
      url: '/api/kiosk',
      headers: bearer(adminToken),
      payload: { kiosk_name: 'Certificate desk', area_id: area },
    });
    kioskToken = res.json().data.access_token;
    kioskId = res.json().data.kiosk.id;
  });

  const push = async (token: string, name: string, args: object) => {
    const deviceId = devices.get(token) ?? devices.set(token, uuidv7()).get(token)!;
    const seq = (seqs.get(token) ?? 0) + 1;
    seqs.set(token, seq);
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(token),
      payload: {
        deviceId,
        mutations: [{ seq, mutationId: uuidv7(), name, args, clientTime: Date.now(), clockOffsetMs: 0 }],
      },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as PushResponse).results[0]!;
  };

  /** A visitor registered at the kiosk, answering the certificate form; shown "ready" by the device. */
  const arrival = () => {
    const personId = uuidv7();
    const n = Math.floor(Math.random() * 1e8);
    return {
      visitId: uuidv7(),
      personId,
      kioskId,
      areaId: area,
      method: 'new',
      signInEventId: uuidv7(),
      stage: 'ready to sign in',
      at: Date.now(),
      customFields: [],
      registration: {
        personId,
        firstName: 'Cora',
        lastName: 'Certificate',
        email: `cora${n}@example.com`,
        phone: `07${n}`,
        userTypeId: visitorType,
        at: Date.now(),
      },
      compliance: {
        answerId: uuidv7(),
        complianceId: formId,
        complianceVersion: 1,
        agreed: true,
        answers: [{ questionId: 'well', answer: 'yes' }],
      },
    };
  };
  const visitOf = async (id: string) =>
    (await get().database.db.select().from(kioskVisits).where(eq(kioskVisits.id, id)))[0];
  const eventsOf = async (personId: string) =>
    get().database.db.select().from(visitEvents).where(eq(visitEvents.personId, personId));

  describe('a required certificate', () => {
    it('holds a new visitor for reception whatever the kiosk showed: no sign-in until someone decides', async () => {
      const a = arrival();
      expect(await push(kioskToken, 'kiosk.journey', a)).toMatchObject({ status: 'applied' });
      expect(await visitOf(a.visitId)).toMatchObject({
        stage: 'waiting for admin approval',
        signedIn: false,
        details: expect.objectContaining({ document: 'unchecked' }),
      });
      expect(await eventsOf(a.personId)).toEqual([]);
    });

    it('lets in a returning visitor whose certificate reception put on the profile', async () => {
      const first = arrival();
      await push(kioskToken, 'kiosk.journey', first);
      const doc = await app.inject({
        method: 'POST',
        url: '/api/user_document',
        headers: bearer(adminToken),
        payload: {
          user_id: first.personId,
          type: 'covid_vaccine',
          vaccine_name: 'Comirnaty',
          vaccine_protocol: 'eu_dcc',
          expiry_date: '2099-01-01',
        },
      });
      expect(doc.statusCode).toBeLessThan(300);
      const again = {
        ...arrival(),
        personId: first.personId,
        registration: undefined,
        method: 'search',
      };
      expect(await push(kioskToken, 'kiosk.journey', again)).toMatchObject({ status: 'applied' });
      expect(await visitOf(again.visitId)).toMatchObject({
        stage: 'ready to sign in',
        signedIn: true,
        details: expect.objectContaining({ document: 'vaccinated' }),
      });
      expect((await eventsOf(first.personId)).map((e) => e.id)).toEqual([again.signInEventId]);
    });
  });

  describe('a certificate photo taken at the kiosk', () => {
    it('goes on the profile switched off, with its file for reception; the visitor still waits', async () => {
      const a = {
        ...arrival(),
        certificate: {
          documentId: uuidv7(),
          type: 'covid_vaccine',
          photo: `data:image/png;base64,${makePng(640, 480).toString('base64')}`,
        },
      };
      expect(await push(kioskToken, 'kiosk.journey', a)).toMatchObject({ status: 'applied' });
      expect(await visitOf(a.visitId)).toMatchObject({
        stage: 'waiting for admin approval',
        signedIn: false,
        details: expect.objectContaining({ certificate: a.certificate.documentId }),
      });
      const [doc] = await get()
        .database.db.select()
        .from(userDocuments)
        .where(eq(userDocuments.id, a.certificate.documentId));
      expect(doc).toMatchObject({ userId: a.personId, status: 'INACTIVE', type: 'covid_vaccine' });
      expect(doc!.details).toMatchObject({ submitted_by: 'visitor', compliance_id: formId });
      const file = await app.inject({
        url: `/api/compliance-documents/${a.certificate.documentId}/file`,
        headers: bearer(adminToken),
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^image\//);
      expect(file.rawPayload.length).toBeGreaterThan(100);
    });

    it('a photo that is not one is left out, and the visit is kept', async () => {
      const a = {
        ...arrival(),
        certificate: { documentId: uuidv7(), type: 'pcr_test', photo: 'data:image/jpeg;base64,bm90IGFuIGltYWdl' },
      };
      expect(await push(kioskToken, 'kiosk.journey', a)).toMatchObject({ status: 'applied' });
      const visit = await visitOf(a.visitId);
      expect(visit).toMatchObject({ stage: 'waiting for admin approval', signedIn: false });
      expect(visit!.details).not.toHaveProperty('certificate');
      expect(
        await get().database.db.select().from(userDocuments).where(eq(userDocuments.id, a.certificate.documentId)),
      ).toEqual([]);
    });
  });

  describe("reception's decision", () => {
    it('approved: the person goes in at the decision, once; a second decision is refused with its reason', async () => {
      const a = arrival();
      await push(kioskToken, 'kiosk.journey', a);
      const eventId = uuidv7();
      const at = Date.now();
      expect(
        await push(adminToken, 'visit.decide', { visitId: a.visitId, decision: 'approved', eventId, at }),
      ).toMatchObject({ status: 'applied' });
      expect(await visitOf(a.visitId)).toMatchObject({
        stage: 'approved by admin',
        signedIn: true,
        details: expect.objectContaining({ decision: expect.objectContaining({ decision: 'approved' }) }),
      });
      expect(await eventsOf(a.personId)).toEqual([expect.objectContaining({ id: eventId, kind: 'in', areaId: area })]);
      const second = await push(adminToken, 'visit.decide', {
        visitId: a.visitId,
        decision: 'rejected',
        eventId: uuidv7(),
        at: Date.now(),
      });
      expect(second).toMatchObject({ status: 'rejected', code: 'visit_decided' });
      expect(second.message).toMatch(/already decided/i);
      expect(await visitOf(a.visitId)).toMatchObject({ stage: 'approved by admin', signedIn: true });
      expect(await eventsOf(a.personId)).toHaveLength(1);
    });

    it('refused: the visit says so and nobody is signed in', async () => {
      const a = arrival();
      await push(kioskToken, 'kiosk.journey', a);
      expect(
        await push(adminToken, 'visit.decide', {
          visitId: a.visitId,
          decision: 'rejected',
          eventId: uuidv7(),
          at: Date.now(),
        }),
      ).toMatchObject({ status: 'applied' });
      expect(await visitOf(a.visitId)).toMatchObject({ stage: 'rejected by admin', signedIn: false });
      expect(await eventsOf(a.personId)).toEqual([]);
    });

    it('counts a visitor waiting for it on the emergency list and in a roll call, until refused', async () => {
      const warden = await tokenFor(app, 'warden@acme.test');
      const onSite = async () =>
        (await app.inject({ url: '/api/emergency/on-site', headers: bearer(warden) })).json().data as Array<{
          personId: string;
          waiting?: boolean;
          areaId: string;
        }>;
      const held = arrival();
      await push(kioskToken, 'kiosk.journey', held);
      expect((await onSite()).find((r) => r.personId === held.personId)).toMatchObject({ waiting: true, areaId: area });
      // The alarm goes off while they wait: the roll call has them to account for.
      const [row] = await get().database.db.select().from(areas).where(eq(areas.id, area));
      const sessionId = uuidv7();
      expect(
        await push(warden, 'emergency.start', { sessionId, name: 'Fire', siteIds: [row!.siteId], at: Date.now() }),
      ).toMatchObject({ status: 'applied' });
      const detail = (
        await app.inject({ url: `/api/emergency/sessions/${sessionId}`, headers: bearer(warden) })
      ).json();
      expect(detail.data.people.map((p: { personId: string }) => p.personId)).toContain(held.personId);
      await push(warden, 'emergency.end', { sessionId, at: Date.now() });
      // Refused and sent away: off the list. Let in: on it, signed in now.
      await push(adminToken, 'visit.decide', {
        visitId: held.visitId,
        decision: 'rejected',
        eventId: uuidv7(),
        at: Date.now(),
      });
      expect((await onSite()).some((r) => r.personId === held.personId)).toBe(false);
      const letIn = arrival();
      await push(kioskToken, 'kiosk.journey', letIn);
      await push(adminToken, 'visit.decide', {
        visitId: letIn.visitId,
        decision: 'approved',
        eventId: uuidv7(),
        at: Date.now(),
      });
      const row2 = (await onSite()).find((r) => r.personId === letIn.personId);
      expect(row2).toMatchObject({ areaId: area });
      expect(row2!.waiting).toBeUndefined();
    });

    it('is not for a kiosk, nor for another company: both are refused and change nothing', async () => {
      const a = arrival();
      await push(kioskToken, 'kiosk.journey', a);
      const decide = { visitId: a.visitId, decision: 'approved', eventId: uuidv7(), at: Date.now() };
      expect(await push(kioskToken, 'visit.decide', decide)).toMatchObject({ status: 'rejected' });
      expect(await push(globexToken, 'visit.decide', decide)).toMatchObject({ status: 'rejected', code: 'not_found' });
      expect(await visitOf(a.visitId)).toMatchObject({ stage: 'waiting for admin approval', signedIn: false });
      expect(await eventsOf(a.personId)).toEqual([]);
    });
  });
});
