// A pull's deletes on the device, aged presence rows included. The server's delete of
// a presence row that left the scope by age carries the row (server/sync/scope.ts), and means
// "this person's rows up to this one leave" (domain/aged-presence.ts). The device drops that
// whole group in the pull's transaction, so no page boundary can leave an older sign-in of the
// person as their latest. If the outbox still names any row of the group, the whole group waits
// (sync/deferred-deletes.ts), and an aged sign-out is held while it waits — it may not have been
// on the device yet — so that it, not an older sign-in, stays the person's latest.
import { atOrBefore, leavingWith } from '../domain/aged-presence';
import { scopeOf } from './catalogue';
import { splitDeletes, type RowRef } from './deferred-deletes';
import type { OutboxEntry } from './engine';

/** A delete as pulled or kept waiting: an aged presence row's carries the row. */
export interface PulledDelete extends RowRef {
  data?: Record<string, unknown> | null;
  version?: number;
}

interface Aged {
  table: string;
  id: string;
  personId: string;
  at: number;
}

/** The presence row a delete or put names, when it carries one (a plain tombstone does not). */
export function presenceRow(c: { table: string; id: string; data?: Record<string, unknown> | null }): Aged | null {
  if (!c.data || scopeOf(c.table)?.kind !== 'presence') return null;
  const { personId, at } = c.data;
  return typeof personId === 'string' && typeof at === 'number' ? { table: c.table, id: c.id, personId, at } : null;
}

/** What the device holds of these people in a presence table (one read for a whole pull). */
export type HeldRowsOf = (
  table: string,
  personIds: string[],
) => Promise<Array<Record<string, unknown> & { id: string }>>;

export interface DeletePlan {
  /** Rows to delete in this pull's transaction. */
  now: RowRef[];
  /** Deletes that wait for the outbox to stop naming their rows (kept in meta `waitingDeletes`). */
  wait: PulledDelete[];
  /** Aged rows to hold while their group waits (put when the device lacks them). */
  hold: PulledDelete[];
}

export async function planDeletes(o: {
  dels: readonly PulledDelete[];
  waiting: readonly PulledDelete[];
  outbox: readonly Pick<OutboxEntry, 'args'>[];
  puts: readonly { table: string; id: string; data?: Record<string, unknown> | null }[];
  heldOf: HeldRowsOf;
}): Promise<DeletePlan> {
  const put = o.puts.flatMap((p) => presenceRow(p) ?? []);
  // A put of one of the group's rows (the window grew back over it) means the group no longer leaves.
  const stillLeaving = (x: Aged) =>
    !put.some((p) => p.table === x.table && p.personId === x.personId && atOrBefore(p, x));
  const aged = new Map<string, PulledDelete & Aged>();
  const plainWaiting: PulledDelete[] = [];
  for (const d of o.waiting) {
    const x = presenceRow(d);
    if (!x) plainWaiting.push(d);
    else if (stillLeaving(x)) aged.set(`${x.table}:${x.id}`, { ...d, ...x });
  }
  const plainDels: PulledDelete[] = [];
  for (const d of o.dels) {
    const x = presenceRow(d);
    if (x) aged.set(`${x.table}:${x.id}`, { ...d, ...x });
    else plainDels.push(d);
  }
  const plain = splitDeletes(plainDels, plainWaiting, o.outbox, o.puts);
  const plan: DeletePlan = { now: plain.now, wait: plain.wait, hold: [] };
  const named = JSON.stringify(o.outbox.map((e) => e.args));
  // One read of the held rows of every person these deletes name, per table.
  const byPerson = new Map<string, Array<{ id: string; at: number }>>();
  for (const table of new Set([...aged.values()].map((x) => x.table))) {
    const people = [...new Set([...aged.values()].filter((x) => x.table === table).map((x) => x.personId))];
    for (const r of await o.heldOf(table, people)) {
      if (typeof r.at !== 'number' || typeof r.personId !== 'string') continue;
      const key = `${table}:${r.personId}`;
      (byPerson.get(key) ?? byPerson.set(key, []).get(key)!).push({ id: r.id, at: r.at });
    }
  }
  for (const x of aged.values()) {
    const group = leavingWith(x, byPerson.get(`${x.table}:${x.personId}`) ?? []);
    const wait: PulledDelete = { table: x.table, id: x.id, data: x.data ?? null, version: x.version };
    if (group.some((id) => named.includes(id))) {
      plan.wait.push(wait);
      // A sign-out is held so that it, not an older sign-in of the group, is the person's latest;
      // a superseded sign-in is not (it would show them on site).
      if (x.data?.kind !== 'in') plan.hold.push(wait);
    } else plan.now.push(...group.map((id) => ({ table: x.table, id })));
  }
  return plan;
}
