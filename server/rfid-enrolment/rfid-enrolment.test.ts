// One-time RFID enrolment links against a real database: an admin starts a link (mailed to the
// person), the public page enrols the card once, kiosks get the card through the change feed,
// and used, expired, replaced, unknown or badly-fed links change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, notInArray } from 'drizzle-orm';
import { RFID_LINK_TTL_MS } from '../../domain/rfid-enrolment';
import { v7 as uuidv7 } from 'uuid';
import { entities, mailLog, syncChanges, userCards, users, userTypes } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor, type Clock } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let clock: Clock;
  let admin: string;
  let warden: string;
  let acme: string;
  let acmeName: string;
  let people: Array<{ id: string; email: string; fullName: string }>;
  const db = () => get().database.db;
  const card = async (userId: string) =>
    (
      await db()
        .select()
        .from(userCards)
        .where(and(eq(userCards.entityId, acme), eq(userCards.userId, userId)))
    )[0]?.rfid ?? null;
  const cardFeed = async (userId: string) =>
    (
      await db()
        .select()
        .from(syncChanges)
        .where(and(eq(syncChanges.entityId, acme), eq(syncChanges.tbl, 'personCards'), eq(syncChanges.rowId, userId)))
    )[0];
  const start = async (userId: string, extra: Record<string, unknown> = {}, token = admin) =>
    app.inject({
      method: 'POST',
      url: '/api/rfid_enrollment/link',
      headers: bearer(token),
      payload: { user_id: userId, ...extra },
    });
  const codeOf = async (userId: string, extra: Record<string, unknown> = {}) => {
    const res = await start(userId, extra);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().data.url as string).split('/rfid/')[1]!;
  };
  const details = (code: string, lang = 'en') => app.inject({ url: `/api/rfid/${lang}/${code}` });
  const enrol = (code: string, payload: unknown, lang = 'en') =>
    app.inject({ method: 'POST', url: `/api/rfid/${lang}/${code}`, payload: payload as object });

  beforeAll(async () => {
    clock = testClock();
    app = await seededApp(get().database, clock, { publicUrl: 'https://gate.example' });
    admin = await tokenFor(app, 'admin@acme.test');
    warden = await tokenFor(app, 'warden@acme.test');
    [{ id: acme, name: acmeName }] = (await db()
      .select({ id: entities.id, name: entities.name })
      .from(entities)
      .where(eq(entities.subdomain, 'acme'))) as [{ id: string; name: string }];
    people = await db()
      .select({ id: users.id, email: users.email, fullName: users.fullName })
      .from(users)
      .where(and(eq(users.entityId, acme), notInArray(users.email, ['admin@acme.test', 'warden@acme.test'])))
      .orderBy(users.email)
      .limit(6);
    expect(people).toHaveLength(6);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('the admin starts a link', () => {
    it('answers the link and its expiry, and mails the person the link', async () => {
      const person = people[0]!;
      const res = await start(person.id);
      expect(res.statusCode).toBe(201);
      const data = res.json().data;
      expect(data.url).toMatch(/^https:\/\/gate\.example\/rfid\/[A-Za-z0-9_-]{32}$/);
      expect(data.expires_at).toBe(clock.now() + RFID_LINK_TTL_MS);
      expect(data.mailed).toBe(true);
      const mails = await db()
        .select()
        .from(mailLog)
        .where(and(eq(mailLog.entityId, acme), eq(mailLog.to, person.email)));
      expect(
        mails.some((m) => m.text.includes(data.url) && m.html.includes(data.url) && m.subject.includes(acmeName)),
      ).toBe(true);
    });

    it('sends no mail when asked not to', async () => {
      const person = people[1]!;
      const res = await start(person.id, { send_email: false });
      expect(res.json().data.mailed).toBe(false);
      expect(
        await db()
          .select()
          .from(mailLog)
          .where(and(eq(mailLog.entityId, acme), eq(mailLog.to, person.email))),
      ).toHaveLength(0);
    });

    it('refuses unknown people, bad input and callers without the users permission', async () => {
      expect((await start('01900000-0000-7000-8000-000000000000')).statusCode).toBe(404);
      const bad = await start('not-a-uuid');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.user_id).toBeDefined();
      expect((await start(people[2]!.id, {}, warden)).statusCode).toBe(403);
      expect(
        (await app.inject({ method: 'POST', url: '/api/rfid_enrollment/link', payload: { user_id: people[2]!.id } }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('the public page', () => {
    it('shows whose card it enrols, enrols it once, and sends it to kiosks', async () => {
      const person = people[2]!;
      const code = await codeOf(person.id);
      const shown = await details(code);
      expect(shown.statusCode).toBe(200);
      expect(shown.json().data).toEqual({
        full_name: person.fullName,
        company_name: acmeName,
        has_card: false,
        expires_at: clock.now() + RFID_LINK_TTL_MS,
      });
      expect(shown.body).not.toContain(person.email);

      const done = await enrol(code, { rfid: ' 04:A2:19-FF ' });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ data: { rfid: '04:A2:19-FF' }, message: 'RFID Enrolled' });
      expect(await card(person.id)).toBe('04:A2:19-FF');
      expect(await cardFeed(person.id)).toMatchObject({ op: 'put', data: { id: person.id, rfid: '04:A2:19-FF' } });

      const again = await details(code);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'link_used', message: 'This link has already been used.' });
      const arabic = await enrol(code, { rfid: 'OTHER-1' }, 'ar');
      expect(arabic.statusCode).toBe(409);
      expect(arabic.json().message).toBe('تم استخدام هذا الرابط من قبل.');
      expect(await card(person.id)).toBe('04:A2:19-FF');
    });

    it('an expired link enrols nothing', async () => {
      const person = people[3]!;
      const code = await codeOf(person.id);
      clock.advance(RFID_LINK_TTL_MS);
      admin = await tokenFor(app, 'admin@acme.test');
      const res = await enrol(code, { rfid: 'LATE-1' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'link_expired', message: 'This link has expired.' });
      expect((await details(code)).json().code).toBe('link_expired');
      expect(await card(person.id)).toBeNull();
    });

    it('a newer link replaces an unused older one', async () => {
      const person = people[3]!;
      const older = await codeOf(person.id);
      const newer = await codeOf(person.id);
      expect((await enrol(older, { rfid: 'OLD-1' })).json().code).toBe('link_used');
      expect((await enrol(newer, { rfid: 'NEW-1' })).statusCode).toBe(200);
      expect(await card(person.id)).toBe('NEW-1');
    });

    it('refuses a card someone else holds and bad input, writes nothing, and the link still works', async () => {
      const person = people[4]!;
      const code = await codeOf(person.id);
      const dup = await enrol(code, { rfid: '04:A2:19-FF' });
      expect(dup.statusCode).toBe(400);
      expect(dup.json()).toMatchObject({
        code: 'id_exists',
        errors: { rfid: ['ID already exists, register with a different one.'] },
      });
      for (const body of [{ rfid: '' }, { rfid: 'has space' }, { rfid: 'x'.repeat(65) }, {}, { rfid: 42 }]) {
        const res = await enrol(code, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().errors.rfid).toBeDefined();
      }
      const spanish = await enrol(code, { rfid: 'has space' }, 'es');
      expect(spanish.json().errors.rfid).toEqual(['Use solo letras, dígitos, dos puntos y guiones.']);
      expect(await card(person.id)).toBeNull();
      expect(await cardFeed(person.id)).toBeUndefined();
      expect((await details(code)).json().data.has_card).toBe(false);
      expect((await enrol(code, { rfid: 'FRESH-4' })).statusCode).toBe(200);
    });

    it('answers 404 for unknown or malformed codes and unknown languages', async () => {
      const code = await codeOf(people[5]!.id);
      const before = await card(people[5]!.id);
      for (const url of [`/api/rfid/en/${'A'.repeat(32)}`, '/api/rfid/en/short', `/api/rfid/xx/${code}`]) {
        expect((await app.inject({ url })).statusCode, url).toBe(404);
        const post = await app.inject({ method: 'POST', url, payload: { rfid: 'X-1' } });
        expect(post.statusCode, url).toBe(404);
        expect(post.json().code).toBe('not_found');
      }
      expect(await card(people[5]!.id)).toBe(before);
    });
  });

  it('cards enrolled at the desk or on the users form reach devices through the pull', async () => {
    const pulledCards = async () => {
      const res = await app.inject({ url: `/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, headers: bearer(admin) });
      return (
        res.json().changes as Array<{ table: string; id: string; op: string; data: { rfid?: string } | null }>
      ).filter((c) => c.table === 'personCards');
    };
    const person = people[5]!;
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/rfid_enrollment',
          headers: bearer(admin),
          payload: { user_id: person.id, rfid: 'DESK-5' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await pulledCards()).find((c) => c.id === person.id)).toMatchObject({
      op: 'put',
      data: { rfid: 'DESK-5' },
    });

    const [visitor] = await db()
      .select()
      .from(userTypes)
      .where(and(eq(userTypes.entityId, acme), eq(userTypes.name, 'Visitor')));
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin),
      payload: {
        full_name: 'Robin Card',
        email: 'robin.card@acme.test',
        phone: '0711223344',
        user_type_id: visitor!.id,
        rfid: 'FORM-1',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    expect((await pulledCards()).find((c) => c.id === id)).toMatchObject({ op: 'put', data: { rfid: 'FORM-1' } });
    const cleared = await app.inject({
      method: 'POST',
      url: `/api/users/update/${id}`,
      headers: bearer(admin),
      payload: {
        full_name: 'Robin Card',
        email: 'robin.card@acme.test',
        phone: '0711223344',
        user_type_id: visitor!.id,
        rfid: '',
      },
    });
    expect(cleared.statusCode).toBe(200);
    expect((await pulledCards()).find((c) => c.id === id)).toMatchObject({ op: 'del' });
  });
});
