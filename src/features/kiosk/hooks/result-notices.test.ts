import { describe, expect, it } from 'vitest';
import { peopleWaiting, resultNotices } from './result-notices';

describe('what the kiosk result screen promises', () => {
  it('says the host has been told and the door asked only when online', () => {
    expect(resultNotices({ online: true, hostName: 'Hannah Host', outputs: ['door_relay', 'print_badge'] })).toEqual([
      { key: 'kiosk.result.hostNotified', params: { host: 'Hannah Host' } },
      { key: 'kiosk.output.door_relay' },
    ]);
  });
  it('offline, says both will happen once the kiosk is back online', () => {
    expect(resultNotices({ online: false, hostName: 'Hannah Host', outputs: ['door_relay'] })).toEqual([
      { key: 'kioskOffline.hostLater', params: { host: 'Hannah Host' } },
      { key: 'kioskOffline.output.door_relay' },
    ]);
  });
});

describe('the unsent badge', () => {
  it('counts people waiting, not the mutations queued for them', () => {
    const ann = { personId: 'ann' };
    const rows = [
      { name: 'kiosk.journey', args: ann },
      { name: 'kiosk.log', args: { logId: '1' } },
      { name: 'kiosk.log', args: { logId: '2' } },
      { name: 'kiosk.log', args: { logId: '3' } },
      { name: 'kiosk.signOut', args: ann },
      { name: 'kiosk.heartbeat', args: {} },
      { name: 'kiosk.journey', args: { personId: 'bob' } },
    ];
    expect(peopleWaiting(rows)).toBe(2);
    expect(peopleWaiting(rows.slice(0, 4))).toBe(1);
    expect(peopleWaiting([])).toBe(0);
  });
});
