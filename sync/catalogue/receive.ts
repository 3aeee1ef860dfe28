// Which rows of the change feed a caller may receive (issue: the pull honours permissions):
// a table's rows go only to callers holding one of its `receive` keys, and redacted fields
// leave the row for callers holding none of their `unless` keys.
import { isAllowed, type PermissionMap } from '../../domain/permissions';
import { isTableName, syncedTables } from './tables';

export interface ReceivedChange {
  table: string;
  data: Record<string, unknown> | null;
}

const holdsAny = (permissions: PermissionMap, keys: readonly string[]) => keys.some((k) => isAllowed(permissions, k));

/** A filter for one caller: null drops the change; otherwise the data it may see. */
export function receiverFor(permissions: PermissionMap) {
  const allowed = new Map<string, boolean>();
  const may = (table: string) => {
    let yes = allowed.get(table);
    if (yes === undefined) {
      const def = isTableName(table) ? syncedTables[table] : undefined;
      yes = !!def && (def.receive === 'everyone' || holdsAny(permissions, def.receive));
      allowed.set(table, yes);
    }
    return yes;
  };
  const hidden = new Map<string, string[]>();
  const hiddenOf = (table: string) => {
    let fields = hidden.get(table);
    if (!fields) {
      const def = isTableName(table) ? syncedTables[table] : undefined;
      fields = (def?.redact ?? []).filter((r) => !holdsAny(permissions, r.unless)).flatMap((r) => r.fields);
      hidden.set(table, fields);
    }
    return fields;
  };
  return <C extends ReceivedChange>(change: C): C | null => {
    if (!may(change.table)) return null;
    const fields = hiddenOf(change.table);
    if (!fields.length || !change.data) return change;
    const data = { ...change.data };
    for (const f of fields) delete data[f];
    return { ...change, data };
  };
}
