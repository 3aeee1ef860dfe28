// On a real database: an anonymous pre-registration naming a staff member (by
// email or by phone) never acts as them. No QR code, no profile change, no compliance in their
// name; the visit waits for the person on file to confirm from a one-time link mailed to the
// address on file (or for an admin's approval), and only then is the QR code mailed there.
// The people on file here are of a type that may change on registration (Visitor): a staff-type
// person registering as a visitor writes nothing at all.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { complianceAnswers, expectedVisits, mailLog, users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, freshAddress, seededApp, testClock, tokenFor } from '../test/harness';
import { makePng } from './test-png';
import { demoFlow, multipart, visitFields } from './test-support';

const clock = testClock();
const BASE = 'https://gate.example';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let facts: Awaited<ReturnType<typeof demoFlow>>;
  const db = () => get().database.db;
  beforeAll(async () => {
    app = await seededApp(get().database, clock, { publicUrl: BASE });
    admin = await tokenFor(app, 'admin@acme.test');
    facts = await demoFlow(get().database);
  });
  afterAll(async () => {
    await app.close();
  });

  const staff = async (email: string) =>
    (
      await db()
        .select()
        .from(users)
        .where(and(eq(users.entityId, facts.entity.id), eq(users.email, email)))
    )[0]!;
  /** A seeded person made a visitor on file (a type a registration may name), as they are now. */
  const onFile = async (email: string) => {
    await db()
      .update(users)
      .set({ userTypeId: facts.type('Visitor').id })
      .where(and(eq(users.entityId, facts.entity.id), eq(users.email, email)));
    return staff(email);
  };
  const register = (extra: Record<string, string>, lang = 'en', day = 1) => {
    const when = visitFields(clock.now(), day);
    const body = multipart(
      {
        journey_id: facts.flow.id,
        user_type_id: facts.type('Visitor').id,
        visit_date: when.visit_date,
        visit_time: when.visit_time,
        tz_offset: '0',
        first_name: 'Mallory',
        last_name: 'Mask',
        email: `mallory.${uuidv7().slice(-8)}@example.com`,
        phone: String(800000000 + Math.floor(Math.random() * 1e8)),
        company_name: 'Evil Corp',
        custom_fields: '[]',
        ...extra,
      },
      { name: 'me.png', type: 'image/png', bytes: makePng(400, 500) },
    );
    return app.inject({
      method: 'POST',
      url: `/api/create-expected-visit/${lang}`,
      ...body,
      remoteAddress: freshAddress(),
    });
  };
  const mailsTo = (to: string) =>
    db().select().from(mailLog).where(eq(mailLog.to, to)).orderBy(desc(mailLog.createdAt));
  const tokenIn = (text: string) => /\/confirm-registration\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const confirm = (token: string, lang = 'en') =>
    app.inject({
      method: 'POST',
      url: `/api/confirm-registration/${lang}`,
      payload: { token },
      remoteAddress: freshAddress(),
    });
  const heldVisitOf = async (personId: string) =>
    (
      await db()
        .select()
        .from(expectedVisits)
        .where(and(eq(expectedVisits.personId, personId), eq(expectedVisits.status, 'held')))
    )[0]!;

  it("a registration with someone on file's email holds the visit: no QR, no profile change, no compliance", async () => {
    const victim = await onFile('employee@acme.test');
    const res = await register({ email: 'employee@acme.test' }, 'es');
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'held', local_qr: null, visit_url: null, visit_id: null });
    expect(data.message).toContain('Hemos enviado un enlace de confirmación');
    expect(res.body).not.toContain(victim.id);
    const visit = await heldVisitOf(victim.id);
    expect(res.body).not.toContain(visit.visitUrl);
    // Their profile is exactly as it was: not the photo, not the name or phone typed in.
    expect(await staff('employee@acme.test')).toEqual(victim);
    // The compliance form of the visit is not reachable, so nothing is recorded in their name.
    expect((await app.inject({ url: `/api/online-compliance/en/${visit.visitUrl}` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/visit-by-visit-url/en/${visit.visitUrl}` })).statusCode).toBe(404);
    expect(await db().select().from(complianceAnswers).where(eq(complianceAnswers.personId, victim.id))).toEqual([]);
    // The person on file is asked, in the registrant's language; the mail carries no QR code.
    const [mail] = await mailsTo('employee@acme.test');
    expect(mail!.subject).toContain('Confirme su visita');
    expect(mail!.text).toContain(`${BASE}/confirm-registration/`);
    expect(mail!.text).not.toContain('/c/');
    expect(mail!.text).not.toContain('/online-compliance/');
  });

  it("someone on file's phone with another email holds the visit too, mailing only the address on file", async () => {
    await db()
      .update(users)
      .set({ phone: '555123456' })
      .where(and(eq(users.entityId, facts.entity.id), eq(users.email, 'reporter@acme.test')));
    const victim = await onFile('reporter@acme.test');
    const before = (await mailsTo('reporter@acme.test')).length;
    const email = `other.${uuidv7().slice(-8)}@example.com`;
    const res = await register({ email, phone: victim.phone! });
    expect(res.json().data).toMatchObject({ status: 'held', local_qr: null });
    expect(await mailsTo(email)).toEqual([]);
    expect((await mailsTo('reporter@acme.test')).length).toBe(before + 1);
    expect(await staff('reporter@acme.test')).toEqual(victim);
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('the confirmation link works once and sends the invitation with the QR to the address on file', async () => {
    const victim = await onFile('warden@acme.test');
    expect((await register({ email: 'warden@acme.test' }, 'en', 2)).json().data.status).toBe('held');
    const token = tokenIn((await mailsTo('warden@acme.test'))[0]!.text)!;
    const first = await confirm(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'expected', message: expect.stringContaining('confirmed') });
    expect(first.body).not.toMatch(/local_qr|eyJ/);
    const invitation = (await mailsTo('warden@acme.test')).find((m) => m.text.includes('/c/'));
    expect(invitation!.text).toMatch(new RegExp(`${BASE}/c/[A-Za-z0-9_-]+/[A-Za-z0-9_-]+`));
    expect(invitation!.text).toContain(`${BASE}/online-compliance/`);
    const again = await confirm(token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('We could not find what you asked for.');
    expect((await confirm('not a token')).statusCode).toBe(404);
    expect(await staff('warden@acme.test')).toEqual(victim);
  });

  it('an expired confirmation link answers link_expired and leaves the visit held', async () => {
    const victim = await onFile('hannah.host@acme.test');
    expect((await register({ email: 'hannah.host@acme.test' }, 'en', 5)).json().data.status).toBe('held');
    const token = tokenIn((await mailsTo('hannah.host@acme.test'))[0]!.text)!;
    clock.advance(73 * 3600_000);
    const late = await confirm(token, 'ar');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('link_expired');
    expect((await heldVisitOf(victim.id)).status).toBe('held');
  });

  it('an admin approves a held visit online (the QR goes to the address on file); offline approval is refused', async () => {
    admin = await tokenFor(app, 'admin@acme.test'); // the clock moved past the earlier session
    const victim = await onFile('harry.host@acme.test');
    expect((await register({ email: 'harry.host@acme.test' }, 'en', 3)).json().data.status).toBe('held');
    const visit = await heldVisitOf(victim.id);
    const offline = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(admin),
      payload: {
        deviceId: uuidv7(),
        mutations: [
          {
            seq: 1,
            mutationId: uuidv7(),
            name: 'expectedVisit.approve',
            args: { visitId: visit.id },
            clientTime: clock.now(),
            clockOffsetMs: 0,
          },
        ],
      },
    });
    expect(offline.json().results?.[0], offline.body).toMatchObject({ status: 'rejected', code: 'action_not_allowed' });
    const approved = await app.inject({
      method: 'POST',
      url: '/api/approve-visit',
      headers: bearer(admin),
      payload: { visit_id: visit.id },
    });
    expect(approved.json().data.status).toBe('approved');
    expect((await mailsTo('harry.host@acme.test')).some((m) => m.text.includes(`${BASE}/c/`))).toBe(true);
    // The confirmation link is spent with the hold.
    const [held] = await db().select().from(expectedVisits).where(eq(expectedVisits.id, visit.id));
    expect(held!.holdHash).toBeNull();
  });
});
