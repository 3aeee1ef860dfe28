// /reporting/visit_summary: visits per day and per user type, site and area for
// start_date..end_date (spec 1 §3 "Reports"), as a stacked chart, totals and the table.
import { Alert, Group, Pagination, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '../../../../domain/date-format';
import { useDb } from '../../../db/db-context';
import { DateField } from '../../../ui/date-field';
import { PageTitle } from '../../../ui/page-title';
import { timeZone } from '../hooks/history-params';
import { useReport } from '../hooks/use-report';
import { ExportMenu } from './export-menu';
import type { SummaryRow } from './summary-buckets';
import { GroupCard, type Group as CountGroup } from './group-card';
import { TableScroll } from '../../../ui/table-scroll';

const SummaryChart = lazy(() => import('./summary-chart'));
const PAGE_SIZE = 10;

interface Summary {
  data: SummaryRow[];
  count: number;
  days: Array<{ day: string; count: number }>;
  byUserType: CountGroup[];
  bySite: CountGroup[];
  byArea: CountGroup[];
}

const localDay = (t: number) => {
  const d = new Date(t);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export function VisitSummaryPage() {
  const { t, i18n } = useTranslation();
  const db = useDb();
  const [search, setSearch] = useSearchParams();
  const [page, setPage] = useState(1);
  const sites = useLiveQuery(() => db.sites.toArray(), [db]) ?? [];
  const types = useLiveQuery(() => db.userTypes.toArray(), [db]) ?? [];
  const end = search.get('end_date') || localDay(Date.now());
  const start = search.get('start_date') || localDay(Date.now() - 29 * 86_400_000);
  const filters = useMemo(() => {
    const f: Record<string, string> = { start_date: start, end_date: end, tz: timeZone() };
    for (const k of ['site', 'userType']) if (search.get(k)) f[k] = search.get(k)!;
    return f;
  }, [start, end, search]);
  const state = useReport<Summary>(`/reports/visit-summary?${new URLSearchParams(filters).toString()}`);
  const set = (k: string, v: string | null) => {
    const next = new URLSearchParams(search);
    if (v) next.set(k, v);
    else next.delete(k);
    setPage(1);
    setSearch(next, { replace: true });
  };
  const s = state.data;
  const none = t('reports.none');
  const busiest = s?.days.reduce((a, b) => (b.count > a.count ? b : a), { day: '', count: 0 });
  const rows = s?.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={0}>
          <PageTitle>{t('reports.summary.title')}</PageTitle>
          <Text c="dimmed" size="sm" mt={-8}>
            {t('reports.summary.intro')}
          </Text>
        </Stack>
        <ExportMenu report="visit_summary" filters={filters} />
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap" data-testid="summary-filters">
        <DateField
          label={t('reports.summary.from')}
          value={start}
          onChange={(v) => set('start_date', v)}
          w={{ base: '100%', xs: 170 }}
          data-testid="filter-start"
        />
        <DateField
          label={t('reports.summary.to')}
          value={end}
          onChange={(v) => set('end_date', v)}
          w={{ base: '100%', xs: 170 }}
          data-testid="filter-end"
        />
        <Select
          label={t('reports.filters.site')}
          data={sites.map((x) => ({ value: x.id, label: x.name }))}
          value={search.get('site')}
          clearable
          w={{ base: '100%', xs: 180 }}
          onChange={(v) => set('site', v)}
          data-testid="filter-site"
        />
        <Select
          label={t('reports.filters.userType')}
          data={types.map((x) => ({ value: x.id, label: x.name }))}
          value={search.get('userType')}
          clearable
          w={{ base: '100%', xs: 180 }}
          onChange={(v) => set('userType', v)}
          data-testid="filter-user-type"
        />
      </Group>
      {state.failed ? (
        <Alert color="yellow" data-testid="summary-unavailable">
          {state.offline ? t('reports.needsConnection') : t('validation.date_range')}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed">
            {t('reports.summary.total')}
          </Text>
          <Text fz={28} fw={700} data-testid="summary-total">
            {s ? s.count.toLocaleString(i18n.language) : '—'}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed">
            {t('reports.summary.busiest')}
          </Text>
          <Text fz={28} fw={700}>
            {busiest?.day ? formatDate(busiest.day, i18n.language) : '—'}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed">
            {t('reports.summary.average')}
          </Text>
          <Text fz={28} fw={700}>
            {s && s.days.length
              ? (s.count / s.days.length).toLocaleString(i18n.language, { maximumFractionDigits: 1 })
              : '—'}
          </Text>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {t('reports.summary.perDay')}
        </Title>
        <Suspense fallback={<Text c="dimmed">{t('reports.loading')}</Text>}>
          {s ? <SummaryChart days={s.days.map((d) => d.day)} rows={s.data} none={none} /> : null}
        </Suspense>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <GroupCard title={t('reports.summary.byUserType')} groups={s?.byUserType ?? []} testId="by-user-type" />
        <GroupCard title={t('reports.summary.bySite')} groups={s?.bySite ?? []} testId="by-site" />
        <GroupCard title={t('reports.summary.byArea')} groups={s?.byArea ?? []} testId="by-area" />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {t('reports.summary.table')}
        </Title>
        <TableScroll minWidth={560}>
          <Table striped verticalSpacing="xs" data-testid="summary-table">
            <Table.Thead>
              <Table.Tr>
                {['day', 'site', 'area', 'userType', 'visits'].map((c) => (
                  <Table.Th key={c}>{t(`reports.columns.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" py="md">
                      {t('reports.summary.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((r) => (
                  <Table.Tr key={`${r.day}-${r.area_id}-${r.user_type_id}`} data-testid="summary-row">
                    <Table.Td>{formatDate(r.day, i18n.language)}</Table.Td>
                    <Table.Td>{r.site_name ?? none}</Table.Td>
                    <Table.Td>{r.area_name ?? none}</Table.Td>
                    <Table.Td>{r.user_type_name ?? none}</Table.Td>
                    <Table.Td>{r.count.toLocaleString(i18n.language)}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
        <Group justify="flex-end" mt="sm">
          <Pagination
            total={Math.max(1, Math.ceil(rows.length / PAGE_SIZE))}
            value={page}
            onChange={setPage}
            size="sm"
          />
        </Group>
      </Paper>
    </Stack>
  );
}
