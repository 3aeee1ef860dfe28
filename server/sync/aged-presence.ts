// A scope change that widens a device's window (a longer history setting, a kiosk token now an
// admin's) sends presence rows older than the old window as puts, page by page in feed order.
// Without the device's aged sign-outs (they leave it), a page could put a person's old
// sign-in while the sign-out that ends it waits for a later page, and show them on site in
// between. So a page that puts a superseded presence row also puts that person's latest row:
// it is in the new window too (it is no older than the row it supersedes), and a second put of
// it later is harmless.
import { and, eq, inArray } from 'drizzle-orm';
import { rowInScope, scopeOf, type TableName } from '../../sync/catalogue';
import type { ScopeWindows } from '../../domain/sync-scope';
import type { Change } from '../../sync/protocol';
import { syncChanges } from '../db/schema/sync';
import type { Executor } from './changes';
import type { ServerScopes } from './scope';

export async function withLatestPresence(
  db: Executor,
  scopes: ServerScopes,
  entityId: string,
  receive: (c: Change) => Change | null,
  changes: Change[],
  /** `table:id` of the page's presence rows a later row of the same person supersedes. */
  superseded: ReadonlySet<string>,
  after: ScopeWindows,
): Promise<Change[]> {
  if (!scopes.latest) return changes;
  const people = new Map<TableName, Set<string>>();
  for (const c of changes) {
    const personId = c.data?.personId;
    if (c.op !== 'put' || scopeOf(c.table)?.kind !== 'presence' || typeof personId !== 'string') continue;
    if (!superseded.has(`${c.table}:${c.id}`)) continue;
    const table = c.table as TableName;
    people.set(table, (people.get(table) ?? new Set()).add(personId));
  }
  const put = new Set(changes.filter((c) => c.op === 'put').map((c) => `${c.table}:${c.id}`));
  const added: Change[] = [];
  for (const [table, personIds] of people) {
    const ids = (await scopes.latest(db, entityId, table, [...personIds])).filter((id) => !put.has(`${table}:${id}`));
    if (ids.length === 0) continue;
    const rows = await db
      .select()
      .from(syncChanges)
      .where(
        and(
          eq(syncChanges.entityId, entityId),
          eq(syncChanges.tbl, table),
          inArray(syncChanges.rowId, ids),
          eq(syncChanges.op, 'put'),
        ),
      );
    for (const r of rows) {
      const c = receive({ table: r.tbl, id: r.rowId, op: r.op, version: r.version, data: r.data });
      if (c && rowInScope(c.table, c.data, after, true)) added.push(c);
    }
  }
  return added.length ? [...changes, ...added] : changes;
}
