// One malformed mutation is rejected alone and never fails the push it came in
// (U+0000, deep nesting, numbers beyond the columns), on the first push and on every replay.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, PushResponse } from '../../sync/protocol';
import { areas } from '../db/schema/places';
import { users } from '../db/schema/people';
import { entities } from '../db/schema/entities';
import { mutationLog } from '../db/schema/sync';
import { visitEvents } from '../db/schema/visits';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';

// Written as text: JSON.stringify itself runs out of stack on a value this deep.
const DEEP = '"deep-placeholder"';
const deepJson = (levels: number) => '{"x":'.repeat(levels) + '{"leaf":1}' + '}'.repeat(levels);

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
  const push = (body: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: JSON.stringify(body).replace(DEEP, deepJson(5_000)),
    });
  const now = Date.now();
  const signIn = (
    seq: number,
    personIndex: number,
    over: { args?: Record<string, unknown>; [k: string]: unknown } = {},
  ) => {
    const { args, ...rest } = over;
    return {
      seq,
      mutationId: uuidv7(),
      name: 'visit.signIn',
      clientTime: now,
      clockOffsetMs: 0,
      args: { eventId: uuidv7(), personId: people[personIndex % people.length]!, areaId: area, at: now, ...args },
      ...rest,
    };
  };

  describe('a batch with one malformed mutation of each kind between good ones', () => {
    const deviceId = uuidv7();
    // [entry, what the server must answer]; built once the seeded people are known.
    const build = (): Array<[ReturnType<typeof signIn>, 'applied' | 'rejected']> => [
      [signIn(1, 0), 'applied'],
      [signIn(2, 1, { args: { details: { note: 'a\u0000b' } } }), 'rejected'],
      [signIn(3, 2, { args: { details: { ['k\u0000']: 1 } } }), 'rejected'],
      [signIn(4, 3), 'applied'],
      [signIn(5, 4, { args: { details: JSON.parse(DEEP) as string } }), 'rejected'],
      [signIn(6, 5, { args: { details: { note: 'half \ud800 a pair' } } }), 'rejected'],
      [signIn(7, 6, { args: { at: 1e20 } }), 'rejected'],
      [signIn(8, 7, { args: { at: 9e15 } }), 'rejected'],
      [signIn(9, 8, { clientTime: 1e20 }), 'rejected'],
      [signIn(10, 9, { clockOffsetMs: 1e13 }), 'rejected'],
      // A clock a month off is beyond int4 milliseconds, and still a clock the server corrects.
      [signIn(11, 10, { clockOffsetMs: 3_000_000_000 }), 'applied'],
      [signIn(12, 11, { name: 'visit.sign\u0000In' }), 'rejected'],
      [signIn(2 ** 31, 12), 'rejected'],
      [signIn(14, 13, { mutationId: 'not-a-uuid' }), 'rejected'],
      [signIn(15, 14), 'applied'],
    ];
    let cases: ReturnType<typeof build>;
    let batch: { deviceId: string; mutations: unknown[] };
    let first: PushResponse;
    let before: number;
    beforeAll(() => {
      cases = build();
      batch = { deviceId, mutations: cases.map(([m]) => m) };
    });

    it('applies the good ones and rejects each bad one alone with the catalogue message', async () => {
      before = await events();
      const res = await push(batch);
      expect(res.statusCode).toBe(200);
      first = res.json();
      expect(first.results.map((r) => [r.seq, r.status])).toEqual(cases.map(([m, status]) => [m.seq, status]));
      for (const r of first.results.filter((x) => x.status === 'rejected')) {
        expect(r).toMatchObject({ code: 'validation_failed', message: 'Some fields need your attention.' });
      }
      expect(await events()).toBe(before + cases.filter(([, s]) => s === 'applied').length);
      // A clock a month off lands in the future of its receipt: it is stored at the receipt and
      // flagged, never ahead of the server.
      const [late] = await get()
        .database.db.select({
          at: visitEvents.at,
          untrusted: visitEvents.clockUntrusted,
          receivedAt: visitEvents.receivedAt,
        })
        .from(visitEvents)
        .where(eq(visitEvents.id, (cases[10]![0].args as { eventId: string }).eventId));
      expect(late).toMatchObject({ at: late!.receivedAt.getTime(), untrusted: true });
    });

    it('answers the same batch pushed again the same way and writes nothing more', async () => {
      const res = await push(batch);
      expect(res.statusCode).toBe(200);
      const again: PushResponse = res.json();
      expect(again.results.map((r) => [r.seq, r.status, r.code])).toEqual(
        first.results.map((r) => [r.seq, r.status === 'applied' ? 'duplicate' : r.status, r.code]),
      );
      expect(again.lastSeq).toBe(15);
      expect(await events()).toBe(before + cases.filter(([, s]) => s === 'applied').length);
    });

    it('keeps a storable record of each rejection the log can key, and the pull lists it', async () => {
      const rows = await get()
        .database.db.select()
        .from(mutationLog)
        .where(and(eq(mutationLog.deviceId, deviceId), eq(mutationLog.status, 'rejected')));
      expect(rows.map((r) => r.seq).sort((a, b) => a - b)).toEqual([2, 3, 5, 6, 7, 8, 9, 10, 12]);
      const bySeq = new Map(rows.map((r) => [r.seq, r]));
      expect(bySeq.get(2)!.args).toEqual({ unstorable: 'nul' });
      expect(bySeq.get(5)!.args).toEqual({ unstorable: 'depth' });
      expect(bySeq.get(12)!.name).toBe('visit.sign\uFFFDIn');
      const qs = new URLSearchParams({ deviceId, limit: '1' });
      const page: PullResponse = (
        await app.inject({ method: 'GET', url: `/api/sync/pull?${qs}`, headers: bearer(admin) })
      ).json();
      expect(page.lastSeq).toBe(15);
      expect(page.rejections.map((r) => r.seq).sort((a, b) => a - b)).toEqual([2, 3, 5, 6, 7, 8, 9, 10, 12]);
    });
  });

  it('answers 400 with the catalogue code, writing nothing, when an entry has no seq to answer by', async () => {
    const before = await events();
    const res = await push({ deviceId: uuidv7(), mutations: [signIn(1, 0), { ...signIn(2, 1), seq: 'two' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(await events()).toBe(before);
  });
});
