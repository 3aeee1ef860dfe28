// /reporting/history: every visit with filters, server-side paging and sorting, the admin's
// saved columns and filters (grid preference), export and print.
import { Alert, Group, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { LogbookRow } from '../../../../domain/logbook';
import { useGridPreference } from '../../../api/use-grid-preference';
import { PageTitle } from '../../../ui/page-title';
import { filtersOf, paramsFrom, searchOf, timeZone, type HistoryParams } from '../hooks/history-params';
import { usePrintReport } from '../hooks/use-print-report';
import { useReport } from '../hooks/use-report';
import { ExportMenu } from './export-menu';
import { COLUMNS, HistoryTable, type Column } from './history-table';
import { HistoryFilters } from './history-filters';
import { HistoryPrint, type HistoryPrintData } from './history-print';
import { PrintButton } from './print-button';
import './print.css';

const PAGE = '/reporting/history';

export function HistoryPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { pref, save } = useGridPreference(PAGE);
  const searchText = search.toString();
  const params = useMemo(() => paramsFrom(new URLSearchParams(searchText)), [searchText]);
  const query = new URLSearchParams({ ...filtersOf(params), page: String(params.page), limit: String(params.limit) });
  const state = useReport<{ data: LogbookRow[]; count: number; from: string; to: string }>(
    `/reports/history?${query.toString()}`,
  );
  const printing = usePrintReport<HistoryPrintData>(
    `/reports/history/print?${new URLSearchParams(filtersOf(params)).toString()}`,
  );
  const columns: Column[] = pref?.table_head?.length
    ? COLUMNS.filter((c) => pref.table_head.includes(c))
    : [...COLUMNS];

  // The saved filters come back when the admin opens the page without any.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !pref) return;
    restored.current = true;
    if (!searchText && pref.url) navigate(`${PAGE}?${pref.url}`, { replace: true });
  }, [pref, searchText, navigate]);

  const change = (patch: Partial<HistoryParams>) => {
    const next = searchOf({ ...params, ...patch });
    restored.current = true;
    navigate(next ? `${pathname}?${next}` : pathname, { replace: true });
    save({ table_head: columns, url: next });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={0}>
          <PageTitle>{t('reports.history.title')}</PageTitle>
          <Text c="dimmed" size="sm" mt={-8}>
            {t('reports.history.intro')}
          </Text>
        </Stack>
        <Group gap="xs" align="flex-start">
          <PrintButton state={printing} onPrint={() => void printing.print()} />
          <ExportMenu report="history" filters={{ ...filtersOf(params), tz: timeZone() }} />
        </Group>
      </Group>
      <div className="gh-no-print">
        <HistoryFilters params={params} onChange={change} />
      </div>
      {state.failed && !state.data ? (
        <Alert color="yellow" data-testid="history-unavailable">
          {state.offline ? t('reports.needsConnection') : t('reports.export.failed')}
        </Alert>
      ) : null}
      <div data-testid="history-state" data-loading={state.loading}>
        <HistoryTable
          rows={state.data?.data ?? []}
          count={state.data?.count ?? 0}
          params={params}
          columns={columns}
          onColumns={(c) => save({ table_head: c, url: searchOf(params) })}
          onChange={change}
        />
      </div>
      {printing.shown ? <HistoryPrint report={printing.shown} params={params} columns={columns} /> : null}
    </Stack>
  );
}
