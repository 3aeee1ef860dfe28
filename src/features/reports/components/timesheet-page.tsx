// /reporting/timesheet: hours per person per day against their attendance mode, late sign-ins
// and early sign-outs with reasons and codes, totals per person and per week; 10 people a page
// (server-side), export and print.
import { Alert, Group, Pagination, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../../../domain/constants';
import { formatDate } from '../../../../domain/date-format';
import { PageTitle } from '../../../ui/page-title';
import { usePrintReport } from '../hooks/use-print-report';
import { useReport } from '../hooks/use-report';
import {
  timesheetFiltersOf,
  timesheetParamsFrom,
  timesheetSearchOf,
  type TimesheetParams,
} from '../hooks/timesheet-params';
import { ExportMenu } from './export-menu';
import { PrintButton } from './print-button';
import { TimesheetFilters } from './timesheet-filters';
import { TimesheetPrint, type TimesheetPrintData } from './timesheet-print';
import { TimesheetPersonCard, type TimesheetEntry } from './timesheet-person';
import './print.css';

export function TimesheetPage() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const searchText = search.toString();
  const params = useMemo(() => timesheetParamsFrom(new URLSearchParams(searchText)), [searchText]);
  const filters = timesheetFiltersOf(params);
  const query = new URLSearchParams({ ...filters, page: String(params.page) });
  const state = useReport<{ data: TimesheetEntry[]; count: number; from: string; to: string }>(
    `/reports/timesheet?${query.toString()}`,
  );
  const printing = usePrintReport<TimesheetPrintData>(`/reports/timesheet/print?${new URLSearchParams(filters)}`);
  const change = (next: TimesheetParams) => {
    const s = timesheetSearchOf(next);
    navigate(s ? `${pathname}?${s}` : pathname, { replace: true });
  };
  const count = state.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / DEFAULT_PAGE_SIZE));
  const lang = i18n.language;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={0}>
          <PageTitle>{t('timesheet.title')}</PageTitle>
          <Text c="dimmed" size="sm" mt={-8}>
            {t('timesheet.intro')}
          </Text>
        </Stack>
        <Group gap="xs" align="flex-start">
          <PrintButton state={printing} onPrint={() => void printing.print()} />
          <ExportMenu report="timesheet" filters={filters} />
        </Group>
      </Group>
      <div className="gh-no-print">
        <TimesheetFilters params={params} onChange={change} />
      </div>
      {state.failed && !state.data ? (
        <Alert color="yellow" data-testid="timesheet-unavailable">
          {state.offline ? t('reports.needsConnection') : t('reports.export.failed')}
        </Alert>
      ) : null}
      <Stack gap="md" data-testid="timesheet-state" data-loading={state.loading}>
        {state.data ? (
          <Text size="sm" c="dimmed" data-testid="timesheet-count" data-count={count}>
            {t('timesheet.count', {
              count,
              from: formatDate(state.data.from, lang),
              to: formatDate(state.data.to, lang),
            })}
          </Text>
        ) : null}
        {state.data && state.data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {t('timesheet.empty')}
          </Text>
        ) : null}
        {(state.data?.data ?? []).map((p) => (
          <TimesheetPersonCard key={p.personId} person={p} />
        ))}
      </Stack>
      <Group justify="flex-end" className="gh-no-print">
        <Pagination
          total={pages}
          value={Math.min(params.page, pages)}
          onChange={(page) => change({ ...params, page })}
          size="sm"
          data-testid="timesheet-pages"
        />
      </Group>
      {printing.shown ? <TimesheetPrint report={printing.shown} params={params} /> : null}
    </Stack>
  );
}
