// /reporting/time: total time on site for a range, per user type (people, visits, hours, the
// average per person) and per person (hours, visits, days on site, average visit), most time
// first; 10 people a page (server-side), export, and print of every person (time-print.tsx). Visits are cut at the range's ends.
import { Alert, Group, Pagination, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../../../domain/constants';
import { formatDate } from '../../../../domain/date-format';
import { PageTitle } from '../../../ui/page-title';
import { usePrintReport } from '../hooks/use-print-report';
import { useReport } from '../hooks/use-report';
import {
  hoursIn,
  timesheetFiltersOf,
  timesheetParamsFrom,
  timesheetSearchOf,
  type TimesheetParams,
} from '../hooks/timesheet-params';
import { ExportMenu } from './export-menu';
import { PrintButton } from './print-button';
import { TimePrint, type TimeAnswer, type TimePrintData } from './time-print';
import { TimesheetFilters } from './timesheet-filters';
import './print.css';
import { TableScroll } from '../../../ui/table-scroll';
import { EmptyRow } from '../../../ui/empty-row';

export function TimePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const searchText = search.toString();
  const params = useMemo(() => timesheetParamsFrom(new URLSearchParams(searchText)), [searchText]);
  const filters = timesheetFiltersOf(params);
  const query = new URLSearchParams({ ...filters, page: String(params.page) });
  const state = useReport<TimeAnswer>(`/reports/time?${query.toString()}`);
  const printing = usePrintReport<TimePrintData>(`/reports/time/print?${new URLSearchParams(filters)}`);
  const change = (next: TimesheetParams) => {
    const s = timesheetSearchOf(next);
    navigate(s ? `${pathname}?${s}` : pathname, { replace: true });
  };
  const data = state.data;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / DEFAULT_PAGE_SIZE));
  const n = (x: number) => new Intl.NumberFormat(lang).format(x);
  const head = (keys: string[]) => (
    <Table.Thead>
      <Table.Tr>
        {keys.map((k) => (
          <Table.Th key={k}>{t(`reports.columns.${k}`)}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={0}>
          <PageTitle>{t('timeReport.title')}</PageTitle>
          <Text c="dimmed" size="sm" mt={-8}>
            {t('timeReport.intro')}
          </Text>
        </Stack>
        <Group gap="xs" align="flex-start">
          <PrintButton state={printing} onPrint={() => void printing.print()} />
          <ExportMenu report="time" filters={filters} />
        </Group>
      </Group>
      <div className="gh-no-print">
        <TimesheetFilters params={params} onChange={change} />
      </div>
      {state.failed && !data ? (
        <Alert color="yellow">{state.offline ? t('reports.needsConnection') : t('reports.export.failed')}</Alert>
      ) : null}
      <Stack gap="md" data-testid="time-state" data-loading={state.loading}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Paper withBorder radius="md" p="md">
            <Text size="sm" c="dimmed">
              {t('timeReport.totalHours')}
            </Text>
            <Text fz={28} fw={700} data-testid="time-total">
              {hoursIn(data?.totalMinutes ?? 0, lang)}
            </Text>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Text size="sm" c="dimmed">
              {t('timeReport.people')}
            </Text>
            <Text fz={28} fw={700}>
              {n(data?.count ?? 0)}
            </Text>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Text size="sm" c="dimmed">
              {t('timeReport.range')}
            </Text>
            <Text fz="lg" fw={600} mt={6}>
              {data ? t('timesheet.range', { from: formatDate(data.from, lang), to: formatDate(data.to, lang) }) : '—'}
            </Text>
          </Paper>
        </SimpleGrid>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="xs">
            {t('timeReport.byUserType')}
          </Text>
          <TableScroll minWidth={520}>
            <Table striped verticalSpacing="xs" data-testid="time-user-types">
              {head(['userType', 'people', 'visits', 'hours', 'averagePersonHours'])}
              <Table.Tbody>
                {data && data.byUserType.length === 0 ? (
                  <EmptyRow colSpan={5} testId="time-user-types-empty">
                    {t('timesheet.empty')}
                  </EmptyRow>
                ) : null}
                {(data?.byUserType ?? []).map((r) => (
                  <Table.Tr key={r.userTypeId ?? 'none'}>
                    <Table.Td>{r.userTypeName ?? t('reports.none')}</Table.Td>
                    <Table.Td>{n(r.people)}</Table.Td>
                    <Table.Td>{n(r.visits)}</Table.Td>
                    <Table.Td fw={500}>{hoursIn(r.minutes, lang)}</Table.Td>
                    <Table.Td>{hoursIn(r.minutes / Math.max(1, r.people), lang)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="xs">
            {t('timeReport.byPerson')}
          </Text>
          <TableScroll minWidth={620}>
            <Table striped verticalSpacing="xs" data-testid="time-people">
              {head(['name', 'userType', 'hours', 'visits', 'daysOnSite', 'averageVisitHours'])}
              <Table.Tbody>
                {data && data.data.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text c="dimmed" ta="center" py="md">
                        {t('timesheet.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {(data?.data ?? []).map((r) => (
                  <Table.Tr key={r.personId} data-testid="time-person" data-minutes={r.minutes}>
                    <Table.Td fw={500}>{r.fullName}</Table.Td>
                    <Table.Td>{r.userTypeName ?? '—'}</Table.Td>
                    <Table.Td fw={500}>{hoursIn(r.minutes, lang)}</Table.Td>
                    <Table.Td>{n(r.visits)}</Table.Td>
                    <Table.Td>{n(r.days)}</Table.Td>
                    <Table.Td>{hoursIn(r.averageMinutes, lang)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Paper>
      </Stack>
      <Group justify="flex-end" className="gh-no-print">
        <Pagination
          total={pages}
          value={Math.min(params.page, pages)}
          onChange={(page) => change({ ...params, page })}
          size="sm"
        />
      </Group>
      {printing.shown ? <TimePrint report={printing.shown} params={params} /> : null}
    </Stack>
  );
}
