// Every synced table, by its wire name (which is also its Dexie table name on the device).
// Adding a synced table: declare it in the feature's file here (row, indexes, who receives it),
// then give the server feature a projection (server/<feature>/*.projections.ts).
import type { LocalExtras, LocalTxOf, RowOfTable } from '../define';
import { customFieldTables } from './custom-fields';
import { companyTables } from './company';
import { emergencyTables } from './emergency';
import { kioskTables } from './kiosk';
import { peopleTables } from './people';
import { placeTables } from './places';
import { preregistrationTables } from './preregistration';
import { visitTables } from './visits';

export const syncedTables = {
  ...peopleTables,
  ...placeTables,
  ...visitTables,
  ...kioskTables,
  ...preregistrationTables,
  ...emergencyTables,
  ...customFieldTables,
  ...companyTables,
};

export type SyncedTables = typeof syncedTables;
export type TableName = keyof SyncedTables & string;
/** A row as the server sends it (a pull change's `data`). */
export type WireRow<T extends TableName> = RowOfTable<SyncedTables[T]> & { id: string };
/** A row as a device keeps it: the wire row plus the device's own marks. */
export type LocalRow<T extends TableName> = WireRow<T> & LocalExtras;
export type LocalRows = { [T in TableName]: LocalRow<T> };
/** A local transaction over every synced table (what the device's store implements). */
export type LocalTx = LocalTxOf<LocalRows>;

export const TABLE_NAMES = Object.keys(syncedTables) as TableName[];

export function isTableName(name: string): name is TableName {
  return Object.prototype.hasOwnProperty.call(syncedTables, name);
}

/** The Dexie stores of the synced tables, generated from the declarations. */
export function dexieStores(): Record<TableName, string> {
  return Object.fromEntries(TABLE_NAMES.map((t) => [t, ['&id', ...syncedTables[t].indexes].join(', ')])) as Record<
    TableName,
    string
  >;
}
