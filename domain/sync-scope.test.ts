// Sync scopes keep presence exact: whatever history a company has, a device holding only its
// scope derives the same people on site as one holding everything.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leavingWith } from './aged-presence';
import { defaultPermissionsFor, type PermissionMap } from './permissions';
import { latestPerPerson, onSite, type PresenceEvent } from './presence';
import {
  companyDayStart,
  deviceKindOf,
  eventInScope,
  expectedVisitInScope,
  HISTORY_WINDOW_DAYS,
  scopedEvents,
  scopeWindows,
  startOfLocalDay,
} from './sync-scope';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 15, 0, 0);

const history = fc.array(
  fc.record({
    id: fc.uuid(),
    personId: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6'),
    kind: fc.constantFrom<'in' | 'out'>('in', 'out'),
    areaId: fc.constantFrom(null, 'a1', 'a2'),
    // a year back, with ties on the same instant now and then
    at: fc.oneof(fc.integer({ min: NOW - 365 * DAY, max: NOW }), fc.constant(NOW - 21 * DAY)),
  }),
  { maxLength: 60 },
);

describe('scoped events', () => {
  it('derive the same people on site as the whole history, for any window', () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 0, max: 400 }), (events: PresenceEvent[], days) => {
        const from = NOW - days * DAY;
        expect(onSite(scopedEvents(events, from))).toEqual(onSite(events));
      }),
      { numRuns: 500 },
    );
  });

  it('always hold each on-site person’s latest sign-in, however old', () => {
    fc.assert(
      fc.property(history, (events: PresenceEvent[]) => {
        const held = new Set(scopedEvents(events, NOW).map((e) => e.id));
        for (const here of onSite(events).values()) expect(held.has(here.eventId)).toBe(true);
      }),
    );
  });

  it('keep a sign-in from three weeks ago that was never signed out, and drop an old completed visit', () => {
    const events: PresenceEvent[] = [
      { id: '01', personId: 'stayed', kind: 'in', areaId: 'a1', at: NOW - 21 * DAY },
      { id: '02', personId: 'left', kind: 'in', areaId: 'a1', at: NOW - 20 * DAY },
      { id: '03', personId: 'left', kind: 'out', areaId: 'a1', at: NOW - 20 * DAY + 3_600_000 },
      { id: '04', personId: 'today', kind: 'out', areaId: 'a1', at: NOW - 3_600_000 },
    ];
    expect(scopedEvents(events, NOW - 5 * 3_600_000).map((e) => e.id)).toEqual(['01', '04']);
  });
});

