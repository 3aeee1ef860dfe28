// Filters shared by the kiosk logs and the print list: kiosk, days (empty: the last 30 days)
// and, for the logs, part of a code. Filters live in the URL, so a reload keeps them.
import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DateField } from '../../../ui/date-field';
import { timeZone } from '../hooks/history-params';
import { useReport } from '../hooks/use-report';

/** The page's filters from the URL, and a setter that goes back to the first page. */
export function useUrlFilters() {
  const [search, setSearch] = useSearchParams();
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setSearch(next, { replace: true });
  };
  return { search, set, page: Math.max(1, Number(search.get('page') ?? 1) || 1) };
}

/** The filters an export of the page takes: the URL's, in the viewer's time zone. */
export function filtersOf(search: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = { tz: timeZone() };
  for (const k of keys) if (search.get(k)) out[k] = search.get(k)!;
  return out;
}

export function KioskLogsFilters({ withCode }: { withCode: boolean }) {
  const { t } = useTranslation();
  const { search, set } = useUrlFilters();
  const kiosks = useReport<{ data: Array<{ id: string; kiosk_name: string }> }>('/reports/kiosks');
  const w = { base: '100%', xs: 180 };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" className="gh-no-print" data-testid="kiosk-filters">
      <Select
        label={t('moreReports.filters.kiosk')}
        data={(kiosks.data?.data ?? []).map((k) => ({ value: k.id, label: k.kiosk_name }))}
        value={search.get('kiosk')}
        clearable
        w={w}
        onChange={(v) => set({ kiosk: v })}
        data-testid="filter-kiosk"
      />
      {withCode ? (
        <TextInput
          label={t('moreReports.filters.code')}
          value={search.get('code') ?? ''}
          w={w}
          onChange={(e) => set({ code: e.currentTarget.value })}
          data-testid="filter-code"
        />
      ) : null}
      <DateField
        label={t('reports.summary.from')}
        value={search.get('from') ?? ''}
        onChange={(v) => set({ from: v })}
        placeholder={t('reports.filters.lastDays')}
        w={{ base: '100%', xs: 170 }}
        data-testid="filter-from"
      />
      <DateField
        label={t('reports.summary.to')}
        value={search.get('to') ?? ''}
        onChange={(v) => set({ to: v })}
        w={{ base: '100%', xs: 170 }}
        data-testid="filter-to"
      />
    </Group>
  );
}
