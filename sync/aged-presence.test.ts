// Aged sign-outs leave a device and presence stays exact. A device syncs, then lives
// through days: events arrive (some back-dated, older than its window), the day turns or the
// history window changes (scope changes), pages split a person's rows, and the outbox names rows whose deletes must wait. The
// server is modelled with the pull's own rules (rowInScope, rescopeMove, scopeDelete, as
// server/sync/scope.ts and scope-change.ts apply them); the device is the real MemoryDevice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { latestPerPerson, onSite, type PresenceEvent } from '../domain/presence';
import { deviceScope, windowsOf } from '../domain/sync-scope-change';
import type { ScopeWindows } from '../domain/sync-scope';
import { rescopeMove, rowInScope, scopeDelete } from './catalogue';
import type { OutboxEntry } from './engine';
import { MemoryDevice } from './memory-store';
import type { Change } from './protocol';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 0, 0, 0);
const TABLE = 'visitEvents';
const CLEARED = 1e9; // a page's lastSeq that settles every pending entry

const stepArb = fc.record({
  days: fc.integer({ min: 0, max: 2 }),
  /** The company's history window changed (an admin device's scope). */
  window: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  events: fc.array(
    fc.record({
      personId: fc.constantFrom('p1', 'p2', 'p3', 'p4'),
      kind: fc.constantFrom<'in' | 'out'>('in', 'out'),
      // Mostly today; often older than any window (a late push, a back-dated sign-out); ties too.
      ago: fc.oneof(
        fc.integer({ min: 0, max: DAY / 2 }),
        fc.integer({ min: 0, max: 40 * DAY }),
        fc.constantFrom(0, DAY, 3 * DAY),
      ),
    }),
    { maxLength: 8 },
  ),
  named: fc.array(fc.nat(), { maxLength: 3 }),
  clear: fc.boolean(),
  pageSize: fc.integer({ min: 1, max: 4 }),
});

type Step = typeof stepArb extends fc.Arbitrary<infer S> ? S : never;

const deviceArb = fc.record({
  kind: fc.constantFrom<'kiosk' | 'admin'>('kiosk', 'admin'),
  historyDays: fc.integer({ min: 1, max: 5 }),
});

const held = (d: MemoryDevice) => [...d.table(TABLE).values()] as unknown as PresenceEvent[];
const chunks = <T>(xs: T[], k: number): T[][] =>
  xs.length ? Array.from({ length: Math.ceil(xs.length / k) }, (_, i) => xs.slice(i * k, i * k + k)) : [];
const put = (e: PresenceEvent): Change => ({ table: TABLE, id: e.id, op: 'put', version: 1, data: { ...e } });

/** A device of one kind living through `steps`, checked after every page it applies. */
async function live(dev: { kind: 'kiosk' | 'admin'; historyDays: number }, steps: Step[]) {
  const device = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => NOW);
  const server: PresenceEvent[] = [];
  let day = NOW;
  let pos = 0; // feed rows the device has been through
  let before: ScopeWindows | null = null; // the scope its rows were chosen under
  let n = 0;
  let seq = 0;
  let historyDays = dev.historyDays;
  const windows = () => windowsOf(deviceScope(dev.kind, day, { historyDays }));

  /** Presence is exact for every person whose latest event the device has been through. */
  const check = (through: number) => {
    const seen = new Set(server.slice(0, through).map((e) => e.id));
    const truth = onSite(server);
    const here = onSite(held(device));
    for (const [person, latest] of latestPerPerson(server))
      if (seen.has(latest.id)) expect(here.get(person)).toEqual(truth.get(person));
  };
  const apply = async (changes: Change[], clear: boolean) =>
    device.applyPull({
      changes,
      cursor: 'c',
      hasMore: false,
      lastSeq: clear ? CLEARED : 0,
      rejections: [],
      serverTime: day,
    });

  const pull = async (pageSize: number, clear: boolean) => {
    const after = windows();
    const latest = new Set([...latestPerPerson(server).values()].map((e) => e.id));
    let settle = clear;
    if (before && JSON.stringify(before) !== JSON.stringify(after)) {
      // The scope changed: the difference over the rows the device has been through, older
      // than both windows left unread (server/sync/scope-change.ts).
      const floor = Math.min(before.historyFrom, after.historyFrom);
      const read = server.slice(0, pos).filter((e) => e.at >= floor);
      for (const page of chunks(read, pageSize)) {
        const changes = page.flatMap((e) => {
          const move = rescopeMove(TABLE, { ...e }, before!, after, latest.has(e.id));
          return move === 'put' ? [put(e)] : move === 'del' ? [scopeDelete(put(e))] : [];
        });
        // A superseded row put back comes with its person's latest (server/sync/aged-presence.ts).
        for (const c of [...changes])
          if (c.op === 'put' && !latest.has(c.id)) {
            const last = latestPerPerson(server).get(c.data!.personId as string)!;
            if (!changes.some((d) => d.op === 'put' && d.id === last.id)) changes.push(put(last));
          }
        await apply(changes, settle);
        settle = false;
        check(pos);
      }
    }
    const first = before === null;
    for (const page of chunks(server.slice(pos), pageSize)) {
      // A first sync leaves out what is out of scope; a later pull sends it as a delete.
      const changes = page.flatMap((e) => {
        if (rowInScope(TABLE, { ...e }, after, latest.has(e.id))) return [put(e)];
        return first ? [] : [scopeDelete(put(e))];
      });
      await apply(changes, settle);
      settle = false;
      pos += page.length;
      check(pos);
    }
    if (settle) await apply([], true);
    before = after;
  };

  for (const step of steps) {
    day += step.days * DAY;
    historyDays = step.window ?? historyDays;
    for (const e of step.events)
      server.push({
        id: `e${String(n++).padStart(4, '0')}`,
        personId: e.personId,
        kind: e.kind,
        areaId: null,
        at: day + DAY / 2 - e.ago,
      });
    // Pending entries that name rows the device holds, or rows about to arrive.
    const names = [...held(device).map((e) => e.id), ...server.slice(pos).map((e) => e.id)];
    for (const i of step.named)
      if (names.length) device.outbox.push(pending(++seq, device.userId, names[i % names.length]!));
    await pull(step.pageSize, step.clear);
  }
  // Once the outbox is sent, the deletes that waited apply: no aged sign-out stays on the device.
  await pull(4, true);
  check(server.length);
  const from = windows().historyFrom;
  return { device, agedSignOuts: held(device).filter((e) => e.kind === 'out' && e.at < from) };
}

