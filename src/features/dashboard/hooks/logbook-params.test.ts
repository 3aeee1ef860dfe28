// The logbook's filters as the URL keeps them: a reload or a shared link shows the same view,
// and a view of today renders from the device's own data first.
import { describe, expect, it } from 'vitest';
import { isToday, paramsFrom, searchOf, todayOf, type LogbookParams } from './logbook-params';
import { startOfToday } from './use-local-logbook';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();

describe('logbook filters in the URL', () => {
  it('round-trips every filter and writes nothing for the default view', () => {
    const p: LogbookParams = {
      from: '2026-03-01',
      to: '2026-03-04',
      siteId: 's1',
      areaId: 'a1',
      userTypeId: 't1',
      status: 'auto_signed_out',
      search: 'vera',
      sort: 'timeOut',
      order: 'asc',
      page: 2,
      limit: 50,
    };
    expect(paramsFrom(new URLSearchParams(searchOf(p)))).toEqual(p);
    expect(searchOf(paramsFrom(new URLSearchParams()))).toBe('');
  });

  it('ignores a status, sort, order, page or page size the logbook does not know', () => {
    const p = paramsFrom(new URLSearchParams('status=gone&sort=shoeSize&order=up&page=0&limit=7'));
    expect(p).toMatchObject({ status: undefined, sort: undefined, order: undefined, page: 1, limit: 10 });
    expect(paramsFrom(new URLSearchParams('page=2.5')).page).toBe(1);
  });
});

describe('today’s view', () => {
  const noon = at(2026, 3, 4);
  const base = paramsFrom(new URLSearchParams());

  it('is the view with no range, or a range of just today', () => {
    expect(todayOf(noon)).toBe('2026-03-04');
    expect(isToday(base, noon)).toBe(true);
    expect(isToday({ ...base, from: '2026-03-04', to: '2026-03-04' }, noon)).toBe(true);
  });

  it('is not a view reaching into another day', () => {
    expect(isToday({ ...base, from: '2026-03-03' }, noon)).toBe(false);
    expect(isToday({ ...base, to: '2026-03-05' }, noon)).toBe(false);
  });

  it('starts at local midnight, so a late-evening sign-in still counts as today', () => {
    expect(startOfToday(at(2026, 3, 4, 23))).toBe(at(2026, 3, 4, 0));
    expect(startOfToday(at(2026, 3, 4, 0))).toBe(at(2026, 3, 4, 0));
  });
});
