import { describe, expect, it } from 'vitest';
import {
  emergencyList,
  filterList,
  groupList,
  hostNameOf,
  staleDevices,
  waitingEvents,
  WAITING_WINDOW_MS,
  type ListEvent,
} from './emergency-list';
import { csvCell, toCsv } from './emergency-csv';

const people = new Map([
  ['p1', { id: 'p1', fullName: 'Zoe Zed', phone: '7700900001', countryCode: '44', userTypeId: 'staff' }],
  ['p2', { id: 'p2', fullName: 'Amir Ali', phone: null, userTypeId: 'staff' }],
  ['h', { id: 'h', fullName: 'Hannah Host' }],
]);
const areaSite = new Map([
  ['a1', 'x'],
  ['b1', 'y'],
]);
const ev = (
  id: string,
  personId: string,
  kind: 'in' | 'out',
  areaId: string,
  at: number,
  extra: Partial<ListEvent> = {},
): ListEvent => ({ id, personId, kind, areaId, at, ...extra });

describe('emergency list', () => {
  const rows = emergencyList({
    people,
    areaSite,
    events: [
      ev('1', 'p1', 'in', 'a1', 10, { details: { host_user_id: 'h' } }),
      ev('2', 'p2', 'in', 'b1', 20, { userTypeId: 'visitor', details: { hostName: 'Front desk' } }),
      ev('3', 'h', 'in', 'a1', 5),
      ev('4', 'h', 'out', 'a1', 6),
    ],
  });

  it('lists who is on site now, sorted by name, with site, host, phone and user type', () => {
    expect(rows.map((r) => [r.fullName, r.siteId, r.hostName, r.phone, r.userTypeId])).toEqual([
      ['Amir Ali', 'y', 'Front desk', null, 'visitor'],
      ['Zoe Zed', 'x', 'Hannah Host', '+44 7700900001', 'staff'],
    ]);
  });

  it('filters by site, area, user type and search (name, phone, host)', () => {
    expect(filterList(rows, { siteId: 'x' }).map((r) => r.personId)).toEqual(['p1']);
    expect(filterList(rows, { areaId: 'b1' }).map((r) => r.personId)).toEqual(['p2']);
    expect(filterList(rows, { userTypeId: 'staff' }).map((r) => r.personId)).toEqual(['p1']);
    expect(filterList(rows, { search: ' HANNAH ' }).map((r) => r.personId)).toEqual(['p1']);
    expect(filterList(rows, { search: '0900' }).map((r) => r.personId)).toEqual(['p1']);
    expect(groupList(rows, 'siteId').map((g) => [g.key, g.rows.length])).toEqual([
      ['y', 1],
      ['x', 1],
    ]);
  });

  it('reads the host from the shapes a journey may store', () => {
    const nameOf = (id: string) => (id === 'h' ? 'Hannah Host' : undefined);
    expect(hostNameOf({ host: { fullName: 'A' } }, nameOf)).toBe('A');
    expect(hostNameOf({ host_user_ids: ['x', 'h'] }, nameOf)).toBe('Hannah Host');
    expect(hostNameOf({}, nameOf)).toBeNull();
  });

  it('counts devices not heard from for five minutes, except this one', () => {
    const devices = [
      { deviceId: 'k1', lastSeenAt: 0 },
      { deviceId: 'k2', lastSeenAt: 60_000 },
      { deviceId: 'me', lastSeenAt: 0 },
      { deviceId: 'k3', lastSeenAt: 590_000 },
    ];
    expect(staleDevices(devices, 600_000, 'me')).toEqual({ count: 2, since: 60_000 });
  });
});

describe('csv', () => {
  it('quotes, escapes and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell(-3)).toBe('-3');
    expect(toCsv(['n'], [['x'], [null]])).toBe('\uFEFFn\r\nx\r\n\r\n');
  });
});

describe('visitors waiting at reception', () => {
  const now = 1_000_000_000;
  const visit = (id: string, personId: string, stage: string, at: number) => ({
    id,
    personId,
    areaId: 'a1',
    at,
    stage,
    details: { hostIds: ['h'] },
  });
  const list = (events: ListEvent[]) => emergencyList({ people, areaSite, events });

  it('counts a visitor held for a decision as in the building, marked as waiting, with their host', () => {
    const waiting = waitingEvents(
      [
        visit('v1', 'p1', 'waiting for admin approval', now - 60_000),
        visit('v2', 'p2', 'waiting for admin approval (compliance failed)', now - 60_000),
        // Decided, or long gone: not waiting.
        visit('v3', 'h', 'refused by admin', now - 60_000),
        visit('v4', 'h', 'waiting for admin approval', now - WAITING_WINDOW_MS - 1),
      ],
      now,
    );
    expect(waiting.map((e) => e.personId)).toEqual(['p1', 'p2']);
    expect(list(waiting).map((r) => [r.fullName, r.waiting, r.hostName, r.siteId])).toEqual([
      ['Amir Ali', true, 'Hannah Host', 'x'],
      ['Zoe Zed', true, 'Hannah Host', 'x'],
    ]);
  });

  it('gives way to what happened after: let in (a sign-in) or gone (a sign-out)', () => {
    const waiting = waitingEvents([visit('v1', 'p1', 'waiting for admin approval', now - 60_000)], now);
    const letIn = list([...waiting, ev('in', 'p1', 'in', 'a1', now - 1_000)]);
    expect(letIn.map((r) => [r.fullName, r.waiting])).toEqual([['Zoe Zed', undefined]]);
    expect(list([...waiting, ev('out', 'p1', 'out', 'a1', now - 1_000)])).toEqual([]);
    // A kiosk clock a little ahead still counts.
    expect(waitingEvents([visit('v9', 'p1', 'waiting for admin approval', now + 30_000)], now)).toHaveLength(1);
  });
});
