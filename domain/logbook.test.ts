import { describe, expect, it } from 'vitest';
import { checksOf, countsOf, detailText, formatChecks, pageOf, visitsFrom, type LogbookEvent } from './logbook';

const lookups = {
  person: (id: string) => ({ fullName: id === 'p1' ? 'Ann' : 'Bob', userTypeId: 't1' }),
  area: () => ({ name: 'Reception', siteId: 's1' }),
  site: () => ({ name: 'HQ' }),
  userType: () => ({ name: 'Visitor' }),
};
const ev = (
  id: string,
  personId: string,
  kind: 'in' | 'out',
  at: number,
  details: Record<string, unknown> | null = null,
): LogbookEvent => ({ id, personId, kind, areaId: 'a1', at, details });

describe('logbook', () => {
  const events = [
    ev('e1', 'p1', 'in', 100),
    ev('e2', 'p1', 'out', 200),
    ev('e3', 'p1', 'in', 300, { auto: true }),
    ev('e4', 'p2', 'in', 150),
    ev('e5', 'p2', 'in', 250),
    ev('e6', 'p2', 'out', 260, { auto: true }),
  ];
  it('pairs each sign-in with the next event when it is a sign-out, in any arrival order', () => {
    const rows = visitsFrom([...events].reverse(), lookups, { from: 0, to: 1000 });
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId.e1).toMatchObject({ timeOut: 200, status: 'signed_out', siteName: 'HQ' });
    expect(byId.e3).toMatchObject({ timeOut: null, status: 'auto_signed_in' });
    expect(byId.e4).toMatchObject({ timeOut: null, status: 'signed_in' });
    expect(byId.e5).toMatchObject({ timeOut: 260, status: 'auto_signed_out' });
  });

  it('filters, sorts newest first by default and pages', () => {
    const rows = visitsFrom(events, lookups, { from: 0, to: 1000 });
    expect(pageOf(rows, {}).data.map((r) => r.id)).toEqual(['e3', 'e5', 'e4', 'e1']);
    expect(pageOf(rows, { limit: 3, page: 2 })).toMatchObject({ count: 4, data: [{ id: 'e1' }] });
    expect(pageOf(rows, { search: 'bo' }).count).toBe(2);
    expect(pageOf(rows, { status: 'signed_in' }).data.map((r) => r.id)).toEqual(['e4']);
    expect(countsOf(rows)).toMatchObject({ total: 4, onSite: 2, bySite: [{ name: 'HQ', count: 4 }] });
  });

  it('reads journey details whatever their shape', () => {
    expect(detailText({ host: { fullName: 'Hannah' } }, 'host')).toBe('Hannah');
    expect(detailText({ host: ['A', { name: 'B' }] }, 'host')).toBe('A, B');
    const checks = checksOf({ checks: { temperature: { value: 36.5, unit: 'c' }, mask: true } });
    expect(checks).toEqual({ temperature: { value: 36.5, unit: 'c' }, mask: true });
    expect(checksOf({ stage: 'x', temperature: { celsius: 37, unit: 'f' }, mask: false })).toEqual({
      temperature: { value: 98.6, unit: 'f' },
      mask: false,
    });
    const t = (key: string, params?: Record<string, unknown>) => `${key}${params ? `(${String(params.value)})` : ''}`;
    expect(formatChecks(checks, t)).toBe('visitChecks.temperature_c(36.5) · visitChecks.mask');
    expect(formatChecks(null, t)).toBeNull();
    expect(detailText({ stage: 42 }, 'stage')).toBe('42');
    expect(detailText('nonsense', 'host')).toBeNull();
  });
});
