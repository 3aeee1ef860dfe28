// The sync contract against real databases: idempotent replay, concurrent devices, a cursor
// that never skips a late commit, reset on an unknown cursor, and rejections that write nothing.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, PushResponse } from '../../sync/protocol';
import { areas } from '../db/schema/places';
import { users } from '../db/schema/people';
import { mutationLog } from '../db/schema/sync';
import { visitEvents } from '../db/schema/visits';
import { entities } from '../db/schema/entities';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';
import { changesAfter, lockFeed, writeChanges } from './changes';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let people: string[];
  let area: string;
  let acme: string;
  let globexPerson: string;

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    const db = get().database.db;
    const [a] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const [g] = await db.select().from(entities).where(eq(entities.subdomain, 'globex'));
    acme = a!.id;
    people = (await db.select({ id: users.id }).from(users).where(eq(users.entityId, acme))).map((u) => u.id);
    area = (await db.select({ id: areas.id }).from(areas).where(eq(areas.entityId, acme)))[0]!.id;
    globexPerson = (await db.select({ id: users.id }).from(users).where(eq(users.entityId, g!.id)))[0]!.id;
  });

  const count = async (table: typeof visitEvents | typeof mutationLog) =>
    Number(
      (
        await get()
          .database.db.select({ n: sql<number>`count(*)::int` })
          .from(table)
      )[0]!.n,
    );

  // Today on the test clock (15 January 2026, 09:00 UTC): a device's scope holds today's events.
  let clockTick = Date.UTC(2026, 0, 15, 8, 0, 0);
  const signIn = (seq: number, personId: string, extra: Record<string, unknown> = {}) => ({
    seq,
    mutationId: uuidv7(),
    name: 'visit.signIn',
    clientTime: ++clockTick,
    clockOffsetMs: 0,
    args: { eventId: uuidv7(), personId, areaId: area, at: clockTick },
    ...extra,
  });
  const push = (token: string, body: unknown) =>
    app.inject({ method: 'POST', url: '/api/sync/push', headers: bearer(token), payload: body as object });
  const pull = async (token: string, deviceId: string, cursor?: string, limit = 1000) => {
    const qs = new URLSearchParams({ deviceId, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const res = await app.inject({ method: 'GET', url: `/api/sync/pull?${qs}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json() as PullResponse;
  };

  it('applies the same batch pushed three times exactly once', async () => {
    const deviceId = uuidv7();
    const before = await count(visitEvents);
    const batch = { deviceId, mutations: people.slice(0, 5).map((p, i) => signIn(i + 1, p)) };
    const answers: PushResponse[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await push(admin, batch);
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    expect(answers.map((a) => a.results.map((r) => r.status)[0])).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(answers.every((a) => a.lastSeq === 5)).toBe(true);
    expect(await count(visitEvents)).toBe(before + 5);
  });

  it('takes concurrent pushes from three devices without losing or doubling one', async () => {
    const before = await count(visitEvents);
    const batches = [0, 1, 2].map(() => ({
      deviceId: uuidv7(),
      mutations: people.slice(0, 4).map((p, i) => signIn(i + 1, p)),
    }));
    const answers = await Promise.all([...batches, ...batches].map((b) => push(admin, b)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await count(visitEvents)).toBe(before + 12);
  });

  it('never lets a rejection block the rest, and a rejected mutation writes nothing', async () => {
    const deviceId = uuidv7();
    const beforeEvents = await count(visitEvents);
    const res = await push(admin, {
      deviceId,
      mutations: [
        signIn(1, people[0]!),
        { ...signIn(2, people[1]!), name: 'visit.teleport' },
        signIn(3, globexPerson),
        { ...signIn(4, people[2]!), args: { eventId: 'x', personId: people[2], areaId: area, at: -1 } },
        signIn(5, people[3]!),
      ],
    });
    const body = res.json() as PushResponse;
    expect(body.results.map((r) => [r.status, r.code])).toEqual([
      ['applied', undefined],
      ['rejected', 'validation_failed'],
      ['rejected', 'not_found'],
      ['rejected', 'validation_failed'],
      ['applied', undefined],
    ]);
    expect(body.results[2]!.message).toBe('We could not find what you asked for.');
    expect(body.lastSeq).toBe(5);
    expect(await count(visitEvents)).toBe(beforeEvents + 2);
    const pulled = await pull(admin, deviceId);
    expect(pulled.lastSeq).toBe(5);
    expect(pulled.rejections.map((r) => r.seq).sort()).toEqual([2, 3, 4]);
  });

  it('refuses an edit based on an old version and keeps the server value', async () => {
    const deviceId = uuidv7();
    const person = people[4]!;
    const [row] = await get().database.db.select().from(users).where(eq(users.id, person));
    const edit = (seq: number, fullName: string, baseVersion: number) => ({
      seq,
      mutationId: uuidv7(),
      name: 'person.updateDetails',
      clientTime: 1,
      clockOffsetMs: 0,
      args: { personId: person, baseVersion, patch: { fullName } },
    });
    const res = await push(admin, {
      deviceId,
      mutations: [edit(1, 'First Edit', row!.version), edit(2, 'Stale Edit', row!.version)],
    });
    expect((res.json() as PushResponse).results.map((r) => r.code ?? r.status)).toEqual([
      'applied',
      'version_conflict',
    ]);
    const [after] = await get().database.db.select().from(users).where(eq(users.id, person));
    expect(after!.fullName).toBe('First Edit');
    expect(after!.version).toBe(row!.version + 1);
  });

  it('rejects a mutation the role may not make', async () => {
    const warden = await tokenFor(app, 'warden@acme.test');
    const res = await push(warden, {
      deviceId: uuidv7(),
      mutations: [
        {
          seq: 1,
          mutationId: uuidv7(),
          name: 'person.updateDetails',
          clientTime: 1,
          clockOffsetMs: 0,
          args: { personId: people[0], baseVersion: 1, patch: { fullName: 'Nope Nope' } },
        },
      ],
    });
    expect((res.json() as PushResponse).results[0]).toMatchObject({
      status: 'rejected',
      code: 'action_not_allowed',
      message: 'Action not allowed.',
    });
  });

  it('answers a malformed batch with 400 and writes nothing', async () => {
    const before = [await count(visitEvents), await count(mutationLog)];
    for (const body of [
      {},
      { deviceId: 'nope', mutations: [] },
      { deviceId: uuidv7(), mutations: [{ seq: 'one' }] },
      { deviceId: uuidv7(), mutations: 'x' },
    ]) {
      const res = await push(admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect([await count(visitEvents), await count(mutationLog)]).toEqual(before);
  });

  it('pulls in pages that add up to everything, then nothing new', async () => {
    const deviceId = uuidv7();
    const seen = new Map<string, number>();
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await pull(admin, deviceId, cursor, 7);
      pages++;
      for (const c of page.changes) seen.set(`${c.table}:${c.id}`, (seen.get(`${c.table}:${c.id}`) ?? 0) + 1);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(pages).toBeGreaterThan(1);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect([...seen.keys()].filter((k) => k.startsWith('people:')).length).toBe(people.length);
    expect([...seen.keys()].filter((k) => k.startsWith('visitEvents:')).length).toBe(await count(visitEvents));
    expect((await pull(admin, deviceId, cursor)).changes).toHaveLength(0);
  });

  it('answers an unknown cursor with a reset and a snapshot', async () => {
    for (const cursor of ['c1.zzzzzz', 'garbage']) {
      const page = await pull(admin, uuidv7(), cursor);
      expect(page.reset).toBe(true);
      expect(page.changes.length).toBeGreaterThan(0);
    }
  });

  it('keeps each company to its own changes', async () => {
    const globex = await tokenFor(app, 'admin@globex.test');
    const page = await pull(globex, uuidv7());
    const ids = new Set(page.changes.map((c) => c.id));
    expect(people.some((p) => ids.has(p))).toBe(false);
    expect(ids.has(globexPerson)).toBe(true);
  });

  it('never skips a change when a later writer tries to commit before an earlier one', async () => {
    const db = get().database.db;
    const start = (await pull(admin, uuidv7(), undefined, 1)).cursor; // any valid cursor, then read to the end
    let cursor = start;
    for (let page = await pull(admin, uuidv7(), cursor); ; page = await pull(admin, uuidv7(), cursor)) {
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const fake = (id: string) => ({
      table: 'sites' as const,
      id,
      op: 'put' as const,
      version: 1,
      data: { id, name: 'Fake site' },
    });
    const [x, y] = [uuidv7(), uuidv7()];
    let releaseA!: () => void;
    const gateA = new Promise<void>((r) => (releaseA = r));
    let tookA!: () => void;
    const aHasSeq = new Promise<void>((r) => (tookA = r));
    const writerA = db.transaction(async (tx) => {
      const last = await lockFeed(tx, acme);
      await writeChanges(tx, acme, last, [fake(x)]);
      tookA();
      await gateA;
    });
    await aHasSeq;
    let bDone = false;
    const writerB = db
      .transaction(async (tx) => {
        const last = await lockFeed(tx, acme);
        await writeChanges(tx, acme, last, [fake(y)]);
      })
      .then(() => {
        bDone = true;
      });
    const early = pull(admin, uuidv7(), cursor); // while A holds its sequence number uncommitted
    await new Promise((r) => setTimeout(r, 300));
    expect(bDone).toBe(false); // B cannot overtake A
    releaseA();
    await Promise.all([writerA, writerB]);
    const first = await early;
    const rest = await pull(admin, uuidv7(), first.cursor);
    const got = [...first.changes, ...rest.changes].map((c) => c.id).filter((id) => id === x || id === y);
    expect(got.sort()).toEqual([x, y].sort());
    expect((await changesAfter(db, acme, 0, 100000)).filter((c) => c.rowId === x || c.rowId === y)).toHaveLength(2);
  });
});

describe('sync routes need a login', () => {
  eachDatabase((get) => {
    it('answers 401 without a token', async () => {
      const app = await seededApp(get().database);
      const res = await app.inject({
        method: 'POST',
        url: '/api/sync/push',
        payload: { deviceId: uuidv7(), mutations: [] },
      });
      expect(res.statusCode).toBe(401);
    });
  });
});
