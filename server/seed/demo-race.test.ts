// two development instances started together on an empty database both run
// the demo seed; one seeds, the other finds it done (before: entities_subdomain_unique crash).
import { count } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { entities, users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { seedDemo } from './demo';

eachDatabase((get, kind) => {
  const now = () => Date.UTC(2026, 0, 1);

  it('seeds once when two instances seed an empty database at the same time', async () => {
    // PostgreSQL: the second instance has its own pool, as a second process would.
    const second = kind === 'postgres' ? await openDatabase({ databaseUrl: get().url! }) : get().database;
    try {
      const outcomes = await Promise.all([
        seedDemo(get().database.db, { now, production: false }),
        seedDemo(second.db, { now, production: false }),
      ]);
      expect(outcomes.map((o) => o.seeded).sort()).toEqual([false, true]);
      const { db } = get().database;
      expect(Number((await db.select({ n: count() }).from(entities))[0]!.n)).toBe(2);
      const people = Number((await db.select({ n: count() }).from(users))[0]!.n);
      expect(await seedDemo(second.db, { now, production: false })).toEqual({ seeded: false });
      expect(Number((await db.select({ n: count() }).from(users))[0]!.n)).toBe(people);
    } finally {
      if (second !== get().database) await second.close();
    }
  });
});
