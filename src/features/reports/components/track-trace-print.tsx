// The whole track & trace for print: every contact of the person in the range (up to the
// print cap), longest together first, for a health or security inquiry.
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../../domain/date-format';
import type { TrackTraceRow } from '../../../../domain/schemas/more-reports';
import { filterWords, PrintView } from './print-view';

export interface TrackTracePrintData {
  data: TrackTraceRow[];
  count: number;
  cap: number;
  subject: { id: string; full_name: string };
  from: string;
  to: string;
}

const COLUMNS = ['name', 'userType', 'together', 'firstAt', 'lastAt', 'areas', 'encounters'] as const;

export function TrackTracePrint({ report, duration }: { report: TrackTracePrintData; duration(ms: number): string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <PrintView
      title={t('moreReports.trackTrace.title')}
      filters={filterWords([
        [t('reports.filters.person'), report.subject.full_name],
        [
          t('reports.filters.dates'),
          t('reportPrint.range', { from: formatDate(report.from, lang), to: formatDate(report.to, lang) }),
        ],
      ])}
      count={report.count}
      cap={report.cap}
      countText={t('moreReports.trackTrace.summary', { count: report.count, name: report.subject.full_name })}
      testId="track-trace-print"
    >
      <table>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c}>{t(`moreReports.columns.${c}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.data.map((r) => (
            <tr key={r.person_id} data-testid="print-row">
              <td>{r.full_name}</td>
              <td>{r.user_type_name ?? t('reports.none')}</td>
              <td>{duration(r.overlap_ms)}</td>
              <td className="gh-print-nowrap">{formatDateTime(r.first_at, lang)}</td>
              <td className="gh-print-nowrap">{formatDateTime(r.last_at, lang)}</td>
              <td>{r.areas.join(lang === 'ar' ? '، ' : ', ')}</td>
              <td>{r.encounters.toLocaleString(lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PrintView>
  );
}
