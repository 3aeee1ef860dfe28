// The history grid: chosen columns, sortable headers, server-side pages. Dates are DD/MM/YYYY
// HH:mm through the app's one date formatter.
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Pagination,
  Paper,
  Select,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../domain/date-format';
import { formatChecks, type LogbookRow, type VisitStatus } from '../../../../domain/logbook';
import type { HistorySort } from '../../../../domain/schemas/reports';
import { PAGE_SIZES, type HistoryParams } from '../hooks/history-params';

export const COLUMNS = [
  'timeIn',
  'timeOut',
  'name',
  'userType',
  'site',
  'area',
  'host',
  'stage',
  'checks',
  'status',
] as const;
export type Column = (typeof COLUMNS)[number];
const SORTABLE: Partial<Record<Column, HistorySort>> = {
  timeIn: 'timeIn',
  timeOut: 'timeOut',
  name: 'name',
  userType: 'userType',
  site: 'site',
  area: 'area',
  status: 'status',
};
const STATUS_COLOR: Record<VisitStatus, string> = {
  signed_in: 'teal',
  auto_signed_in: 'cyan',
  signed_out: 'gray',
  auto_signed_out: 'orange',
};

interface Props {
  rows: LogbookRow[];
  count: number;
  params: HistoryParams;
  columns: Column[];
  onColumns(columns: Column[]): void;
  onChange(next: Partial<HistoryParams>): void;
}

export function HistoryTable({ rows, count, params, columns, onColumns, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const sort = params.sort ?? 'timeIn';
  const order = params.order ?? (sort === 'timeIn' ? 'desc' : 'asc');
  const cell = (r: LogbookRow, c: Column) => {
    switch (c) {
      case 'timeIn':
        return formatDateTime(r.timeIn, lang);
      case 'timeOut':
        return formatDateTime(r.timeOut, lang);
      case 'name':
        return (
          <Text fw={500} size="sm">
            {r.fullName}
          </Text>
        );
      case 'status':
        return (
          <Badge color={STATUS_COLOR[r.status]} variant="light">
            {t(`logbook.statuses.${r.status}`)}
          </Badge>
        );
      default: {
        const value = {
          userType: r.userTypeName,
          site: r.siteName,
          area: r.areaName,
          host: r.host,
          stage: r.stage,
          checks: formatChecks(r.checks, t),
        }[c];
        return value ?? '—';
      }
    }
  };
  const header = (c: Column) => {
    const key = SORTABLE[c];
    if (!key) return t(`reports.columns.${c}`);
    const active = sort === key;
    return (
      <UnstyledButton
        fw={600}
        fz="sm"
        data-testid={`sort-${c}`}
        onClick={() => onChange({ sort: key, order: active && order === 'asc' ? 'desc' : 'asc', page: 1 })}
      >
        {t(`reports.columns.${c}`)} {active ? (order === 'asc' ? '↑' : '↓') : ''}
      </UnstyledButton>
    );
  };
  const pages = Math.max(1, Math.ceil(count / params.limit));

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="history-count" data-count={count}>
          {t('reports.history.count', { count })}
        </Text>
        <Menu closeOnItemClick={false} position="bottom-end">
          <Menu.Target>
            <Button variant="default" size="sm" data-testid="column-chooser" className="gh-no-print">
              {t('reports.history.columnsLabel')} ({columns.length})
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {COLUMNS.map((c) => (
              <Menu.Item
                key={c}
                data-testid={`column-toggle-${c}`}
                disabled={columns.length === 1 && columns.includes(c)}
                leftSection={<Checkbox readOnly checked={columns.includes(c)} size="xs" tabIndex={-1} aria-hidden />}
                onClick={() =>
                  onColumns(
                    columns.includes(c)
                      ? columns.filter((x) => x !== c)
                      : COLUMNS.filter((x) => x === c || columns.includes(x)),
                  )
                }
              >
                {t(`reports.columns.${c}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid="history-table">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th
                  key={c}
                  data-column={c}
                  aria-sort={SORTABLE[c] === sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {header(c)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {t('reports.history.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((r) => (
                <Table.Tr key={r.id} data-testid="history-row" data-person-id={r.personId} data-status={r.status}>
                  {columns.map((c) => (
                    <Table.Td key={c} style={{ whiteSpace: c === 'timeIn' || c === 'timeOut' ? 'nowrap' : undefined }}>
                      {cell(r, c)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" wrap="wrap" className="gh-no-print">
        <Select
          aria-label={t('reports.history.perPage')}
          data={PAGE_SIZES.map(String)}
          value={String(params.limit)}
          w={90}
          size="xs"
          onChange={(v) => onChange({ limit: Number(v ?? 10), page: 1 })}
          allowDeselect={false}
        />
        <Pagination
          total={pages}
          value={Math.min(params.page, pages)}
          onChange={(page) => onChange({ page })}
          size="sm"
          data-testid="history-pages"
        />
      </Group>
    </Paper>
  );
}
