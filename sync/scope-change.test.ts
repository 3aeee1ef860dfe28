// Scope changes as properties: a device that applies a scope change's puts and
// deletes holds exactly what a new device of the new scope gets, whatever changed (area,
// journeys, window, day); presence stays exact through it; and a delete never takes away a row
// the outbox still references, nor touches the outbox.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { leavingWith } from '../domain/aged-presence';
import { latestPerPerson, onSite, type PresenceEvent } from '../domain/presence';
import {
  agedOutPerPerson,
  ANY_SCOPE,
  deviceScope,
  scopeFingerprint,
  windowsOf,
  type DeviceScope,
} from '../domain/sync-scope-change';
import type { ScopeWindows } from '../domain/sync-scope';
import { rescopeMove, rowInScope, timeFieldOf } from './catalogue';
import { mutate } from './client';
import { MemoryDevice } from './memory-store';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 0, 0, 0);

type Row = { table: string; id: string; data: Record<string, unknown> };

const rowsArb = fc
  .record({
    events: fc.array(
      fc.record({
        personId: fc.constantFrom('p1', 'p2', 'p3', 'p4'),
        kind: fc.constantFrom<'in' | 'out'>('in', 'out'),
        at: fc.integer({ min: NOW - 40 * DAY, max: NOW + 3 * DAY }),
      }),
      { maxLength: 40 },
    ),
    visits: fc.array(
      fc.record({
        areaId: fc.constantFrom<string | null>('a1', 'a2', null),
        visitAt: fc.option(fc.integer({ min: NOW - 5 * DAY, max: NOW + 15 * DAY }), { nil: null }),
      }),
      { maxLength: 15 },
    ),
    flows: fc.array(fc.constantFrom('j1', 'j2', 'j3'), { maxLength: 6 }),
  })
  .map(({ events, visits, flows }) => {
    const rows: Row[] = [];
    events.forEach((e, i) => rows.push({ table: 'visitEvents', id: `e${String(i).padStart(3, '0')}`, data: e }));
    visits.forEach((v, i) => rows.push({ table: 'expectedVisits', id: `v${i}`, data: { ...v, status: 'approved' } }));
    for (const j of ['j1', 'j2', 'j3']) rows.push({ table: 'journeys', id: j, data: { id: j } });
    flows.forEach((j, i) => rows.push({ table: 'journeyFlows', id: `f${i}`, data: { journeyId: j } }));
    return rows;
  });

const scopeArb = fc
  .record({
    kind: fc.constantFrom<'kiosk' | 'admin'>('kiosk', 'admin'),
    day: fc.integer({ min: -2, max: 3 }),
    historyDays: fc.integer({ min: 1, max: 30 }),
    areas: fc.option(fc.subarray(['a1', 'a2']), { nil: null }),
    journeys: fc.option(fc.subarray(['j1', 'j2', 'j3']), { nil: null }),
  })
  .map((s) => deviceScope(s.kind, NOW + s.day * DAY, s));

const eventsOf = (rows: Row[]) =>
  rows.filter((r) => r.table === 'visitEvents').map((r) => ({ id: r.id, ...r.data }) as unknown as PresenceEvent);

/** Whether each row is its person's latest event (ordered by time, then id, as domain/presence). */
function latestIds(rows: Row[]): Set<string> {
  return new Set([...latestPerPerson(eventsOf(rows)).values()].map((e) => e.id));
}

/** What a new device under `w` gets: the first sync. */
const firstSync = (rows: Row[], w: ScopeWindows, latest: Set<string>) =>
  new Set(rows.filter((r) => rowInScope(r.table, r.data, w, latest.has(r.id))).map((r) => r.id));

/** A device applying a delete: an aged event's takes its person's older events with it (sync/aged-presence.ts). */
function drop(held: Set<string>, rows: Row[], r: Row) {
  if (r.table !== 'visitEvents') return void held.delete(r.id);
  const mine = eventsOf(rows).filter((e) => held.has(e.id) && e.personId === r.data.personId);
  for (const id of leavingWith({ id: r.id, at: r.data.at as number }, mine)) held.delete(id);
}

