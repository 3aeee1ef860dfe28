// The pull honours permissions (sync catalogue `receive` and `redact`): a fire warden gets the
// people on site without their email addresses, and no cards, documents or expected visits; an
// employee without show_emergency_sessions gets no emergency sessions; an admin gets everything.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PullResponse } from '../../sync/protocol';
import { entities } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';
import { recordChanges } from './changes';

eachDatabase((get) => {
  let app: FastifyInstance;
  const personId = uuidv7();

  beforeAll(async () => {
    app = await seededApp(get().database);
    const db = get().database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const [doc, visit, session] = [uuidv7(), uuidv7(), uuidv7()];
    await recordChanges(db, acme!.id, [
      {
        table: 'people',
        id: personId,
        op: 'put',
        version: 1,
        data: {
          id: personId,
          fullName: 'Pat Person',
          email: 'pat@example.com',
          phone: '0700',
          countryCode: '44',
          labels: ['vip'],
        },
      },
      { table: 'personCards', id: personId, op: 'put', version: 1, data: { id: personId, rfid: 'CARD-1' } },
      {
        table: 'personDocuments',
        id: doc,
        op: 'put',
        version: 1,
        data: { id: doc, personId, type: 'vaccination', status: 'ACTIVE' },
      },
      { table: 'expectedVisits', id: visit, op: 'put', version: 1, data: { id: visit, personId, status: 'approved' } },
      {
        table: 'emergencySessions',
        id: session,
        op: 'put',
        version: 1,
        data: { id: session, name: 'Drill', siteIds: [], startedAt: 1 },
      },
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  const pullAs = async (email: string) => {
    const token = await tokenFor(app, email);
    const res = await app.inject({ method: 'GET', url: `/api/sync/pull?deviceId=${uuidv7()}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as PullResponse;
    return {
      tables: new Set(body.changes.map((c) => c.table)),
      pat: body.changes.find((c) => c.id === personId && c.table === 'people'),
    };
  };

  it('gives a fire warden the people without email, and none of their cards, documents or expected visits', async () => {
    const { tables, pat } = await pullAs('warden@acme.test');
    expect(pat?.data).toMatchObject({ fullName: 'Pat Person', phone: '0700' });
    expect(pat?.data).not.toHaveProperty('email');
    expect(pat?.data).not.toHaveProperty('labels');
    for (const hidden of ['personCards', 'personDocuments', 'expectedVisits'])
      expect(tables.has(hidden), hidden).toBe(false);
    expect(tables.has('emergencySessions')).toBe(true);
  });

  it('gives an employee without show_emergency_sessions no emergency sessions', async () => {
    const { tables, pat } = await pullAs('employee@acme.test');
    expect(tables.has('emergencySessions')).toBe(false);
    expect(pat?.data).toMatchObject({ email: 'pat@example.com' });
  });

  it('gives an admin every table with every field', async () => {
    const { tables, pat } = await pullAs('admin@acme.test');
    for (const table of ['people', 'personCards', 'personDocuments', 'expectedVisits', 'emergencySessions'])
      expect(tables.has(table), table).toBe(true);
    expect(pat?.data).toMatchObject({ email: 'pat@example.com', labels: ['vip'] });
  });
});
