// The logbook grid (src/ui/visit-grid.tsx) with today's times; a row opens the visit's details,
// and a visit still waiting in this device's outbox says so beside its status.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LogbookRow } from '../../../../domain/logbook';
import { VISIT_COLUMNS, VisitGrid, type VisitColumn } from '../../../ui/visit-grid';
import { formatTime } from '../format';
import type { LogbookParams } from '../hooks/logbook-params';

export const COLUMNS = VISIT_COLUMNS;
export type Column = VisitColumn;
const PAGE_SIZES = [10, 25, 50, 100];

interface Props {
  rows: LogbookRow[];
  count: number;
  params: LogbookParams;
  columns: Column[];
  onColumns(columns: Column[]): void;
  onChange(next: Partial<LogbookParams>): void;
  onOpen(row: LogbookRow): void;
}

export function LogbookTable(props: Props) {
  const { t } = useTranslation();
  return (
    <VisitGrid
      {...props}
      time={formatTime}
      words={{
        columns: 'logbook.columns',
        count: 'logbook.visitCount',
        columnsLabel: 'logbook.columnsLabel',
        empty: 'logbook.empty',
        perPage: 'logbook.perPage',
      }}
      ids={{ table: 'logbook', count: 'logbook-count', row: 'logbook-row', pages: 'logbook-pages' }}
      pageSizes={PAGE_SIZES}
      minWidth={720}
      statusNote={(r) =>
        r.pending ? (
          <Text size="xs" c="yellow.9">
            {t('quickSignIn.waiting')}
          </Text>
        ) : null
      }
    />
  );
}
