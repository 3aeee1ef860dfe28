// The grid's problems per row: the server checks the draft's rows (domain/import.ts checkRows,
// with the company's people, user types and cards) shortly after the admin stops typing.
import { useEffect, useRef, useState } from 'react';
import type { ImportColumn } from '../../../../domain/import';
import { api } from '../../../api/client';
import type { DraftRow } from './import-draft';

export type RowErrors = Partial<Record<ImportColumn, string>>;
interface CheckAnswer {
  data: Array<{ row_no: number; errors: RowErrors; match_id: string | null }>;
}
export interface RowChecks {
  byRow: Map<number, { errors: RowErrors; update: boolean }> | null;
  offline: boolean;
}

export function useRowChecks(rows: DraftRow[] | null): RowChecks {
  const [state, setState] = useState<RowChecks>({ byRow: null, offline: false });
  const checked = useRef(false);
  useEffect(() => {
    if (!rows || rows.length === 0) return;
    const controller = new AbortController();
    // A short pause after the last keystroke, so typing a cell sends one check, not one per key.
    // The first check (the file just read) goes at once.
    const timer = setTimeout(
      () => {
        performance.mark('import:check-start');
        void api.post<CheckAnswer>('/users/import/check', { rows }, { signal: controller.signal }).then((res) => {
          if (controller.signal.aborted) return;
          performance.mark('import:check-end');
          if (!res.ok) return setState((s) => ({ ...s, offline: Boolean(res.offline) }));
          checked.current = true;
          setState({
            byRow: new Map(res.data.data.map((r) => [r.row_no, { errors: r.errors, update: r.match_id !== null }])),
            offline: false,
          });
        });
      },
      checked.current ? 300 : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [rows]);
  return state;
}
