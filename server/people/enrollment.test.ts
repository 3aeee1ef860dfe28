// RFID enrolment and departments against a real database: a card is unique within the
// company ("ID already exists…"), bad input is a 400 that writes nothing, departments are the
// company's labels, and the users permission is enforced.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { entities, userCards, users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { callerOf, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let warden: string;
  let acme: string;
  let first: string;
  let second: string;
  const call = callerOf(
    () => app,
    () => admin,
  );
  const cards = async () => get().database.db.select().from(userCards).where(eq(userCards.entityId, acme));

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    warden = await tokenFor(app, 'warden@acme.test');
    const db = get().database.db;
    acme = (await db.select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
    const ids = (
      await db
        .select()
        .from(users)
        .where(and(eq(users.entityId, acme), eq(users.dashboardAccess, false)))
    ).map((u) => u.id);
    first = ids[0]!;
    second = ids[1]!;
  });
  afterAll(async () => {
    await app.close();
  });

  it('enrols a card, replaces it, and refuses one another user already has', async () => {
    const before = (await cards()).length;
    const ok = await call('PUT', '/api/rfid_enrollment', { user_id: first, rfid: 'CARD-0001' });
    expect(ok.statusCode).toBe(200);
    expect((await call('PUT', '/api/rfid_enrollment', { user_id: first, rfid: 'CARD-0002' })).statusCode).toBe(200);
    const dup = await call('PUT', '/api/rfid_enrollment', { user_id: second, rfid: 'CARD-0002' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code).toBe('id_exists');
    expect(dup.json().errors.rfid).toEqual(['ID already exists, register with a different one.']);
    const all = await cards();
    expect(all).toHaveLength(before + 1);
    expect(all.find((c) => c.userId === first)?.rfid).toBe('CARD-0002');
    const have = await call('GET', `/api/get_users_have_rfid_enrollment?entityId=${acme}&userIds=${first},${second}`);
    expect(have.json().data).toEqual([{ user_id: first, rfid: 'CARD-0002' }]);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await cards();
    for (const [body, field] of [
      [{ user_id: second, rfid: '' }, 'rfid'],
      [{ user_id: second, rfid: 'has space' }, 'rfid'],
      [{ user_id: second, rfid: 'x'.repeat(65) }, 'rfid'],
      [{ rfid: 'CARD-9' }, 'user_id'],
    ] as const) {
      const res = await call('PUT', '/api/rfid_enrollment', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toBeDefined();
    }
    expect(
      (await call('PUT', '/api/rfid_enrollment', { user_id: '01900000-0000-7000-8000-000000000000', rfid: 'CARD-9' }))
        .statusCode,
    ).toBe(404);
    expect(await cards()).toEqual(before);
    expect((await call('PUT', '/api/rfid_enrollment', { user_id: second, rfid: 'CARD-7' }, warden)).statusCode).toBe(
      403,
    );
    expect(await cards()).toEqual(before);
  });

  it('lists departments: the company’s labels', async () => {
    await call('POST', '/api/label', { name: 'Engineering' });
    const res = await call('GET', `/api/department/${acme}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: { name: string }) => d.name)).toContain('Engineering');
  });
});
