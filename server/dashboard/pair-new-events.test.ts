// The push's pairing of the events it just inserted (pair-new-events.ts) must leave the visits
// table exactly as pairing the whole history from scratch would (visit-pairing.ts
// rebuildVisits): events in any order, late ones between earlier ones, ties on the same
// millisecond, automatic sign-ins and sign-outs, batches of any size.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { entities, users, visitEvents, visits } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { seededApp, testClock } from '../test/harness';
import { pairNewEvents } from './pair-new-events';
import { rebuildVisits } from './visit-pairing';

const NOW = Date.UTC(2026, 0, 15, 15, 0, 0);

eachDatabase((get) => {
  let acme: string;
  let people: string[];
  let base = NOW - 400 * 86_400_000;
  let close: () => Promise<void>;

  const snapshot = async () =>
    (await get().database.db.select().from(visits).where(eq(visits.entityId, acme)).orderBy(visits.id)).map((v) => ({
      ...v,
      timeIn: Number(v.timeIn),
      timeOut: v.timeOut === null ? null : Number(v.timeOut),
    }));

  beforeAll(async () => {
    const app = await seededApp(get().database, testClock(NOW));
    close = () => app.close();
    const db = get().database.db;
    [{ id: acme }] = (await db.select({ id: entities.id }).from(entities).where(eq(entities.subdomain, 'acme'))) as [
      { id: string },
    ];
    people = (await db.select({ id: users.id }).from(users).where(eq(users.entityId, acme)).limit(3)).map((u) => u.id);
    await rebuildVisits(db, acme);
  });
  afterAll(() => close());

  const event = fc.record({
    person: fc.nat({ max: 2 }),
    kind: fc.constantFrom('in' as const, 'out' as const),
    slot: fc.nat({ max: 12 }),
    auto: fc.boolean(),
  });

  it('leaves the same visits as a full re-pairing, whatever the order and batching of the events', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(event, { minLength: 1, maxLength: 24 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 24, maxLength: 24 }),
        async (drawn, cuts) => {
          const db = get().database.db;
          base += 1_000_000;
          const rows = drawn.map((e) => ({
            entityId: acme,
            id: uuidv7(),
            personId: people[e.person]!,
            kind: e.kind,
            at: base + e.slot,
            details: e.auto ? { auto: true } : null,
            receivedAt: new Date(NOW),
          }));
          // Batches as devices would send them: in the order drawn, which is not the order of `at`.
          for (let i = 0, c = 0; i < rows.length; i += cuts[c++]!) {
            const batch = rows.slice(i, i + cuts[c]!);
            await db.insert(visitEvents).values(batch);
            await pairNewEvents(db, acme, batch);
          }
          const incremental = await snapshot();
          await db.delete(visits).where(eq(visits.entityId, acme));
          await rebuildVisits(db, acme);
          expect(incremental).toEqual(await snapshot());
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a sign-in followed by another sign-in stays signed in', async () => {
    const db = get().database.db;
    base += 1_000_000;
    const first = { entityId: acme, id: uuidv7(), personId: people[0]!, kind: 'in' as const, at: base };
    await db.insert(visitEvents).values({ ...first, receivedAt: new Date(NOW) });
    await pairNewEvents(db, acme, [first]);
    const later = { ...first, id: uuidv7(), at: base + 5 };
    await db.insert(visitEvents).values({ ...later, receivedAt: new Date(NOW) });
    await pairNewEvents(db, acme, [later]);
    const rows = await db
      .select({ id: visits.id, status: visits.status })
      .from(visits)
      .where(sql`${visits.entityId} = ${acme} and ${visits.id} in (${first.id}, ${later.id})`);
    expect(rows.map((r) => r.status)).toEqual(['signed_in', 'signed_in']);
  });
});