/** The server's scope change: rows older than both windows are not read (server/sync/scope-change.ts). */
function applyChange(held: Set<string>, rows: Row[], before: ScopeWindows, after: ScopeWindows, latest: Set<string>) {
  const floor = Math.min(before.historyFrom, after.historyFrom);
  const next = new Set(held);
  for (const r of rows) {
    const field = timeFieldOf(r.table);
    if (field && (r.data[field] as number) < floor) continue;
    const move = rescopeMove(r.table, r.data, before, after, latest.has(r.id));
    if (move === 'put') next.add(r.id);
    if (move === 'del') drop(next, rows, r);
  }
  return next;
}

describe('a scope change', () => {
  it('leaves a device holding exactly what a new device of the new scope gets', () => {
    fc.assert(
      fc.property(rowsArb, scopeArb, scopeArb, (rows, s1: DeviceScope, s2: DeviceScope) => {
        const latest = latestIds(rows);
        const held = firstSync(rows, windowsOf(s1), latest);
        const changed = applyChange(held, rows, windowsOf(s1), windowsOf(s2), latest);
        const fresh = firstSync(rows, windowsOf(s2), latest);
        // Exactly what a new device gets: an aged sign-out is never kept.
        expect(changed).toEqual(fresh);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps presence exact: each on-site person’s latest sign-in is never deleted', () => {
    fc.assert(
      fc.property(rowsArb, scopeArb, scopeArb, (rows, s1: DeviceScope, s2: DeviceScope) => {
        const latest = latestIds(rows);
        const held = applyChange(firstSync(rows, windowsOf(s1), latest), rows, windowsOf(s1), windowsOf(s2), latest);
        const events = eventsOf(rows);
        expect(onSite(events.filter((e) => held.has(e.id)))).toEqual(onSite(events));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps presence exact for a device that received later events one pull at a time', () => {
    fc.assert(
      fc.property(rowsArb, fc.nat(), scopeArb, scopeArb, (rows, cut, s1: DeviceScope, s2: DeviceScope) => {
        // Events up to `cut` existed at the first sync; the rest arrive in later pulls (as scopePage sends them).
        const events = rows.filter((r) => r.table === 'visitEvents');
        const k = events.length ? cut % (events.length + 1) : 0;
        const w1 = windowsOf(s1);
        const held = firstSync(events.slice(0, k), w1, latestIds(events.slice(0, k)));
        for (let i = k; i < events.length; i++) {
          // Only the new row is in the page: rows the device already holds are not looked at again.
          const r = events[i]!;
          if (rowInScope(r.table, r.data, w1, latestIds(events.slice(0, i + 1)).has(r.id))) held.add(r.id);
          else drop(held, events, r);
        }
        const changed = applyChange(held, events, w1, windowsOf(s2), latestIds(events));
        const all = eventsOf(events);
        expect(onSite(all.filter((e) => changed.has(e.id)))).toEqual(onSite(all));
      }),
      { numRuns: 400 },
    );
  });

  it('takes a device from before scopes to a new device’s rows with one delete a person, presence exact after each', () => {
    fc.assert(
      fc.property(rowsArb, scopeArb, fc.nat(), (rows, s2: DeviceScope, seed) => {
        // It may hold every row; its other tables move row by row, its presence rows one delete
        // a person (server/sync/aged-out.ts), in any order (pages go by feed sequence).
        const latest = latestIds(rows);
        const after = windowsOf(s2);
        const held = applyChange(
          new Set(rows.filter((r) => r.table !== 'visitEvents').map((r) => r.id)),
          rows.filter((r) => r.table !== 'visitEvents'),
          ANY_SCOPE,
          after,
          latest,
        );
        for (const r of rows) if (r.table === 'visitEvents') held.add(r.id);
        const events = eventsOf(rows);
        const dels = agedOutPerPerson(events, after.historyFrom);
        const order = dels.map((_, i) => dels[(i + seed) % dels.length]!);
        for (const e of order) {
          drop(
            held,
            rows,
            rows.find((r) => r.id === e.id)!,
          );
          expect(onSite(events.filter((x) => held.has(x.id)))).toEqual(onSite(events));
        }
        expect(held).toEqual(firstSync(rows, after, latest));
      }),
      { numRuns: 400 },
    );
  });

  it('has a fingerprint that changes with the scope and not with the order of its areas', () => {
    const a = deviceScope('kiosk', NOW, { areas: ['a2', 'a1'], journeys: ['j1'] });
    const b = deviceScope('kiosk', NOW, { areas: ['a1', 'a2'], journeys: ['j1'] });
    expect(scopeFingerprint(a)).toBe(scopeFingerprint(b));
    expect(scopeFingerprint(a)).toMatch(/^[0-9a-z]{1,13}$/);
    for (const other of [
      deviceScope('kiosk', NOW + DAY, { areas: ['a1', 'a2'], journeys: ['j1'] }),
      deviceScope('kiosk', NOW, { areas: ['a1'], journeys: ['j1'] }),
      deviceScope('kiosk', NOW, { areas: ['a1', 'a2'], journeys: ['j1'], historyDays: 3 }),
      deviceScope('admin', NOW, { areas: ['a1', 'a2'], journeys: ['j1'] }),
    ])
      expect(scopeFingerprint(other)).not.toBe(scopeFingerprint(a));
  });
});

describe('deletes on the device', () => {
  it('never drop a row the outbox still references, never touch the outbox, and apply once it is sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        async (signIns, visits, arrived, pick) => {
          let t = NOW;
          const device = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => t++);
          // Expected visits the server sent; some marked arrived offline, and sign-ins recorded
          // offline: each is in the outbox and names its row.
          const visitIds = Array.from({ length: visits }, () => uuidv7());
          for (const id of visitIds)
            device.table('expectedVisits').set(id, { id, personId: 'p1', status: 'approved', visitAt: t });
          const referenced: Array<{ table: string; id: string }> = [];
          for (const [i, visitId] of visitIds.entries())
            if (arrived[i]) {
              await mutate(device.deps(), 'expectedVisit.arrive', { visitId, at: t });
              referenced.push({ table: 'expectedVisits', id: visitId });
            }
          for (let i = 0; i < signIns; i++) {
            const eventId = uuidv7();
            await mutate(device.deps(), 'visit.signIn', { eventId, personId: uuidv7(), areaId: uuidv7(), at: t });
            referenced.push({ table: 'visitEvents', id: eventId });
          }
          const outboxBefore = JSON.stringify(device.outbox);
          // A scope change's deletes, naming any of them.
          const all = [
            ...visitIds.map((id) => ({ table: 'expectedVisits', id })),
            ...referenced.filter((r) => r.table === 'visitEvents'),
          ];
          const dels = all.filter((_, i) => pick[i % pick.length]);
          const page = (lastSeq: number, changes = dels) => ({
            changes: changes.map((d) => ({ ...d, op: 'del' as const, version: 1, data: null })),
            cursor: 'c1.9~abc',
            hasMore: false,
            lastSeq,
            rejections: [],
            serverTime: t,
          });
          await device.applyPull(page(0));
          expect(JSON.stringify(device.outbox)).toBe(outboxBefore);
          for (const r of referenced) expect(device.table(r.table).has(r.id)).toBe(true);
          const named = new Set(referenced.map((r) => r.id));
          for (const d of dels) if (!named.has(d.id)) expect(device.table(d.table).has(d.id)).toBe(false);
          // Once the server has applied the outbox, the waiting deletes apply with the next pull.
          await device.applyPull(page(device.outbox.length, []));
          expect(device.outbox).toEqual([]);
          for (const d of dels) expect(device.table(d.table).has(d.id)).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keeps a row that comes back into scope while its delete waits for the outbox', async () => {
    let t = NOW;
    const device = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => t++);
    const visitId = uuidv7();
    const row = { id: visitId, personId: 'p1', status: 'approved', visitAt: t };
    device.table('expectedVisits').set(visitId, row);
    await mutate(device.deps(), 'expectedVisit.arrive', { visitId, at: t });
    const page = (lastSeq: number, op: 'del' | 'put') => ({
      changes: [{ table: 'expectedVisits', id: visitId, op, version: 2, data: op === 'put' ? row : null }],
      cursor: 'c1.9~abc',
      hasMore: false,
      lastSeq,
      rejections: [],
      serverTime: t,
    });
    // Moved away: the delete waits for the arrival; moved back before it was sent: the row is
    // put again, so the waiting delete is dropped and the row stays once the outbox is sent.
    await device.applyPull(page(0, 'del'));
    expect(device.waitingDeletes).toHaveLength(1);
    await device.applyPull(page(0, 'put'));
    await device.applyPull({ ...page(device.outbox.length, 'put'), changes: [] });
    expect(device.outbox).toEqual([]);
    expect(device.table('expectedVisits').has(visitId)).toBe(true);
  });
});