/** An entry the server has not applied yet; its name is no mutation, so nothing re-applies it. */
const pending = (seq: number, userId: string, rowId: string): OutboxEntry => ({
  seq,
  mutationId: uuidv7(),
  name: 'test.namesRow',
  args: { rowId },
  clientTime: NOW,
  clockOffsetMs: 0,
  userId,
});

describe('aged presence rows on a device', () => {
  it('keep presence exact after every page and leave no aged sign-out behind', async () => {
    await fc.assert(
      fc.asyncProperty(deviceArb, fc.array(stepArb, { minLength: 1, maxLength: 6 }), async (dev, steps) => {
        expect((await live(dev, steps)).agedSignOuts).toEqual([]);
      }),
      { numRuns: 300 },
    );
  }, 60_000); // a few seconds on a quiet machine; the limit only guards against a hang

  it('drop a three-week-old sign-in with the back-dated sign-out that ends it, and keep one never ended', async () => {
    const signedIn = { personId: 'p1' as const, kind: 'in' as const, ago: 21 * DAY };
    const stays = { personId: 'p2' as const, kind: 'in' as const, ago: 21 * DAY };
    const base = { days: 0, window: null, named: [], clear: false, pageSize: 4 };
    const { device, agedSignOuts } = await live({ kind: 'kiosk', historyDays: 14 }, [
      { ...base, events: [signedIn, stays] },
      { ...base, events: [{ personId: 'p1' as const, kind: 'out' as const, ago: 2 * DAY }] },
      { ...base, days: 1, events: [] },
    ]);
    expect(agedSignOuts).toEqual([]);
    expect([...onSite(held(device)).keys()]).toEqual(['p2']);
    expect(held(device).map((e) => e.personId)).toEqual(['p2']);
  });

  it('hold an aged sign-out while the outbox names an older sign-in of the same person', async () => {
    const device = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => NOW);
    const signIn = { id: 'e0001', personId: 'p1', kind: 'in' as const, areaId: null, at: NOW - 21 * DAY };
    const signOut = { ...signIn, id: 'e0002', kind: 'out' as const, at: NOW - 2 * DAY };
    const page = (changes: Change[], lastSeq = 0) => ({
      changes,
      cursor: 'c',
      hasMore: false,
      lastSeq,
      rejections: [],
      serverTime: NOW,
    });
    await device.applyPull(page([put(signIn)]));
    device.outbox.push(pending(1, device.userId, signIn.id));
    // The sign-out arrives already aged: its delete waits with the sign-in, and holds the sign-out.
    await device.applyPull(page([scopeDelete(put(signOut))]));
    expect(onSite(held(device)).size).toBe(0);
    expect(device.table(TABLE).has(signIn.id)).toBe(true);
    await device.applyPull(page([], CLEARED));
    expect(held(device)).toEqual([]);
  });
});
