// The filters a printed report lists under its title, and what an export of the kiosk logs is
// asked for: only the filters that are set, in words, in the viewer's time zone.
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { timeZone } from '../hooks/history-params';
import { filtersOf } from './kiosk-logs-filters';
import { filterWords } from './print-view';
import { timesheetFilterWords } from './timesheet-print';

const t = ((key: string, o?: Record<string, string>) => (o ? `${key}(${o.from}–${o.to})` : key)) as TFunction;

describe('a printed report’s filters', () => {
  it('list each filter that is set as “label: value”, in order', () => {
    expect(
      filterWords([
        ['Site', 'HQ'],
        ['Area', null],
        ['User type', ''],
        ['Person', 'Vera'],
      ]),
    ).toEqual(['Site: HQ', 'Person: Vera']);
  });

  it('on a timesheet, name the range, then the site, user type and person shown', () => {
    const words = timesheetFilterWords(
      t,
      'en',
      { from: '2026-03-02', to: '2026-03-08' },
      {
        site: 'HQ',
        area: undefined,
        userType: undefined,
        person: 'Vera Visitor',
      },
    );
    expect(words).toHaveLength(3);
    expect(words[0]).toMatch(/^reports\.filters\.dates: reportPrint\.range\(.+–.+\)$/);
    expect(words.slice(1)).toEqual(['reports.filters.site: HQ', 'reports.filters.person: Vera Visitor']);
  });
});

describe('a kiosk-logs export', () => {
  it('takes the URL’s filters it knows, in the viewer’s time zone', () => {
    const search = new URLSearchParams('kiosk=k1&from=2026-03-01&code=&page=3&other=x');
    expect(filtersOf(search, ['kiosk', 'from', 'to', 'code'])).toEqual({
      tz: timeZone(),
      kiosk: 'k1',
      from: '2026-03-01',
    });
  });
});
