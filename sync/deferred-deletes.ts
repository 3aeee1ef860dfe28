// A pull's deletes never take away a row the outbox still references (a scope change
// may drop an expected visit a kiosk marked arrived offline, before that arrival is sent). Such
// a delete waits until no outbox entry names the row, and is applied by a later pull; every
// other delete applies at once. Deletes touch synced tables only, never the outbox.
import type { OutboxEntry } from './engine';

export interface RowRef {
  table: string;
  id: string;
}

/** Splits deletes (this pull's and those still waiting) into the ones to apply now and the ones
 * that wait. A row this pull puts again (back in scope) is no longer waiting to leave. */
export function splitDeletes(
  dels: readonly RowRef[],
  waiting: readonly RowRef[],
  outbox: readonly Pick<OutboxEntry, 'args'>[],
  puts: readonly RowRef[] = [],
): { now: RowRef[]; wait: RowRef[] } {
  // Ids are UUIDs: a row is referenced when its id appears anywhere in an entry's arguments.
  const named = JSON.stringify(outbox.map((e) => e.args));
  const now: RowRef[] = [];
  const wait: RowRef[] = [];
  const seen = new Set<string>();
  const put = new Set(puts.map((p) => `${p.table}:${p.id}`));
  for (const d of [...waiting.filter((w) => !put.has(`${w.table}:${w.id}`)), ...dels]) {
    const key = `${d.table}:${d.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    (named.includes(d.id) ? wait : now).push(d);
  }
  return { now, wait };
}

/** The meta key under which a device keeps the deletes still waiting. */
export const WAITING_DELETES_KEY = 'waitingDeletes';

/** Row ids per table, for one bulk delete per table. */
export function idsByTable(refs: readonly RowRef[]): Map<string, string[]> {
  const by = new Map<string, string[]>();
  // Pushed in place: a scope change may drop 100,000 rows in one pull (a copy per row was quadratic).
  for (const r of refs) (by.get(r.table) ?? by.set(r.table, []).get(r.table)!).push(r.id);
  return by;
}
