// /reporting/kiosk-logs: the kiosks' log lines, newest first, filtered by kiosk, code and
// days, a page of 10 at a time from the server.
import { Alert, Code, Group, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../domain/date-format';
import type { KioskLogRow } from '../../../../domain/schemas/more-reports';
import { PageTitle } from '../../../ui/page-title';
import { timeZone } from '../hooks/history-params';
import { useReport } from '../hooks/use-report';
import { ExportMenu } from './export-menu';
import { kioskLogText } from '../kiosk-log-text';
import { filtersOf, KioskLogsFilters, useUrlFilters } from './kiosk-logs-filters';
import { TableScroll } from '../../../ui/table-scroll';

const PAGE_SIZE = 10;
const KIND_COLOR: Record<string, string> = { action: 'blue', error: 'red', online: 'teal', offline: 'orange' };

export function KioskLogsPage() {
  const { t, i18n } = useTranslation();
  const { search, set, page } = useUrlFilters();
  const q = new URLSearchParams({ tz: timeZone(), page: String(page), limit: String(PAGE_SIZE) });
  for (const k of ['kiosk', 'code', 'from', 'to']) if (search.get(k)) q.set(k, search.get(k)!);
  const state = useReport<{ data: KioskLogRow[]; count: number }>(`/reports/kiosk-logs?${q.toString()}`);
  const rows = state.data?.data ?? [];
  const count = state.data?.count ?? 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={0}>
          <PageTitle>{t('moreReports.kioskLogs.title')}</PageTitle>
          <Text c="dimmed" size="sm" mt={-8}>
            {t('moreReports.kioskLogs.intro')}
          </Text>
        </Stack>
        <ExportMenu report="kiosk_logs" filters={filtersOf(search, ['kiosk', 'code', 'from', 'to'])} />
      </Group>
      <KioskLogsFilters withCode />
      {state.failed ? (
        <Alert color="yellow">{state.offline ? t('reports.needsConnection') : t('validation.date_range')}</Alert>
      ) : null}
      <Paper withBorder radius="md" p="md" data-testid="kiosk-logs-state" data-loading={state.loading}>
        <Text size="sm" c="dimmed" mb="xs" data-testid="kiosk-logs-count">
          {t('moreReports.kioskLogs.count', { count })}
        </Text>
        <TableScroll minWidth={760}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {['at', 'kiosk', 'kind', 'code', 'data'].map((c) => (
                  <Table.Th key={c}>{t(`moreReports.columns.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" py="md">
                      {t('moreReports.kioskLogs.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((r) => (
                  <Table.Tr key={r.id} data-testid="kiosk-log-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(r.at, i18n.language, { seconds: true })}
                    </Table.Td>
                    <Table.Td>{r.kiosk_name ?? t('reports.none')}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm" fw={600} c={`${KIND_COLOR[r.kind] ?? 'gray'}.8`}>
                        {t(`moreReports.kinds.${r.kind}`, { defaultValue: r.kind })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Code>{r.code}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2} data-testid="kiosk-log-text">
                        {kioskLogText(r, t)}
                      </Text>
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
