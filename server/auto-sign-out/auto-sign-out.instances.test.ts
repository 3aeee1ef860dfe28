// Two server instances on one database run the auto sign-out job at the same moment: each
// person is signed out once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { eachDatabase } from '../test/databases';
import { seededApp, testClock } from '../test/harness';
import { acmeFacts, eventsOf, newPerson, signIn } from '../test/auto-sign-out-fixture';

eachDatabase((get, kind) => {
  const clock = testClock(Date.UTC(2026, 0, 15, 9));
  let a: FastifyInstance;
  let b: FastifyInstance;
  let secondHandle: DatabaseHandle | undefined;

  beforeAll(async () => {
    a = await seededApp(get().database, clock);
    // PostgreSQL: the second instance has its own connections, as a second process would.
    secondHandle = kind === 'postgres' ? await openDatabase({ databaseUrl: get().url! }) : undefined;
    b = await buildApp({ database: secondHandle ?? get().database, now: clock.now });
    await b.ready();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await secondHandle?.close();
  });

  it('signs each person out once when both instances run the job together, again and again', async () => {
    const db = get().database.db;
    const f = await acmeFacts(db);
    const people = await Promise.all(Array.from({ length: 12 }, () => newPerson(db, f.entityId, f.admin.roleId)));
    for (const [i, person] of people.entries())
      await signIn(db, f.entityId, person, f.areaNamed(i % 2 ? 'Reception' : 'Stores').id, clock.now() + i);
    clock.advance(20 * 3_600_000); // past UTC midnight
    const runs = await Promise.all([a.services.autoSignOut.run(), b.services.autoSignOut.run()]);
    await Promise.all([a.services.autoSignOut.run(), b.services.autoSignOut.run()]);
    for (const person of people) {
      const list = await eventsOf(db, f.entityId, person);
      expect(list.map((e) => e.kind)).toEqual(['in', 'out']);
      expect(list[1]!.at).toBe(Date.UTC(2026, 0, 16));
    }
    // Whichever instance got each company's lock wrote them; together exactly one each.
    expect(runs.reduce((s, n) => s + n, 0)).toBe(people.length);
  });
});
