// /reporting/track-trace: for a person and a date range, who shared an area with them and for
// how long (domain/track-trace.ts), longest first; exportable and printable for an inquiry.
import { Alert, Badge, Group, Pagination, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../domain/date-format';
import type { TrackTraceRow } from '../../../../domain/schemas/more-reports';
import { useDb } from '../../../db/db-context';
import { DateField } from '../../../ui/date-field';
import { PageTitle } from '../../../ui/page-title';
import { timeZone } from '../hooks/history-params';
import { usePrintReport } from '../hooks/use-print-report';
import { useReport } from '../hooks/use-report';
import { ExportMenu } from './export-menu';
import { useUrlFilters } from './kiosk-logs-filters';
import { PrintButton } from './print-button';
import { TrackTracePrint, type TrackTracePrintData } from './track-trace-print';
import './print.css';
import { TableScroll } from '../../../ui/table-scroll';

const PAGE_SIZE = 10;

interface TrackTrace {
  data: TrackTraceRow[];
  count: number;
  subject: { id: string; full_name: string };
  from: string;
  to: string;
}

export function TrackTracePage() {
  const { t, i18n } = useTranslation();
  const db = useDb();
  const people = useLiveQuery(() => db.people.toArray(), [db]) ?? [];
  const { search, set, page } = useUrlFilters();
  const person = search.get('person');
  const filters: Record<string, string> = { tz: timeZone() };
  for (const k of ['person', 'from', 'to']) if (search.get(k)) filters[k] = search.get(k)!;
  const q = new URLSearchParams({ ...filters, page: String(page), limit: String(PAGE_SIZE) });
  const state = useReport<TrackTrace>(person ? `/reports/track-trace?${q.toString()}` : null);
  const printing = usePrintReport<TrackTracePrintData>(
    person ? `/reports/track-trace/print?${new URLSearchParams(filters)}` : null,
  );
  const shown = person && state.data?.subject.id === person ? state.data : null;
  const rows = shown?.data ?? [];
  const count = shown?.count ?? 0;
  const duration = (ms: number) => {
    const minutes = Math.round(ms / 60_000);
    return t('moreReports.trackTrace.duration', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={0}>
          <PageTitle>{t('moreReports.trackTrace.title')}</PageTitle>
          <Text c="dimmed" size="sm" mt={-8}>
            {t('moreReports.trackTrace.intro')}
          </Text>
        </Stack>
        {person ? (
          <Group gap="xs" align="flex-start" className="gh-no-print">
            <PrintButton state={printing} onPrint={() => void printing.print()} />
            <ExportMenu report="track_trace" filters={filters} />
          </Group>
        ) : null}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap" className="gh-no-print" data-testid="track-trace-filters">
        <Select
          label={t('reports.filters.person')}
          data={people.map((p) => ({ value: p.id, label: p.fullName }))}
          value={person}
          searchable
          clearable
          limit={50}
          w={{ base: '100%', xs: 240 }}
          onChange={(v) => set({ person: v })}
          data-testid="filter-person"
        />
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
      {state.failed && person ? (
        <Alert color="yellow">{state.offline ? t('reports.needsConnection') : t('validation.date_range')}</Alert>
      ) : null}
      {!person ? (
        <Alert color="blue" data-testid="track-trace-choose">
          {t('moreReports.trackTrace.choose')}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="md" data-testid="track-trace-state" data-loading={state.loading}>
          <Text fw={600} data-testid="track-trace-summary">
            {shown
              ? t('moreReports.trackTrace.summary', { count, name: shown.subject.full_name })
              : t('reports.loading')}
          </Text>
          <TableScroll minWidth={720}>
            <Table striped verticalSpacing="xs" mt="xs">
              <Table.Thead>
                <Table.Tr>
                  {['name', 'userType', 'together', 'firstAt', 'lastAt', 'areas', 'encounters'].map((c) => (
                    <Table.Th key={c}>{t(`moreReports.columns.${c}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown && rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Text c="dimmed" ta="center" py="md">
                        {t('moreReports.trackTrace.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  rows.map((r) => (
                    <Table.Tr key={r.person_id} data-testid="contact-row">
                      <Table.Td fw={500}>{r.full_name}</Table.Td>
                      <Table.Td>{r.user_type_name ?? t('reports.none')}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color="grape" tt="none">
                          {duration(r.overlap_ms)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{formatDateTime(r.first_at, i18n.language)}</Table.Td>
                      <Table.Td>{formatDateTime(r.last_at, i18n.language)}</Table.Td>
                      <Table.Td>{r.areas.join(i18n.language === 'ar' ? '، ' : ', ')}</Table.Td>
                      <Table.Td>{r.encounters.toLocaleString(i18n.language)}</Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </TableScroll>
          <Group justify="flex-end" mt="sm" className="gh-no-print">
            <Pagination
              total={Math.max(1, Math.ceil(count / PAGE_SIZE))}
              value={page}
              onChange={(p) => set({ page: String(p) })}
              size="sm"
            />
          </Group>
        </Paper>
      )}
      {printing.shown ? <TrackTracePrint report={printing.shown} duration={duration} /> : null}
    </Stack>
  );
}
