// The demo seed: complete, idempotent, and refused in production.
import { expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { areas, entities, journeyFlows, journeys, roles, sites, users, userTypes } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { DEMO_LOGINS, DemoRefusedError, seedDemo } from './demo';

eachDatabase((get) => {
  const now = () => Date.UTC(2026, 0, 1);

  async function counts() {
    const { db } = get().database;
    const tables = { entities, users, roles, sites, areas, userTypes, flows: journeyFlows };
    const out: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables))
      out[name] = Number((await db.select({ n: count() }).from(table))[0]!.n);
    return out;
  }

  it('refuses to seed in production', async () => {
    await expect(seedDemo(get().database.db, { now, production: true })).rejects.toBeInstanceOf(DemoRefusedError);
    expect((await counts()).entities).toBe(0);
  });

  it('seeds both companies once, however often it runs', async () => {
    expect(await seedDemo(get().database.db, { now, production: false })).toEqual({ seeded: true });
    const first = await counts();
    expect(first).toMatchObject({ entities: 2, roles: 12, sites: 3, areas: 5, userTypes: 6, flows: 4 });
    expect(await seedDemo(get().database.db, { now, production: false })).toEqual({ seeded: false });
    expect(await counts()).toEqual(first);
  });

  it('names every demo journey and flow in English, Arabic and Spanish', async () => {
    await seedDemo(get().database.db, { now, production: false });
    const { db } = get().database;
    const rows = [
      ...(await db.select({ name: journeys.name, names: journeys.names }).from(journeys)),
      ...(await db.select({ name: journeyFlows.name, names: journeyFlows.names }).from(journeyFlows)),
    ];
    expect(rows.length).toBe(7);
    for (const row of rows) {
      const names = row.names as Record<string, string>;
      expect(names.en, row.name).toBe(row.name);
      expect(names.ar, row.name).toMatch(/[\u0600-\u06FF]/);
      expect(names.es?.length, row.name).toBeGreaterThan(0);
    }
  });

  it('lists the demo logins main.ts prints', () => {
    expect(DEMO_LOGINS.map((l) => l.email)).toEqual(
      expect.arrayContaining([
        'admin@acme.test',
        'reporter@acme.test',
        'employee@acme.test',
        'warden@acme.test',
        'system@acme.test',
        'admin@globex.test',
        'tech-team@gatehouse.internal',
      ]),
    );
  });
});
