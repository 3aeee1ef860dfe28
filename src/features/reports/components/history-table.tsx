// The history grid (src/ui/visit-grid.tsx): dates are DD/MM/YYYY HH:mm through the app's one
// date formatter; rows do not open.
import { formatDateTime } from '../../../../domain/date-format';
import type { LogbookRow } from '../../../../domain/logbook';
import { VISIT_COLUMNS, VisitGrid, type VisitColumn } from '../../../ui/visit-grid';
import { PAGE_SIZES, type HistoryParams } from '../hooks/history-params';

export const COLUMNS = VISIT_COLUMNS;
export type Column = VisitColumn;

interface Props {
  rows: LogbookRow[];
  count: number;
  params: HistoryParams;
  columns: Column[];
  onColumns(columns: Column[]): void;
  onChange(next: Partial<HistoryParams>): void;
}

export function HistoryTable(props: Props) {
  return (
    <VisitGrid
      {...props}
      time={formatDateTime}
      words={{
        columns: 'reports.columns',
        count: 'reports.history.count',
        columnsLabel: 'reports.history.columnsLabel',
        empty: 'reports.history.empty',
        perPage: 'reports.history.perPage',
      }}
      ids={{ table: 'history-table', count: 'history-count', row: 'history-row', pages: 'history-pages' }}
      pageSizes={PAGE_SIZES}
      minWidth={760}
    />
  );
}
