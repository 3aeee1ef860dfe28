// The pairing and status rule is written twice: in TypeScript (domain/logbook.ts visitsFrom, what
// a device shows from its local events) and in SQL (the visits table the server's reports and
// exports read, kept by server/dashboard/visit-pairing.ts and pair-new-events.ts). Over random
// histories written through recordVisitEvents, one event at a time and in bulk, the two agree:
// the same sign-ins, each with the same sign-out, times and status.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { visitsFrom, type LogbookEvent } from '../../domain/logbook';
import { areas, visits } from '../db/schema/index';
import type { Tx } from '../sync/changes';
import { acmeFacts, newPerson } from '../test/auto-sign-out-fixture';
import { eachDatabase } from '../test/databases';
import { seededApp, testClock } from '../test/harness';
import { recordVisitEvents, type RecordContext } from './record-visit-events';

const NOW = Date.UTC(2026, 0, 15, 15, 0, 0);
const EVERYTHING = { from: 0, to: Number.MAX_SAFE_INTEGER };
const lookups = { person: () => undefined, area: () => undefined, site: () => undefined, userType: () => undefined };

/** What both sides say about a visit. */
interface Paired {
  id: string;
  personId: string;
  areaId: string | null;
  timeIn: number;
  timeOut: number | null;
  status: string;
}

const event = fc.record({
  id: fc.uuid(),
  person: fc.nat({ max: 2 }),
  kind: fc.constantFrom('in' as const, 'out' as const),
  // Few instants, so that ties on the same millisecond are common (they are ordered by id).
  slot: fc.nat({ max: 10 }),
  area: fc.boolean(),
  details: fc.constantFrom(null, {}, { auto: true }, { auto: false }, { auto: 'true' }, { host: 'Ann' }),
});

/** A push's bulk context in a plain transaction: the lock is the transaction, the pairing runs last. */
function bulkIn(tx: Tx, atCommit: SQL[]): NonNullable<RecordContext['bulk']> {
  return {
    serial: async () => {},
    serialWith: async <R>(first: (gate: SQL) => SQL) =>
      ((await tx.execute(first(sql`true`))) as unknown as { rows: R[] }).rows,
    atCommit: (s) => void atCommit.push(s),
  };
}

eachDatabase((get) => {
  let entityId: string;
  let roleId: string;
  let areaId: string;
  let base = NOW - 400 * 86_400_000;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const app = await seededApp(get().database, testClock(NOW));
    close = () => app.close();
    const facts = await acmeFacts(get().database.db);
    entityId = facts.entityId;
    roleId = facts.admin.roleId!;
    [{ id: areaId }] = (await get()
      .database.db.select({ id: areas.id })
      .from(areas)
      .where(eq(areas.entityId, entityId))
      .limit(1)) as [{ id: string }];
  });
  afterAll(() => close());

  it('pairs every random history as domain/logbook.ts does, one by one and in bulk', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(event, { minLength: 1, maxLength: 20, selector: (e) => e.id }),
        fc.array(fc.record({ size: fc.integer({ min: 1, max: 6 }), bulk: fc.boolean() }), {
          minLength: 20,
          maxLength: 20,
        }),
        async (drawn, batches) => {
          const db = get().database.db;
          base += 1_000_000;
          const people: string[] = [];
          for (let i = 0; i < 3; i += 1) people.push(await newPerson(db, entityId, roleId));
          const rows = drawn.map((e) => ({
            id: e.id,
            personId: people[e.person]!,
            kind: e.kind,
            areaId: e.area ? areaId : null,
            journeyFlowId: null,
            userTypeId: null,
            at: base + e.slot,
            deviceId: null,
            receivedAt: new Date(NOW),
            details: e.details,
          }));
          // In the order drawn (not the order of `at`: late events land between earlier ones).
          for (let i = 0, b = 0; i < rows.length; i += batches[b++]!.size) {
            const { size, bulk } = batches[b]!;
            const batch = rows.slice(i, i + size);
            await db.transaction(async (tx) => {
              const atCommit: SQL[] = [];
              await recordVisitEvents(tx, { entityId, ...(bulk ? { bulk: bulkIn(tx, atCommit) } : {}) }, batch);
              for (const s of atCommit) await tx.execute(s);
            });
          }
          const domain: Paired[] = visitsFrom(rows as LogbookEvent[], lookups, EVERYTHING).map((r) => ({
            id: r.id,
            personId: r.personId,
            areaId: r.areaId,
            timeIn: r.timeIn,
            timeOut: r.timeOut,
            status: r.status,
          }));
          const stored: Paired[] = (await db.select().from(visits).where(inArray(visits.personId, people))).map(
            (v) => ({
              id: v.id,
              personId: v.personId,
              areaId: v.areaId,
              timeIn: Number(v.timeIn),
              timeOut: v.timeOut === null ? null : Number(v.timeOut),
              status: v.status,
            }),
          );
          const byId = (a: Paired, b: Paired) => (a.id < b.id ? -1 : 1);
          expect(stored.sort(byId)).toEqual(domain.sort(byId));
        },
      ),
      { numRuns: 40 },
    );
  });
});
