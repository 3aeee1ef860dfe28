// The print-only view of a whole report: its title, the filters in words, the day it was
// printed (DD/MM/YYYY), a note when the report is longer than a print holds, then the rows.
// It lives beside the app's root (a portal), hidden on screen; in print it replaces the app.
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../domain/date-format';
import { printCapped } from '../../../../domain/report-print';
import './print-view.css';

export interface PrintViewProps {
  title: string;
  /** The filters, each already in words ("Site: Warehouse"). */
  filters: string[];
  count: number;
  cap: number;
  /** The report's own word for its rows ("visits", "people", "contacts"), counted. */
  countText: string;
  testId: string;
  children: ReactNode;
}

export function PrintView({ title, filters, count, cap, countText, testId, children }: PrintViewProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return createPortal(
    <div className="gh-print-view" data-testid={testId} dir={i18n.dir(lang)} lang={lang}>
      <h1>{title}</h1>
      <p className="gh-print-meta" data-testid="print-filters">
        {filters.join(' · ')}
      </p>
      <p className="gh-print-meta">
        <span data-testid="print-date">{t('reportPrint.printedOn', { date: formatDate(Date.now(), lang) })}</span>
        {' · '}
        <span>{countText}</span>
      </p>
      {printCapped(count) ? (
        <p className="gh-print-capped" data-testid="print-capped">
          {t('reportPrint.capped', { total: count.toLocaleString(lang), cap: cap.toLocaleString(lang) })}
        </p>
      ) : null}
      {children}
    </div>,
    document.body,
  );
}

/** "Label: value" for each filter that is set. */
export function filterWords(pairs: Array<[label: string, value: string | null | undefined]>): string[] {
  return pairs.filter(([, v]) => v).map(([label, v]) => `${label}: ${v}`);
}
