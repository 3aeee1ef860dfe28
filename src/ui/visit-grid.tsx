// The visits grid shared by the dashboard's logbook and the history report: chosen columns,
// sortable headers, server-side pages. Each page passes its own words, time format, sorts and
// test ids; a row can open the visit's details (the logbook) or not (history).
import type { ReactNode } from 'react';
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
import { formatChecks, LOGBOOK_SORTS, type LogbookRow, type LogbookSort, type VisitStatus } from '../../domain/logbook';
import { TableScroll } from './table-scroll';
import { stageShown } from '../../domain/visit-stage';

export const VISIT_COLUMNS = [
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
export type VisitColumn = (typeof VISIT_COLUMNS)[number];
/** The columns a grid sorts by are named as the server's sort keys (history takes the same ones). */
const sortable = (c: VisitColumn): c is LogbookSort => (LOGBOOK_SORTS as readonly string[]).includes(c);

const STATUS_COLOR: Record<VisitStatus, string> = {
  signed_in: 'teal',
  auto_signed_in: 'cyan',
  signed_out: 'gray',
  auto_signed_out: 'orange',
};

export interface GridPage {
  sort?: LogbookSort;
  order?: 'asc' | 'desc';
  page: number;
  limit: number;
}

interface Props {
  rows: LogbookRow[];
  count: number;
  params: GridPage;
  columns: VisitColumn[];
  onColumns(columns: VisitColumn[]): void;
  onChange(next: Partial<GridPage>): void;
  /** Opens a row's details (click or Enter); rows are plain without it. */
  onOpen?(row: LogbookRow): void;
  /** How a time is shown (the logbook shows today's times, history the date too). */
  time(ms: number | null, lang: string): string;
  /** The page's i18n keys: the columns' prefix (`<columns>.<column>`) and four whole keys. */
  words: { columns: string; count: string; columnsLabel: string; empty: string; perPage: string };
  /** Test ids: the grid's own and its count, row and pager. */
  ids: { table: string; count: string; row: string; pages: string };
  pageSizes: readonly number[];
  minWidth: number;
  /** Shown beside a row's status (the logbook's "waiting to sync"). */
  statusNote?(row: LogbookRow): ReactNode;
}

export function VisitGrid(p: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { params, columns, onChange, onOpen } = p;
  const sort = params.sort ?? 'timeIn';
  const order = params.order ?? (sort === 'timeIn' ? 'desc' : 'asc');
  const name = (c: VisitColumn) => t(`${p.words.columns}.${c}`);
  const cell = (r: LogbookRow, c: VisitColumn) => {
    switch (c) {
      case 'timeIn':
        return p.time(r.timeIn, lang);
      case 'timeOut':
        return p.time(r.timeOut, lang);
      case 'name':
        return (
          <Text fw={500} size="sm">
            {r.fullName}
          </Text>
        );
      case 'stage':
        // Stages are stored in the spec's English words; shown in the admin's language.
        // Once the person went in, "ready to sign in" is stale: the row says where they are.
        return ((st) => (st ? t(st.key, { defaultValue: st.fallback }) : '—'))(stageShown(r.stage, r.status));
      case 'status':
        return (
          <Group gap={4} wrap="nowrap">
            <Badge color={STATUS_COLOR[r.status]} variant="light">
              {t(`logbook.statuses.${r.status}`)}
            </Badge>
            {p.statusNote?.(r)}
          </Group>
        );
      default:
        return (
          {
            userType: r.userTypeName,
            site: r.siteName,
            area: r.areaName,
            host: r.host,
            checks: formatChecks(r.checks, t),
          }[c] ?? '—'
        );
    }
  };
  // aria-sort goes on the column header (Table.Th below), never on the button inside it (axe).
  const header = (c: VisitColumn) => {
    if (!sortable(c)) return name(c);
    const active = sort === c;
    return (
      <UnstyledButton
        fw={600}
        fz="sm"
        data-testid={`sort-${c}`}
        onClick={() => onChange({ sort: c, order: active && order === 'asc' ? 'desc' : 'asc', page: 1 })}
      >
        {name(c)} {active ? <span aria-hidden="true">{order === 'asc' ? '↑' : '↓'}</span> : null}
      </UnstyledButton>
    );
  };
  const pages = Math.max(1, Math.ceil(p.count / params.limit));
  const opens = (r: LogbookRow) =>
    onOpen
      ? {
          tabIndex: 0,
          style: { cursor: 'pointer' },
          onClick: () => onOpen(r),
          onKeyDown: (e: React.KeyboardEvent) => {
            if (e.key === 'Enter') onOpen(r);
          },
        }
      : {};

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid={p.ids.count} data-count={p.count}>
          {t(p.words.count, { count: p.count })}
        </Text>
        <Menu closeOnItemClick={false} position="bottom-end">
          <Menu.Target>
            <Button variant="default" size="sm" data-testid="column-chooser" className="gh-no-print">
              {t(p.words.columnsLabel)} ({columns.length})
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {VISIT_COLUMNS.map((c) => (
              <Menu.Item
                key={c}
                data-testid={`column-toggle-${c}`}
                disabled={columns.length === 1 && columns.includes(c)}
                leftSection={<Checkbox readOnly checked={columns.includes(c)} size="xs" tabIndex={-1} aria-hidden />}
                onClick={() =>
                  p.onColumns(
                    columns.includes(c)
                      ? columns.filter((x) => x !== c)
                      : VISIT_COLUMNS.filter((x) => x === c || columns.includes(x)),
                  )
                }
              >
                {name(c)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <TableScroll minWidth={p.minWidth}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid={p.ids.table}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th
                  key={c}
                  data-column={c}
                  aria-sort={sortable(c) && c === sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {header(c)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {t(p.words.empty)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              p.rows.map((r) => (
                <Table.Tr
                  key={r.id}
                  data-testid={p.ids.row}
                  data-person-id={r.personId}
                  data-status={r.status}
                  {...opens(r)}
                >
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
      </TableScroll>
      <Group justify="space-between" mt="sm" wrap="wrap" className="gh-no-print">
        <Select
          aria-label={t(p.words.perPage)}
          data={p.pageSizes.map(String)}
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
          data-testid={p.ids.pages}
        />
      </Group>
    </Paper>
  );
}
