// The public pre-registration calls do not tell who is on file. The person
// look-ups answer the same for a known e-mail as for an unknown one and share one limit
// per address; a staff member may still not register as a visitor, told no differently; the
// host search needs three letters and has its own, tighter limit.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedVisits, users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { freshAddress, seededApp, testClock } from '../test/harness';
import { makePng } from './test-png';
import { demoFlow, multipart, visitFields } from './test-support';

const clock = testClock();
const LOOKUPS = [
  '/api/check_user_found/en',
  '/api/check_user_entity/en',
  '/api/validate_user_type_pre_registration/en',
];

eachDatabase((get) => {
  let app: FastifyInstance;
  let facts: Awaited<ReturnType<typeof demoFlow>>;
  let staff: { email: string };
  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    facts = await demoFlow(get().database);
    const [person] = await get()
      .database.db.select()
      .from(users)
      .where(and(eq(users.entityId, facts.entity.id), eq(users.userTypeId, facts.type('Staff').id)));
    staff = { email: person!.email! };
  });
  afterAll(async () => {
    await app.close();
  });

  const ask = (url: string, body: object, remoteAddress = freshAddress()) =>
    app.inject({ method: 'POST', url, payload: { journey_id: facts.flow.id, ...body }, remoteAddress });

  describe('the person look-ups', () => {
    it('answer a known e-mail exactly as an unknown one', async () => {
      for (const url of LOOKUPS) {
        const answers = await Promise.all(
          [{ email: staff.email }, { email: 'nobody.here@example.com' }].map(async (b) => {
            const res = await ask(url, b);
            expect(res.statusCode).toBe(200);
            return res.body;
          }),
        );
        expect(new Set(answers).size, url).toBe(1);
      }
    });

    it('share one limit per address, whichever of them is asked', async () => {
      const address = freshAddress();
      for (let i = 0; i < 30; i++)
        expect((await ask(LOOKUPS[i % 3]!, { email: `p${i}@example.com` }, address)).statusCode).toBe(200);
      const refused = await ask(LOOKUPS[1]!, { email: staff.email }, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('too_many_requests');
    });

    it('still refuses a staff member registering as a visitor, answering as for anyone on file', async () => {
      const when = visitFields(clock.now());
      const fields = {
        journey_id: facts.flow.id,
        user_type_id: facts.type('Visitor').id,
        visit_date: when.visit_date,
        visit_time: when.visit_time,
        tz_offset: '0',
        first_name: 'Sam',
        last_name: 'Staff',
        email: staff.email,
        phone: '5550001234',
        company_name: '',
        custom_fields: '[]',
      };
      const before = (await get().database.db.select().from(expectedVisits)).length;
      const photo = { name: 'me.png', type: 'image/png', bytes: makePng(400, 500) };
      const res = await app.inject({
        method: 'POST',
        url: '/api/create-expected-visit/en',
        ...multipart(fields, photo),
        remoteAddress: freshAddress(),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ status: 'held', visit_id: null });
      expect((await get().database.db.select().from(expectedVisits)).length).toBe(before);
    });
  });

  describe('the host search', () => {
    const search = (text: string, address?: string) => ask('/api/hosts/search', { search: text }, address);

    it('answers nothing for two letters, as for no match, and finds a host from three', async () => {
      expect((await search('Ha')).json().data).toEqual([]);
      expect((await search('zzq')).json().data).toEqual([]);
      expect((await search('Han')).json().data).toEqual([{ id: facts.host!.id, full_name: 'Hannah Host' }]);
    });

    it('limits one address to 20 searches a minute', async () => {
      const address = freshAddress();
      for (let i = 0; i < 20; i++) expect((await search('Han', address)).statusCode).toBe(200);
      expect((await search('Han', address)).statusCode).toBe(429);
    });
  });
});
