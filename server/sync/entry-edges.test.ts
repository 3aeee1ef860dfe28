// a push entry whose mutation id is written in capitals, or that carries
// a `__proto__` key, is answered alone as rejected with a catalogue code: never a 500 that locks
// the device's outbox on every retry, never a 400 that fails the rest of the batch.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PushResponse } from '../../sync/protocol';
import { areas } from '../db/schema/places';
import { users } from '../db/schema/people';
import { entities } from '../db/schema/entities';
import { visitEvents } from '../db/schema/visits';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let people: string[];
  let area: string;

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    const db = get().database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    people = (await db.select({ id: users.id }).from(users).where(eq(users.entityId, acme!.id))).map((u) => u.id);
    area = (await db.select({ id: areas.id }).from(areas).where(eq(areas.entityId, acme!.id)))[0]!.id;
  });

  const events = async () =>
    Number(
      (
        await get()
          .database.db.select({ n: sql<number>`count(*)::int` })
          .from(visitEvents)
      )[0]!.n,
    );
  /** Sent as written: the text may hold keys JSON.stringify of an object literal would not. */
  const push = (payload: string) =>
    app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload,
    });
  const signIn = (seq: number, person: number, mutationId: string = uuidv7()) => ({
    seq,
    mutationId,
    name: 'visit.signIn',
    clientTime: Date.now(),
    clockOffsetMs: 0,
    args: { eventId: uuidv7(), personId: people[person]!, areaId: area, at: Date.now() },
  });

  describe('a mutation id in capitals', () => {
    const upper = 'FFFFFFFF-FFFF-7FFF-BFFF-000000000001';
    it('is rejected with the catalogue code on each push, so the outbox moves on', async () => {
      const deviceId = uuidv7();
      const before = await events();
      for (const seq of [1, 2, 2]) {
        const res = await push(JSON.stringify({ deviceId, mutations: [signIn(seq, 0, upper)] }));
        expect(res.statusCode).toBe(200);
        const body: PushResponse = res.json();
        expect(body.results).toEqual([
          expect.objectContaining({ seq, mutationId: upper, status: 'rejected', code: 'validation_failed' }),
        ]);
      }
      expect(await events()).toBe(before);
      // The same mutation in lower case is an ordinary mutation.
      const res = await push(JSON.stringify({ deviceId, mutations: [signIn(3, 0, upper.toLowerCase())] }));
      expect((res.json() as PushResponse).results[0]).toMatchObject({ seq: 3, status: 'applied' });
    });
  });

  describe('a __proto__ key in one entry', () => {
    it('rejects that entry alone and applies the rest of the batch, the same way on a replay', async () => {
      const deviceId = uuidv7();
      const good = [signIn(1, 1), signIn(3, 2)];
      const poisoned = JSON.stringify(signIn(2, 3)).replace('"args":{', '"args":{"__proto__":{"isAdmin":true},');
      const atTop = JSON.stringify(signIn(4, 4)).replace('{', '{"constructor":{"prototype":{"x":1}},');
      const payload = `{"deviceId":"${deviceId}","mutations":[${JSON.stringify(good[0])},${poisoned},${JSON.stringify(good[1])},${atTop}]}`;
      const before = await events();
      for (let attempt = 0; attempt < 2; attempt++) {
        const res = await push(payload);
        expect(res.statusCode).toBe(200);
        const body: PushResponse = res.json();
        expect(body.results.map((r) => [r.seq, r.status, r.code])).toEqual([
          [1, attempt ? 'duplicate' : 'applied', undefined],
          [2, 'rejected', 'validation_failed'],
          [3, attempt ? 'duplicate' : 'applied', undefined],
          [4, 'rejected', 'validation_failed'],
        ]);
      }
      expect(await events()).toBe(before + 2);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });

    it('still answers 400 for a body that is not JSON', async () => {
      const res = await push('{"deviceId":');
      expect(res.statusCode).toBe(400);
    });
  });
});
