// The reports' filters as the URL keeps them, what an export is asked for, and how hours read.
import { describe, expect, it } from 'vitest';
import { filtersOf, paramsFrom, searchOf, timeZone, type HistoryParams } from './history-params';
import { hoursIn, timesheetFiltersOf, timesheetParamsFrom, timesheetSearchOf } from './timesheet-params';

describe('the history report’s filters', () => {
  const full: HistoryParams = {
    from: '2026-03-01',
    to: '2026-03-31',
    site: 's1',
    area: 'a1',
    userType: 't1',
    person: 'p1',
    status: 'signed_out',
    host: 'h1',
    stage: 'ready to sign in',
    checks: 'without',
    sort: 'timeIn',
    order: 'desc',
    page: 4,
    limit: 100,
  };

  it('round-trip through the URL, with the defaults left out', () => {
    expect(paramsFrom(new URLSearchParams(searchOf(full)))).toEqual(full);
    expect(searchOf(paramsFrom(new URLSearchParams()))).toBe('');
  });

  it('ignore what the report does not offer', () => {
    const p = paramsFrom(new URLSearchParams('status=x&checks=maybe&sort=zzz&order=sideways&page=-1&limit=1000'));
    expect(p).toEqual({ ...paramsFrom(new URLSearchParams()) });
    expect(p).toMatchObject({ page: 1, limit: 10 });
  });

  it('export the page’s filters and sort without its paging, in the browser’s time zone', () => {
    const f = filtersOf(full);
    expect(f).toMatchObject({ tz: timeZone(), site: 's1', checks: 'without', sort: 'timeIn', order: 'desc' });
    expect(f).not.toHaveProperty('page');
    expect(f).not.toHaveProperty('limit');
    expect(filtersOf(paramsFrom(new URLSearchParams()))).toEqual({ tz: timeZone() });
  });
});

describe('the timesheet’s filters', () => {
  it('round-trip through the URL and export without the page', () => {
    const p = { from: '2026-03-02', to: '2026-03-08', site: 's1', userType: 't1', person: 'p1', page: 2 };
    expect(timesheetParamsFrom(new URLSearchParams(timesheetSearchOf(p)))).toEqual(p);
    expect(timesheetSearchOf({ page: 1 })).toBe('');
    expect(timesheetFiltersOf(p)).toEqual({
      tz: timeZone(),
      from: '2026-03-02',
      to: '2026-03-08',
      site: 's1',
      userType: 't1',
      person: 'p1',
    });
    expect(timesheetParamsFrom(new URLSearchParams('page=abc')).page).toBe(1);
  });
});

describe('hours as the timesheet shows them', () => {
  it('reads minutes as hours:minutes, past 24 hours in a week’s total', () => {
    expect(hoursIn(450, 'en')).toBe('7:30');
    expect(hoursIn(45 * 60 + 5, 'en')).toBe('45:05');
    expect(hoursIn(0, 'en')).toBe('0:00');
  });

  it('marks a negative balance and rounds to the minute', () => {
    expect(hoursIn(-90, 'en')).toBe('−1:30');
    expect(hoursIn(59.6, 'en')).toBe('1:00');
  });

  it('writes the hours in the language’s own digits', () => {
    expect(hoursIn(450, 'ar-EG')).toBe('٧:٣٠');
  });
});
