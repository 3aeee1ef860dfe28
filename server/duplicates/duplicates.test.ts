// The duplication board and merging people, on PGlite and PostgreSQL: duplicates by each filter,
// a merge that re-points every table and feeds devices, an offline sign-in against the removed id
// replayed after the merge, another company's ids and an empty selection.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, afterAll, expect, it } from 'vitest';
import { entities } from '../db/schema/entities';
import { userCards } from '../db/schema/dashboard';
import { mergedPeople } from '../db/schema/duplicates';
import { users } from '../db/schema/people';
import { areas } from '../db/schema/places';
import { complianceAnswers, visitChecks } from '../db/schema/kiosk';
import { syncChanges } from '../db/schema/sync';
import { visitEvents } from '../db/schema/visits';
import { userDocuments } from '../db/schema/user-documents';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';
import { nameNumbersSql, rowsOf } from './duplicates.repo';
import { nameNumbers } from '../../domain/duplicates';
import { eventChange } from '../visits/visits.projections';
import { PERSON_COLUMNS } from './merge-people';

eachDatabase((get) => {
  let app: FastifyInstance;
  let token: string;
  let acme: string;
  let globexPerson: string;
  let area: string;
  const ids = {
    ann: uuidv7(),
    anne: uuidv7(),
    bob: uuidv7(),
    bobby: uuidv7(),
    carl: uuidv7(),
    student1: uuidv7(),
    student2: uuidv7(),
  };

  beforeAll(async () => {
    app = await seededApp(get().database);
    token = await tokenFor(app, 'admin@acme.test');
    const db = get().database.db;
    const [a] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const [g] = await db.select().from(entities).where(eq(entities.subdomain, 'globex'));
    acme = a!.id;
    globexPerson = (await db.select({ id: users.id }).from(users).where(eq(users.entityId, g!.id)))[0]!.id;
    area = (await db.select({ id: areas.id }).from(areas).where(eq(areas.entityId, acme)))[0]!.id;
    const [someone] = await db.select().from(users).where(eq(users.entityId, acme)).limit(1);
    const person = (id: string, fullName: string, email: string, phone: string | null) => ({
      entityId: acme,
      id,
      fullName,
      email,
      phone,
      roleId: someone!.roleId,
      userTypeId: someone!.userTypeId,
      labels: [fullName],
      updatedAt: new Date(),
    });
    await db
      .insert(users)
      .values([
        person(ids.ann, 'Annabelle Quixote', 'annabelle.q@dup.test', '+44 7700 900111'),
        person(ids.anne, 'Annabele Quixote', 'annabelleq+work@dup.test', null),
        person(ids.bob, 'Zebediah Marlowe', 'zeb@dup.test', '07700 900222'),
        person(ids.bobby, 'Octavia Pennywhistle', 'octavia@dup.test', '+44 (0)7700-900222'),
        person(ids.carl, 'Unrelated Person', 'unrelated@dup.test', null),
        person(ids.student1, 'Numbered Student 1', 'student1@dup.test', null),
        person(ids.student2, 'Numbered Student 2', 'student2@dup.test', null),
      ]);
  });
  afterAll(async () => {
    await app.close();
  });

  const find = async (filterBy?: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/get_users_duplicate/${acme}${filterBy ? `?filterBy=${filterBy}` : ''}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as Array<{ users: Array<{ id: string }> }>).map((g) => g.users.map((u) => u.id).sort());
  };
  const merge = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/merge_user', headers: bearer(token), payload });
  const signIn = (deviceId: string, personId: string, eventId: string) => ({
    deviceId,
    mutations: [
      {
        seq: 1,
        mutationId: uuidv7(),
        name: 'visit.signIn',
        clientTime: 1_700_000_000_000,
        clockOffsetMs: 0,
        args: { eventId, personId, areaId: area, at: 1_700_000_000_000 },
      },
    ],
  });
  const push = (body: object) =>
    app.inject({ method: 'POST', url: '/api/sync/push', headers: bearer(token), payload: body });

  it('finds likely duplicates by email, phone and similar name, each filter on its own', async () => {
    const pair = (x: string, y: string) => [x, y].sort();
    expect(await find('email')).toContainEqual(pair(ids.ann, ids.anne));
    expect(await find('phone')).toContainEqual(pair(ids.bob, ids.bobby));
    expect(await find('phone')).not.toContainEqual(pair(ids.ann, ids.anne));
    expect(await find('name')).toContainEqual(pair(ids.ann, ids.anne));
    expect(await find('name')).not.toContainEqual(pair(ids.bob, ids.bobby));
    const all = (await find()).flat();
    expect(all).toEqual(expect.arrayContaining([ids.ann, ids.anne, ids.bob, ids.bobby]));
    expect(all).not.toContain(ids.carl);
    const bad = await app.inject({
      method: 'GET',
      url: `/api/get_users_duplicate/${acme}?filterBy=shoe`,
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps numbered names apart, with the same numbers rule as domain/', async () => {
    const byName = (await find('name')).flat();
    expect(byName).not.toContain(ids.student1);
    expect(byName).not.toContain(ids.student2);
    const names = ['Student 1', 'Room 12 B3', 'First0 Last0', 'No digits', 'Student 1 2', '٣ 45'];
    for (const name of names) {
      const [row] = rowsOf<{ n: string }>(
        await get().database.db.execute(sql`select ${nameNumbersSql(sql`${name}::text`)} as n`),
      );
      expect(row!.n).toBe(nameNumbers(name));
    }
  });

  it('refuses an empty selection and another company’s ids', async () => {
    const none = await merge({});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select a user.');
    expect((await merge({ keep_id: ids.carl, merge_ids: [] })).json().code).toBe('select_user');
    expect((await merge({ keep_id: ids.carl, merge_ids: [globexPerson] })).statusCode).toBe(404);
    expect((await merge({ keep_id: globexPerson, merge_ids: [ids.carl] })).statusCode).toBe(404);
    const other = await app.inject({
      method: 'GET',
      url: `/api/get_users_duplicate/${uuidv7()}`,
      headers: bearer(token),
    });
    expect(other.statusCode).toBe(404);
  });

  it('merges: every table re-pointed, fields chosen, a tombstone fed, a late offline sign-in lands once', async () => {
    const db = get().database.db;
    // Before the merge: the removed person has a visit, a document, a card, an answer and a check.
    const before = uuidv7();
    expect((await push(signIn(uuidv7(), ids.anne, before))).json().results[0].status).toBe('applied');
    await db.insert(userDocuments).values({
      entityId: acme,
      id: uuidv7(),
      userId: ids.anne,
      type: 'ID',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await db.insert(userCards).values({ entityId: acme, userId: ids.anne, rfid: 'DUP-CARD-1' });
    const answerId = uuidv7();
    await db.insert(complianceAnswers).values({
      entityId: acme,
      id: answerId,
      personId: ids.anne,
      complianceId: uuidv7(),
      complianceVersion: 1,
      answers: [],
      outcome: 'pass',
      isWrong: false,
      at: 1,
    });
    await db.insert(visitChecks).values({ entityId: acme, id: uuidv7(), personId: ids.anne, passed: true, at: 1 });
    // A device offline during the merge holds a sign-in against the removed id.
    const offline = signIn(uuidv7(), ids.anne, uuidv7());

    const res = await merge({ keep_id: ids.ann, merge_ids: [ids.anne], fields: { email: ids.anne } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Merged User');
    for (const [table, column] of PERSON_COLUMNS) {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${ids.anne}::uuid`,
        ),
      );
      expect(Number(row!.n), `${table}.${column}`).toBe(0);
    }
    const [kept] = await db.select().from(users).where(eq(users.id, ids.ann));
    expect(kept!.email).toBe('annabelleq+work@dup.test');
    expect(kept!.fullName).toBe('Annabelle Quixote');
    expect(kept!.labels.sort()).toEqual(['Annabele Quixote', 'Annabelle Quixote']);
    expect(await db.select().from(users).where(eq(users.id, ids.anne))).toEqual([]);
    expect((await db.select().from(userCards).where(eq(userCards.userId, ids.ann)))[0]?.rfid).toBe('DUP-CARD-1');
    expect((await db.select().from(complianceAnswers).where(eq(complianceAnswers.id, answerId)))[0]?.personId).toBe(
      ids.ann,
    );
    const feed = await db
      .select()
      .from(syncChanges)
      .where(and(eq(syncChanges.entityId, acme), eq(syncChanges.rowId, ids.anne), eq(syncChanges.tbl, 'people')));
    expect(feed[0]?.op).toBe('del');
    // The moved sign-in reaches devices on the kept person, in the shape the visits feed uses.
    const [moved] = await db.select().from(visitEvents).where(eq(visitEvents.id, before));
    const [movedFeed] = await db
      .select()
      .from(syncChanges)
      .where(and(eq(syncChanges.entityId, acme), eq(syncChanges.tbl, 'visitEvents'), eq(syncChanges.rowId, before)));
    expect(movedFeed).toMatchObject({ op: 'put', version: 1, data: eventChange(moved!).data });
    // Every feed row has its own sequence number, the last one the counter's, so a pull misses none.
    const [seqs] = rowsOf<{ n: number; distinct_seqs: number; max: string; last: string }>(
      await db.execute(sql`select count(*)::int as n, count(distinct seq)::int as distinct_seqs, max(seq) as max,
        (select last from sync_counters where entity_id = ${acme}) as last from sync_changes where entity_id = ${acme}`),
    );
    expect(Number(seqs!.distinct_seqs)).toBe(Number(seqs!.n));
    expect(Number(seqs!.last)).toBe(Number(seqs!.max));
    expect(await db.select().from(mergedPeople).where(eq(mergedPeople.oldId, ids.anne))).toHaveLength(1);

    // The late replay, twice: applied once, on the kept person.
    expect((await push(offline)).json().results[0].status).toBe('applied');
    expect((await push(offline)).json().results[0].status).toBe('duplicate');
    const event = offline.mutations[0]!.args.eventId;
    const landed = await db.select().from(visitEvents).where(eq(visitEvents.id, event));
    expect(landed.map((e) => e.personId)).toEqual([ids.ann]);
    const visitsOfKept = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(visitEvents)
      .where(and(eq(visitEvents.entityId, acme), eq(visitEvents.personId, ids.ann)));
    expect(Number(visitsOfKept[0]!.n)).toBe(2);
    // The board no longer offers the merged pair.
    expect((await find()).flat()).not.toContain(ids.anne);
  });
});
