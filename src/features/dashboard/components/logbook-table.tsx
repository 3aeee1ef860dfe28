// The logbook grid: chosen columns, sortable headers, server-side pages. A row opens the
// visit's details.
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
import { formatChecks, type LogbookRow, type LogbookSort, type VisitStatus } from '../../../../domain/logbook';
import { formatTime } from '../format';
import type { LogbookParams } from '../hooks/logbook-params';

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
const SORTABLE: Partial<Record<Column, LogbookSort>> = {
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
  params: LogbookParams;
  columns: Column[];
  onColumns(columns: Column[]): void;
  onChange(next: Partial<LogbookParams>): void;
  onOpen(row: LogbookRow): void;
}

export function LogbookTable({ rows, count, params, columns, onColumns, onChange, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const sort = params.sort ?? 'timeIn';
  const order = params.order ?? (sort === 'timeIn' ? 'desc' : 'asc');
  const cell = (r: LogbookRow, c: Column) => {
    switch (c) {
      case 'timeIn':
        return formatTime(r.timeIn, lang);
      case 'timeOut':
        return formatTime(r.timeOut, lang);
      case 'name':
        return (
          <Text fw={500} size="sm">
            {r.fullName}
          </Text>
        );
      case 'userType':
        return r.userTypeName ?? '—';
      case 'site':
        return r.siteName ?? '—';
      case 'area':
        return r.areaName ?? '—';
      case 'host':
        return r.host ?? '—';
      case 'stage':
        // Stages are stored in the spec's English words; shown in the admin's language.
        return r.stage ? t(`kiosk.stage.${r.stage}`, { defaultValue: r.stage }) : '—';
      case 'checks':
        return formatChecks(r.checks, t) ?? '—';
      case 'status':
        return (
          <Group gap={4} wrap="nowrap">
            <Badge color={STATUS_COLOR[r.status]} variant="light">
              {t(`logbook.statuses.${r.status}`)}
            </Badge>
            {r.pending ? (
              <Text size="xs" c="yellow.9">
                {t('quickSignIn.waiting')}
              </Text>
            ) : null}
          </Group>
        );
    }
  };
  // aria-sort goes on the column header (Table.Th below), never on the button inside it (axe).
  const header = (c: Column) => {
    const key = SORTABLE[c];
    if (!key) return t(`logbook.columns.${c}`);
    const active = sort === key;
    return (
      <UnstyledButton
        fw={600}
        fz="sm"
        data-testid={`sort-${c}`}
        onClick={() => onChange({ sort: key, order: active && order === 'asc' ? 'desc' : 'asc', page: 1 })}
      >
        {t(`logbook.columns.${c}`)} {active ? <span aria-hidden="true">{order === 'asc' ? '↑' : '↓'}</span> : null}
      </UnstyledButton>
    );
  };
  const pages = Math.max(1, Math.ceil(count / params.limit));

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="logbook-count">
          {t('logbook.visitCount', { count })}
        </Text>
        <Menu closeOnItemClick={false} position="bottom-end">
          <Menu.Target>
            <Button variant="default" size="sm" data-testid="column-chooser">
              {t('logbook.columnsLabel')} ({columns.length})
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
                {t(`logbook.columns.${c}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid="logbook">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th
                  key={c}
                  data-column={c}
                  aria-sort={
                    SORTABLE[c] && SORTABLE[c] === sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined
                  }
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
                    {t('logbook.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((r) => (
                <Table.Tr
                  key={r.id}
                  data-testid="logbook-row"
                  data-person-id={r.personId}
                  data-status={r.status}
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                  onClick={() => onOpen(r)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') onOpen(r);
                  }}
                >
                  {columns.map((c) => (
                    <Table.Td key={c}>{cell(r, c)}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Select
          aria-label={t('logbook.perPage')}
          data={['10', '25', '50', '100']}
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
          data-testid="logbook-pages"
        />
      </Group>
    </Paper>
  );
}
