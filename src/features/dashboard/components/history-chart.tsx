// The last 14 days' sign-ins as a bar chart. chart.js lives in this lazy chunk only, so the
// dashboard's first render never waits for it. A visually hidden table carries the numbers
// for screen readers.
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '@mantine/core';
import { formatDate, formatDayMonth } from '../format';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface DayCount {
  day: string;
  count: number;
}

export default function HistoryChart({ days }: { days: DayCount[] }) {
  const { t, i18n } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const rtl = i18n.dir() === 'rtl';
  useEffect(() => {
    if (!canvas.current) return;
    const labels = days.map((d) => formatDayMonth(d.day, i18n.language));
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels,
        datasets: [
          { label: t('logbook.signIns'), data: days.map((d) => d.count), backgroundColor: '#228be6', borderRadius: 4 },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        locale: i18n.language,
        plugins: {
          tooltip: {
            rtl,
            callbacks: { title: (items) => formatDate(days[items[0]?.dataIndex ?? 0]?.day ?? '', i18n.language) },
          },
        },
        scales: {
          x: { reverse: rtl, grid: { display: false } },
          y: { beginAtZero: true, position: rtl ? 'right' : 'left', ticks: { precision: 0 } },
        },
      },
    });
    return () => chart.destroy();
  }, [days, rtl, t, i18n.language]);

  return (
    <>
      <div style={{ position: 'relative', blockSize: 200 }}>
        <canvas ref={canvas} role="img" aria-label={t('logbook.chartTitle')} data-testid="history-chart" />
      </div>
      <VisuallyHidden>
        <table>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th>{formatDate(d.day, i18n.language)}</th>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </>
  );
}
