// Visits per day (per week, from Monday, when the range is long) stacked by user type. chart.js
// lives in this lazy chunk only; a visually hidden table carries the numbers for screen readers.
import { useEffect, useMemo, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDayMonth } from '../../../../domain/date-format';
import { bucketsOf, type SummaryRow } from './summary-buckets';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);
const PALETTE = ['#228be6', '#12b886', '#fab005', '#e64980', '#7950f2', '#fd7e14', '#15aabf', '#868e96'];

export default function SummaryChart({ days, rows, none }: { days: string[]; rows: SummaryRow[]; none: string }) {
  const { t, i18n } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const rtl = i18n.dir() === 'rtl';
  const buckets = useMemo(() => bucketsOf(days, rows, none), [days, rows, none]);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: buckets.starts.map((d) => formatDayMonth(d, i18n.language)),
        datasets: buckets.series.map((s, i) => ({
          label: s.name,
          data: s.counts,
          backgroundColor: PALETTE[i % PALETTE.length],
          stack: 'visits',
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        locale: i18n.language,
        plugins: {
          legend: { position: 'bottom', rtl },
          tooltip: {
            rtl,
            callbacks: { title: (items) => formatDate(buckets.starts[items[0]?.dataIndex ?? 0] ?? '', i18n.language) },
          },
        },
        scales: {
          x: { stacked: true, reverse: rtl, grid: { display: false } },
          y: { stacked: true, beginAtZero: true, position: rtl ? 'right' : 'left', ticks: { precision: 0 } },
        },
      },
    });
    return () => chart.destroy();
  }, [buckets, rtl, i18n.language]);

  return (
    <>
      <div style={{ position: 'relative', blockSize: 260 }}>
        <canvas ref={canvas} role="img" aria-label={t('reports.summary.perDay')} data-testid="summary-chart" />
      </div>
      <VisuallyHidden>
        <table>
          <tbody>
            {buckets.starts.map((d, i) => (
              <tr key={d}>
                <th>{formatDate(d, i18n.language)}</th>
                <td>{buckets.series.reduce((n, s) => n + (s.counts[i] ?? 0), 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </>
  );
}
