// /reporting/printer (print list): badges the kiosks printed, counted by kiosk and day, and
// each first print with how often it was reprinted and when last; Reprint records the reprint
// on the server (so the list counts it), then prints the same badge from this browser.
import { Alert, Button, Group, Pagination, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../../domain/date-format';
import type { PrintRow } from '../../../../domain/schemas/more-reports';
import { api } from '../../../api/client';
import { PageTitle } from '../../../ui/page-title';
import { timeZone } from '../hooks/history-params';
import { useReport } from '../hooks/use-report';
import { ExportMenu } from './export-menu';
import { filtersOf, KioskLogsFilters, useUrlFilters } from './kiosk-logs-filters';
import './printer-page.css';
import { TableScroll } from '../../../ui/table-scroll';

const PAGE_SIZE = 10;

interface PrintList {
  data: PrintRow[];
  count: number;
  byKioskDay: Array<{ kiosk_id: string; kiosk_name: string | null; day: string; count: number; reprints: number }>;
}

export function PrinterPage() {
  const { t, i18n } = useTranslation();
  const { search, set, page } = useUrlFilters();
  const [reprint, setReprint] = useState<PrintRow | null>(null);
  const [version, setVersion] = useState(0);
  const [failed, setFailed] = useState(false);
  const q = new URLSearchParams({ tz: timeZone(), page: String(page), limit: String(PAGE_SIZE) });
  for (const k of ['kiosk', 'from', 'to']) if (search.get(k)) q.set(k, search.get(k)!);
  const state = useReport<PrintList>(`/reports/printer?${q.toString()}`, version);
  const rows = state.data?.data ?? [];
  const count = state.data?.count ?? 0;
  const none = t('reports.none');

  // The badge is on the page (hidden on screen) before the print dialog opens.
  useEffect(() => {
    if (!reprint) return;
    window.print();
    setReprint(null);
    setVersion((v) => v + 1);
  }, [reprint]);

  const reprintOf = async (r: PrintRow) => {
    const res = await api.post(`/reports/printer/${r.id}/reprint`, {});
    setFailed(!res.ok);
    if (res.ok) setReprint(r);
  };

  return (
    <Stack gap="md" className={reprint ? 'gh-reprinting' : undefined}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={0}>
          <PageTitle>{t('moreReports.printer.title')}</PageTitle>
          <Text c="dimmed" size="sm" mt={-8}>
            {t('moreReports.printer.intro')}
          </Text>
        </Stack>
        <ExportMenu report="printer" filters={filtersOf(search, ['kiosk', 'from', 'to'])} />
      </Group>
      <KioskLogsFilters withCode={false} />
      {failed ? <Alert color="red">{t('moreReports.printer.reprintFailed')}</Alert> : null}
      {state.failed ? (
        <Alert color="yellow">{state.offline ? t('reports.needsConnection') : t('validation.date_range')}</Alert>
      ) : null}
      <Paper withBorder radius="md" p="md" className="gh-no-print">
        <Title order={2} size="h4" mb="sm">
          {t('moreReports.printer.byKioskDay')}
        </Title>
        {state.data && state.data.byKioskDay.length === 0 ? (
          <Text c="dimmed">{t('moreReports.printer.empty')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="prints-per-day">
            {(state.data?.byKioskDay ?? []).slice(0, 8).map((g) => (
              <Paper key={`${g.kiosk_id}-${g.day}`} withBorder radius="sm" p="sm">
                <Text size="sm" fw={600}>
                  {g.kiosk_name ?? none}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(g.day, i18n.language)}
                </Text>
                <Text fz={24} fw={700}>
                  {t('moreReports.printer.badges', { count: g.count })}
                </Text>
                {g.reprints ? (
                  <Text size="xs" c="dimmed">
                    {t('moreReports.printer.reprintsOf', { count: g.reprints })}
                  </Text>
                ) : null}
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md" data-testid="printer-state" data-loading={state.loading}>
        <Text size="sm" c="dimmed" mb="xs" data-testid="printer-count">
          {t('moreReports.printer.badges', { count })}
        </Text>
        <TableScroll minWidth={720}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {['at', 'kiosk', 'name', 'area', 'printed'].map((c) => (
                  <Table.Th key={c}>{t(`moreReports.columns.${c}`)}</Table.Th>
                ))}
                <Table.Th aria-label={t('moreReports.printer.reprint')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.data && rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed" ta="center" py="md">
                      {t('moreReports.printer.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {rows.map((r) => (
                <Table.Tr key={r.id} data-testid="print-row">
                  <Table.Td>{formatDateTime(r.at, i18n.language)}</Table.Td>
                  <Table.Td>{r.kiosk_name ?? none}</Table.Td>
                  <Table.Td>{r.full_name ?? none}</Table.Td>
                  <Table.Td>{r.area_name ?? none}</Table.Td>
                  <Table.Td data-testid="print-times">
                    <Text size="sm">{t('moreReports.printer.times', { count: r.reprints + 1 })}</Text>
                    {r.reprints ? (
                      <Text size="xs" c="dimmed">
                        {t('moreReports.printer.lastPrinted', {
                          at: formatDateTime(r.last_printed_at, i18n.language),
                        })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => void reprintOf(r)} disabled={!r.full_name}>
                      {t('moreReports.printer.reprint')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
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
      {reprint ? (
        <div className="gh-reprint-badge" aria-hidden="true">
          <div className="gh-reprint-name">{reprint.full_name}</div>
          <div>{reprint.area_name}</div>
          <div>{formatDate(Date.now(), i18n.language)}</div>
        </div>
      ) : null}
    </Stack>
  );
}
