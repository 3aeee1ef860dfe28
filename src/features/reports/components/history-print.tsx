// The whole filtered history for print: the page's chosen columns, every row of the filters
// and sort (up to the print cap), in a plain table whose header repeats on each printed page.
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../../domain/date-format';
import { formatChecks, type LogbookRow } from '../../../../domain/logbook';
import type { HistoryParams } from '../hooks/history-params';
import { useFilterNames } from '../hooks/use-filter-names';
import type { Column } from './history-table';
import { filterWords, PrintView } from './print-view';

/** Dates and statuses stay on one line; names and places wrap. */
const NOWRAP = new Set<Column>(['timeIn', 'timeOut', 'status']);

export interface HistoryPrintData {
  data: LogbookRow[];
  count: number;
  cap: number;
  from: string;
  to: string;
}

export function HistoryPrint({
  report,
  params,
  columns,
}: {
  report: HistoryPrintData;
  params: HistoryParams;
  columns: Column[];
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const names = useFilterNames(params);
  const sort = params.sort ?? 'timeIn';
  const order = params.order ?? (sort === 'timeIn' ? 'desc' : 'asc');
  const f = (k: string) => t(`reports.filters.${k}`);
  const filters = filterWords([
    [f('dates'), t('reportPrint.range', { from: formatDate(report.from, lang), to: formatDate(report.to, lang) })],
    [f('site'), names.site],
    [f('area'), names.area],
    [f('userType'), names.userType],
    [f('person'), names.person],
    [f('status'), params.status && t(`logbook.statuses.${params.status}`)],
    [f('host'), params.host],
    [f('stage'), params.stage],
    [f('checks'), params.checks && f(params.checks === 'with' ? 'checksWith' : 'checksWithout')],
    [
      t('reportPrint.sortedBy'),
      `${t(`reports.columns.${sort}`)} (${t(order === 'asc' ? 'reportPrint.ascending' : 'reportPrint.descending')})`,
    ],
  ]);
  const cell = (r: LogbookRow, c: Column): string => {
    switch (c) {
      case 'timeIn':
        return formatDateTime(r.timeIn, lang);
      case 'timeOut':
        return formatDateTime(r.timeOut, lang);
      case 'name':
        return r.fullName;
      case 'status':
        return t(`logbook.statuses.${r.status}`);
      case 'checks':
        return formatChecks(r.checks, t) || '—';
      default:
        return { userType: r.userTypeName, site: r.siteName, area: r.areaName, host: r.host, stage: r.stage }[c] ?? '—';
    }
  };
  return (
    <PrintView
      title={t('reports.history.title')}
      filters={filters}
      count={report.count}
      cap={report.cap}
      countText={t('reports.history.count', { count: report.count })}
      testId="history-print"
    >
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c}>{t(`reports.columns.${c}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.data.map((r) => (
            <tr key={r.id} data-testid="print-row" data-id={r.id}>
              {columns.map((c) => (
                <td key={c} className={NOWRAP.has(c) ? 'gh-print-nowrap' : undefined}>
                  {cell(r, c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </PrintView>
  );
}