describe('a device that syncs first and then pulls as late events arrive', () => {
  it('derives the same people on site as the whole history after every pull', () => {
    fc.assert(
      fc.property(history, fc.array(fc.nat(), { maxLength: 8 }), fc.nat(), (events: PresenceEvent[], cuts, firstAt) => {
        // The feed receives the events in batches (late arrivals of old events included).
        const bounds = [...new Set(cuts.map((c) => c % (events.length + 1)))].sort((a, b) => a - b);
        const batches = [...bounds, events.length].map((end, i, all) => events.slice(i ? all[i - 1] : 0, end));
        const from = NOW - DAY;
        const first = firstAt % batches.length;
        const server: PresenceEvent[] = [];
        const device = new Map<string, PresenceEvent>();
        batches.forEach((batch, i) => {
          server.push(...batch);
          if (i < first) return;
          const latest = new Set([...latestPerPerson(server).values()].map((e) => e.id));
          // The first sync reads the whole feed; each later pull reads only the new batch.
          // A row out of scope is left out of a first sync; later, its delete takes its person's
          // older rows with it (domain/aged-presence.ts).
          for (const e of i === first ? server : batch) {
            if (eventInScope(e, from, latest.has(e.id))) device.set(e.id, e);
            else if (i !== first)
              for (const id of leavingWith(
                e,
                [...device.values()].filter((d) => d.personId === e.personId),
              ))
                device.delete(id);
          }
          expect(onSite(device.values())).toEqual(onSite(server));
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('the scope rule for one event', () => {
  it('never holds an aged sign-out, and holds an aged sign-in only while it is its person’s latest', () => {
    const old = { kind: 'out' as const, at: NOW - 30 * DAY };
    expect(eventInScope(old, NOW - DAY, true)).toBe(false);
    expect(eventInScope(old, NOW - DAY, false)).toBe(false);
    expect(eventInScope({ ...old, kind: 'in' }, NOW - DAY, true)).toBe(true);
    expect(eventInScope({ ...old, kind: 'in' }, NOW - DAY, false)).toBe(false);
    expect(eventInScope({ kind: 'out', at: NOW }, NOW - DAY, true)).toBe(true);
  });

  it('takes a person’s older rows with an aged row’s delete, and nobody else’s or later ones', () => {
    const held = [
      { id: '01', at: NOW - 21 * DAY },
      { id: '02', at: NOW - 2 * DAY },
      { id: '03', at: NOW - 2 * DAY },
      { id: '04', at: NOW },
    ];
    expect(leavingWith({ id: '02', at: NOW - 2 * DAY }, held).sort()).toEqual(['01', '02']);
    expect(leavingWith({ id: '09', at: NOW - 3 * DAY }, held).sort()).toEqual(['01', '09']);
  });
});

describe('device windows', () => {
  const dayStart = startOfLocalDay(NOW, 'UTC');

  it('gives a kiosk today only and an admin the history window', () => {
    const kiosk: PermissionMap = { kiosk_device: { pivot: { allowed: 1 } } };
    expect(deviceKindOf(kiosk)).toBe('kiosk');
    expect(deviceKindOf(defaultPermissionsFor('admin'))).toBe('admin');
    expect(deviceKindOf({ show_emergency_list: { pivot: { allowed: 1 } } })).toBe('other');
    expect(scopeWindows('kiosk', dayStart).historyFrom).toBe(dayStart);
    expect(scopeWindows('other', dayStart).historyFrom).toBe(dayStart);
    expect(scopeWindows('admin', dayStart).historyFrom).toBe(dayStart - HISTORY_WINDOW_DAYS * DAY);
  });

  it('holds a kiosk’s expected visits from yesterday to the days ahead, and every one for an admin', () => {
    const kiosk = scopeWindows('kiosk', dayStart);
    expect(expectedVisitInScope(dayStart - DAY, kiosk)).toBe(true);
    expect(expectedVisitInScope(dayStart - DAY - 1, kiosk)).toBe(false);
    expect(expectedVisitInScope(dayStart + 7 * DAY, kiosk)).toBe(true);
    expect(expectedVisitInScope(dayStart + 8 * DAY, kiosk)).toBe(false);
    expect(expectedVisitInScope(null, kiosk)).toBe(true);
    expect(expectedVisitInScope(dayStart - 100 * DAY, scopeWindows('admin', dayStart))).toBe(true);
  });

  it('starts today at local midnight, the earliest of the company’s zones', () => {
    const tokyo = startOfLocalDay(NOW, 'Asia/Tokyo'); // 00:00 JST 28 Nov = 15:00 UTC 27 Nov
    expect(tokyo).toBe(Date.UTC(2026, 10, 27, 15, 0, 0));
    const la = startOfLocalDay(NOW, 'America/Los_Angeles'); // 00:00 PST 27 Nov
    expect(la).toBe(Date.UTC(2026, 10, 27, 8, 0, 0));
    expect(companyDayStart(NOW, ['Asia/Tokyo', 'America/Los_Angeles'])).toBe(la);
    // A summer-time day: London's 25 October 2026 began at 23:00 UTC the day before.
    expect(startOfLocalDay(Date.UTC(2026, 9, 25, 12), 'Europe/London')).toBe(Date.UTC(2026, 9, 24, 23));
    expect(companyDayStart(NOW, [])).toBe(Date.UTC(2026, 10, 27));
    expect(companyDayStart(NOW, ['Not/AZone'])).toBe(Date.UTC(2026, 10, 27));
  });
});
