// /reporting/users-not-on-site: who of a user type (staff, students…) is not signed in now,
// or did not come on a chosen day; a page of 10 at a time from the server.
import { Alert, Group, Pagination, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../domain/date-format';
import type { NotOnSiteRow } from '../../../../domain/schemas/more-reports';
import { useDb } from '../../../db/db-context';
import { DateField } from '../../../ui/date-field';
import { PageTitle } from '../../../ui/page-title';
import { timeZone } from '../hooks/history-params';
import { useReport } from '../hooks/use-report';
import { ExportMenu } from './export-menu';
import { filtersOf, useUrlFilters } from './kiosk-logs-filters';
import { TableScroll } from '../../../ui/table-scroll';

const PAGE_SIZE = 10;

export function UsersNotOnSitePage() {
  const { t, i18n } = useTranslation();
  const db = useDb();
  const types = useLiveQuery(() => db.userTypes.toArray(), [db]) ?? [];
  const { search, set, page } = useUrlFilters();
  const day = search.get('day');
  const q = new URLSearchParams({ tz: timeZone(), page: String(page), limit: String(PAGE_SIZE) });
  for (const k of ['userType', 'day']) if (search.get(k)) q.set(k, search.get(k)!);
  const state = useReport<{ data: NotOnSiteRow[]; count: number }>(`/reports/users-not-on-site?${q.toString()}`);
  const rows = state.data?.data ?? [];
  const count = state.data?.count ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={0}>
          <PageTitle>{t('moreReports.notOnSite.title')}</PageTitle>
          <Text c="dimmed" size="sm" mt={-8}>
            {t('moreReports.notOnSite.intro')}
          </Text>
        </Stack>
        <ExportMenu report="users_not_on_site" filters={filtersOf(search, ['userType', 'day'])} />
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap" data-testid="not-on-site-filters">
        <Select
          label={t('reports.filters.userType')}
          placeholder={t('moreReports.notOnSite.allTypes')}
          data={types.map((x) => ({ value: x.id, label: x.name }))}
          value={search.get('userType')}
          clearable
          w={{ base: '100%', xs: 200 }}
          onChange={(v) => set({ userType: v })}
          data-testid="filter-user-type"
        />
        <DateField
          label={t('moreReports.notOnSite.day')}
          placeholder={t('moreReports.notOnSite.now')}
          value={day ?? ''}
          onChange={(v) => set({ day: v })}
          w={{ base: '100%', xs: 200 }}
          data-testid="filter-day"
        />
      </Group>
      {state.failed ? (
        <Alert color="yellow">{state.offline ? t('reports.needsConnection') : t('validation.date')}</Alert>
      ) : null}
      <Paper withBorder radius="md" p="md" data-testid="not-on-site-state" data-loading={state.loading}>
        <Text fw={600} mb="xs" data-testid="not-on-site-count">
          {day
            ? t('moreReports.notOnSite.countDay', { count, day: formatDate(day, i18n.language) })
            : t('moreReports.notOnSite.countNow', { count })}
        </Text>
        <TableScroll minWidth={480}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {['name', 'userType', 'email'].map((c) => (
                  <Table.Th key={c}>{t(`moreReports.columns.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.data && rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text c="dimmed" ta="center" py="md">
                      {t('moreReports.notOnSite.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((r) => (
                  <Table.Tr key={r.id} data-testid="not-on-site-row">
                    <Table.Td fw={500}>{r.full_name}</Table.Td>
                    <Table.Td>{r.user_type_name ?? t('reports.none')}</Table.Td>
                    <Table.Td>
                      <bdi>{r.email}</bdi>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
        <Group justify="flex-end" mt="sm">
          <Pagination
            total={Math.max(1, Math.ceil(count / PAGE_SIZE))}
            value={page}
            onChange={(p) => set({ page: String(p) })}
            size="sm"
          />
        </Group>
      </Paper>
    </Stack>
  );
}
