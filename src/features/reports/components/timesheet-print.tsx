// The whole filtered timesheet for print: every person of the filters (up to the print cap),
// each card kept on one page where it fits, its day table's header repeated on each page.
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../../domain/date-format';
import type { TimesheetParams } from '../hooks/timesheet-params';
import { useFilterNames } from '../hooks/use-filter-names';
import { filterWords, PrintView } from './print-view';
import { TimesheetPersonCard, type TimesheetEntry } from './timesheet-person';

export interface TimesheetPrintData {
  data: TimesheetEntry[];
  count: number;
  cap: number;
  from: string;
  to: string;
}

/** The printed filters of the timesheet and the time report: the range, site, user type and person. */
export function timesheetFilterWords(
  t: TFunction,
  lang: string,
  range: { from: string; to: string },
  names: ReturnType<typeof useFilterNames>,
): string[] {
  const f = (k: string) => t(`reports.filters.${k}`);
  return filterWords([
    [f('dates'), t('reportPrint.range', { from: formatDate(range.from, lang), to: formatDate(range.to, lang) })],
    [f('site'), names.site],
    [f('userType'), names.userType],
    [f('person'), names.person],
  ]);
}

export function TimesheetPrint({ report, params }: { report: TimesheetPrintData; params: TimesheetParams }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const names = useFilterNames(params);
  return (
    <PrintView
      title={t('timesheet.title')}
      filters={timesheetFilterWords(t, lang, report, names)}
      count={report.count}
      cap={report.cap}
      countText={t('reportPrint.people', { count: report.count })}
      testId="timesheet-print"
    >
      {report.data.map((p) => (
        <TimesheetPersonCard key={p.personId} person={p} />
      ))}
    </PrintView>
  );
}
