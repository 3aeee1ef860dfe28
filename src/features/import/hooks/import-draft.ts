// The rows read from the file, between the upload page and the grid: kept for the tab in
// sessionStorage, so a reload of the grid keeps the admin's fixes.
import { useSyncExternalStore } from 'react';
import type { ImportRow } from '../../../../domain/import';

export interface DraftRow {
  row_no: number;
  data: ImportRow;
}
export interface Draft {
  fileName: string;
  rows: DraftRow[];
}

const KEY = 'gatehouse.import.draft';
const listeners = new Set<() => void>();
let current: Draft | null = load();

function load(): Draft | null {
  try {
    const text = sessionStorage.getItem(KEY);
    return text ? (JSON.parse(text) as Draft) : null;
  } catch {
    return null;
  }
}

export function setDraft(next: Draft | null): void {
  current = next;
  try {
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
  } catch {
    /* a full storage keeps the draft in memory only */
  }
  for (const l of listeners) l();
}

export function useDraft(): Draft | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

/** The draft now, for event handlers that must not re-create on each edit. */
export const getDraft = (): Draft | null => current;
