// Announcement calls against a real database: good and bad input (400 beside the field, nothing
// written), the state filter on a clock the test moves, permissions (announcements,
// add-announcement), another company's ids (404), version conflicts, and kiosks receiving it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { announcements, users, userTypes } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, callerOf, entityFacts, seededApp, testClock, tokenFor } from '../test/harness';

const HOUR = 3_600_000;

eachDatabase((get) => {
  const clock = testClock();
  let app: FastifyInstance;
  let admin: string;
  let employee: string;
  let globexAdmin: string;
  let acme: string;
  let visitorType: string;
  let globexType: string;
  const call = callerOf(
    () => app,
    () => admin,
  );
  const body = (over: Record<string, unknown> = {}) => ({
    description: 'Visitors: please wait in the lobby for your host.',
    url: 'https://acme.test/visiting',
    urgent: true,
    pinned: false,
    verbal: true,
    target_user_types: [visitorType],
    publish_time: clock.now(),
    expiry_time: clock.now() + 48 * HOUR,
    ...over,
  });
  const count = async () =>
    (await get().database.db.select().from(announcements).where(eq(announcements.entityId, acme))).length;
  async function pulled(token: string) {
    const res = await app.inject({ url: `/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, headers: bearer(token) });
    return res.json().changes as Array<{ table: string; id: string; op: string; data: Record<string, unknown> | null }>;
  }

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    employee = await tokenFor(app, 'employee@acme.test');
    globexAdmin = await tokenFor(app, 'admin@globex.test');
    acme = (await entityFacts(get().database, 'acme')).entity.id;
    const globex = (await entityFacts(get().database, 'globex')).entity.id;
    const db = get().database.db;
    visitorType = (
      await db
        .select()
        .from(userTypes)
        .where(and(eq(userTypes.entityId, acme), eq(userTypes.name, 'Visitor')))
    )[0]!.id;
    globexType = (await db.select().from(userTypes).where(eq(userTypes.entityId, globex)))[0]!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('publishes an announcement targeted to Visitors that devices receive with its targets', async () => {
    const res = await call('POST', '/api/announcements', body());
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ state: 'active', verbal: true, target_user_types: [visitorType], version: 1 });
    const change = (await pulled(admin)).find((c) => c.table === 'announcements' && c.id === created.id);
    expect(change?.data).toMatchObject({ verbal: true, targetUserTypes: [visitorType], urgent: true });
  });

  it('keeps the text in each language written, and devices receive all of them', async () => {
    const description = { en: 'The lobby is closed.', ar: 'الردهة مغلقة.', es: 'El vestíbulo está cerrado.' };
    const res = await call('POST', '/api/announcements', body({ description }));
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created.description).toEqual(description);
    expect((await call('GET', `/api/announcements/${created.id}`)).json().data.description).toEqual(description);
    const change = (await pulled(admin)).find((c) => c.table === 'announcements' && c.id === created.id);
    expect(change?.data?.description).toEqual(description);
  });

  it('refuses bad input beside each field and writes nothing', async () => {
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ description: '  ' }, 'description'],
      [{ description: { en: ' ', ar: '' } }, 'description'],
      [{ description: { en: 'Fine', fr: 'Bien' } }, 'description'],
      [{ description: { en: 'Fine', ar: 'x'.repeat(501) } }, 'description'],
      [{ url: 'not a link' }, 'url'],
      [{ target_user_types: [] }, 'target_user_types'],
      [{ target_user_types: [globexType] }, 'target_user_types'],
      [{ publish_time: clock.now() - 2 * HOUR }, 'publish_time'],
      [{ expiry_time: clock.now() - HOUR }, 'expiry_time'],
      [{ publish_time: clock.now() + 5 * HOUR, expiry_time: clock.now() + 4 * HOUR }, 'expiry_time'],
      [{ publish_time: 'tomorrow' }, 'publish_time'],
    ];
    for (const [over, field] of cases) {
      const res = await call('POST', '/api/announcements', body(over));
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    // The caller's own language: an admin who reads Arabic gets the field's message in Arabic.
    const db = get().database.db;
    await db
      .update(users)
      .set({ lang: 'ar' })
      .where(and(eq(users.entityId, acme), eq(users.email, 'admin@acme.test')));
    const arabic = await call('POST', '/api/announcements', body({ expiry_time: clock.now() - HOUR }));
    await db
      .update(users)
      .set({ lang: 'en' })
      .where(and(eq(users.entityId, acme), eq(users.email, 'admin@acme.test')));
    expect(arabic.json().errors.expiry_time[0]).toMatch(/[\u0600-\u06FF]/);
    expect(await count()).toBe(before);
  });

  it('moves from scheduled to active to expired as time passes, and the list filters by state', async () => {
    const start = clock.now();
    const res = await call(
      'POST',
      '/api/announcements',
      body({ publish_time: start + HOUR, expiry_time: start + 3 * HOUR }),
    );
    const id = res.json().data.id;
    const stateNow = async () => (await call('GET', `/api/announcements/${id}`)).json().data.state;
    const inFilter = async (state: string) =>
      (await call('GET', `/api/announcements?state=${state}`)).json().data.some((a: { id: string }) => a.id === id);
    expect(await stateNow()).toBe('scheduled');
    expect(await inFilter('scheduled')).toBe(true);
    expect(await inFilter('active')).toBe(false);
    clock.advance(2 * HOUR);
    expect(await stateNow()).toBe('active');
    expect(await inFilter('active')).toBe(true);
    clock.advance(2 * HOUR);
    expect(await stateNow()).toBe('expired');
    expect(await inFilter('expired')).toBe(true);
    expect((await call('GET', '/api/announcements?state=soon')).statusCode).toBe(400);
  });

  it('keeps the first of two edits and answers the second with a version conflict', async () => {
    const created = (await call('POST', '/api/announcements', body())).json().data;
    const first = await call(
      'PUT',
      `/api/announcements/${created.id}`,
      body({ description: 'First edit', publish_time: created.publish_time, version: 1 }),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().data.version).toBe(2);
    const second = await call(
      'PUT',
      `/api/announcements/${created.id}`,
      body({ description: 'Second edit', publish_time: created.publish_time, version: 1 }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('version_conflict');
    expect((await call('GET', `/api/announcements/${created.id}`)).json().data.description).toBe('First edit');
  });

  it('lets an active announcement keep its publish time in the past when edited', async () => {
    const created = (await call('POST', '/api/announcements', body())).json().data;
    clock.advance(HOUR);
    const res = await call(
      'PUT',
      `/api/announcements/${created.id}`,
      body({ publish_time: created.publish_time, pinned: true }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ pinned: true, state: 'active' });
  });

  it('deletes, and devices receive a tombstone', async () => {
    const created = (await call('POST', '/api/announcements', body())).json().data;
    expect((await call('DELETE', `/api/announcements/${created.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/announcements/${created.id}`)).statusCode).toBe(404);
    const change = (await pulled(admin)).find((c) => c.table === 'announcements' && c.id === created.id);
    expect(change?.op).toBe('del');
  });

  it('needs announcements to read and add-announcement to write', async () => {
    expect((await call('GET', '/api/announcements', undefined, employee)).statusCode).toBe(403);
    expect((await call('POST', '/api/announcements', body(), employee)).statusCode).toBe(403);
  });

  it("answers 404 for another company's announcement", async () => {
    const created = (await call('POST', '/api/announcements', body())).json().data;
    for (const [method, payload] of [['GET'], ['PUT', body()], ['DELETE']] as const)
      expect((await call(method, `/api/announcements/${created.id}`, payload, globexAdmin)).statusCode).toBe(404);
    const theirs = (await call('GET', '/api/announcements', undefined, globexAdmin)).json().data;
    expect(theirs.some((a: { id: string }) => a.id === created.id)).toBe(false);
  });
});
