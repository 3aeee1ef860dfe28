// The whole time report for print: the total and the per-user-type rows of the range, then
// every person of the filters (up to the print cap), most time first as on screen.
import { useTranslation } from 'react-i18next';
import { hoursIn, type TimesheetParams } from '../hooks/timesheet-params';
import { useFilterNames } from '../hooks/use-filter-names';
import { PrintView } from './print-view';
import { timesheetFilterWords } from './timesheet-print';

export interface TimeAnswer {
  data: Array<{
    personId: string;
    fullName: string;
    userTypeName: string | null;
    minutes: number;
    visits: number;
    days: number;
    averageMinutes: number;
  }>;
  count: number;
  byUserType: Array<{
    userTypeId: string | null;
    userTypeName: string | null;
    minutes: number;
    people: number;
    visits: number;
  }>;
  totalMinutes: number;
  from: string;
  to: string;
}
export type TimePrintData = TimeAnswer & { cap: number };

const TYPE_COLUMNS = ['userType', 'people', 'visits', 'hours', 'averagePersonHours'] as const;
const PERSON_COLUMNS = ['name', 'userType', 'hours', 'visits', 'daysOnSite', 'averageVisitHours'] as const;

export function TimePrint({ report, params }: { report: TimePrintData; params: TimesheetParams }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const names = useFilterNames(params);
  const n = (x: number) => x.toLocaleString(lang);
  const head = (keys: readonly string[]) => (
    <thead>
      <tr>
        {keys.map((k) => (
          <th key={k}>{t(`reports.columns.${k}`)}</th>
        ))}
      </tr>
    </thead>
  );
  return (
    <PrintView
      title={t('timeReport.title')}
      filters={timesheetFilterWords(t, lang, report, names)}
      count={report.count}
      cap={report.cap}
      countText={`${t('reportPrint.people', { count: report.count })} · ${t('timeReport.totalHours')}: ${hoursIn(report.totalMinutes, lang)}`}
      testId="time-print"
    >
      <h2>{t('timeReport.byUserType')}</h2>
      <table>
        {head(TYPE_COLUMNS)}
        <tbody>
          {report.byUserType.map((r) => (
            <tr key={r.userTypeId ?? 'none'}>
              <td>{r.userTypeName ?? t('reports.none')}</td>
              <td>{n(r.people)}</td>
              <td>{n(r.visits)}</td>
              <td>{hoursIn(r.minutes, lang)}</td>
              <td>{hoursIn(r.minutes / Math.max(1, r.people), lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('timeReport.byPerson')}</h2>
      <table>
        {head(PERSON_COLUMNS)}
        <tbody>
          {report.data.map((r) => (
            <tr key={r.personId} data-testid="print-row">
              <td>{r.fullName}</td>
              <td>{r.userTypeName ?? '—'}</td>
              <td>{hoursIn(r.minutes, lang)}</td>
              <td>{n(r.visits)}</td>
              <td>{n(r.days)}</td>
              <td>{hoursIn(r.averageMinutes, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PrintView>
  );
}
