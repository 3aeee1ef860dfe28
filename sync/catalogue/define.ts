// The shapes of the sync catalogue: one declaration per synced table and per mutation, from
// which the device (Dexie schema, row types, optimistic applies) and the server (pull filter,
// change-feed rows, handler types) both derive. Nothing here names a feature.
import type * as v from 'valibot';
import type { DevicePermission, PermissionKey } from '../../domain/permissions';

/** Who may hold a permission: a person's role key, or a device's key (a kiosk's token). */
export type AnyPermission = PermissionKey | DevicePermission;

/** Fields a device keeps only for callers that hold one of `unless` (the pull drops them for others). */
export interface Redaction {
  readonly fields: readonly string[];
  readonly unless: readonly AnyPermission[];
}

export interface TableDef<S extends v.GenericSchema = v.GenericSchema> {
  /** The row as it travels in a pull change (`data`), without the entity id. */
  readonly row: S;
  /** Dexie secondary indexes (the primary key is always `&id`). */
  readonly indexes: readonly string[];
  /** The pull sends this table's rows only to callers holding one of these; 'everyone' = any logged-in caller or device. */
  readonly receive: 'everyone' | readonly AnyPermission[];
  readonly redact?: readonly Redaction[];
  /** Which of its rows a device holds (sync/catalogue/scope.ts); none: every row it receives. */
  readonly scope?: RowScope;
}

/** presence: sign-in/out events (time `at`, `personId`, `kind`): the window plus whatever decides
 * who is on site; history: rows timed by `time` within the window; upcoming: expected visits
 * (`area`: the field naming the area, held only by devices of that area); journey: a journey or
 * its flow, named by `journey`, held by kiosks whose area the journey serves. */
export type RowScope =
  | { readonly kind: 'presence' }
  | { readonly kind: 'history'; readonly time: string }
  | { readonly kind: 'upcoming'; readonly time: string; readonly area?: string }
  | { readonly kind: 'journey'; readonly journey: string };

export const defineTable = <S extends v.GenericSchema>(def: TableDef<S>): TableDef<S> => def;

/** Fields only a device writes on its copy of a row: pending marks an optimistic change not yet confirmed. */
export interface LocalExtras {
  entityId?: string;
  version?: number;
  pending?: number;
  pendingEdit?: number;
}

export type RowOfTable<D> = D extends TableDef<infer S> ? v.InferOutput<S> : never;

export interface MutationMeta {
  mutationId: string;
  deviceId: string;
  /** The user who recorded it (a warden's mark names its warden). */
  userId: string;
  /** The device clock plus its measured offset to the server. */
  correctedTime: number;
}

/** What a local apply may do, typed by the tables it declared: the client runs it on Dexie
 * inside the outbox transaction. */
export interface LocalTxOf<Rows extends Record<string, object>> {
  get<K extends keyof Rows & string>(table: K, id: string): Promise<Rows[K] | undefined>;
  put<K extends keyof Rows & string>(table: K, row: Rows[K]): Promise<void>;
  /** The rows whose `index` (one of the table's declared indexes) equals `value`. */
  byIndex<K extends keyof Rows & string>(table: K, index: string, value: string): Promise<Array<Rows[K]>>;
}

export interface MutationDefOf<
  Rows extends Record<string, object>,
  S extends v.GenericSchema,
  T extends keyof Rows & string,
> {
  args: S;
  /** The permission the caller needs (allowed 1): a role key, or a device key such as `kiosk_device`;
   * a list accepts any one of them (a mutation both an admin and older kiosk builds recorded). */
  permission: AnyPermission | readonly AnyPermission[];
  /** The local tables applyLocal reads or writes. The device locks only these (with the outbox),
   * so recording one change never waits behind unrelated reads or a pull. */
  tables: readonly T[];
  applyLocal(tx: LocalTxOf<Pick<Rows, T>>, args: v.InferOutput<S>, meta: MutationMeta): Promise<void>;
}

/** Any stored row, for the sync infrastructure that moves rows without reading them. */
export type AnyRow = Record<string, unknown> & { id: string };
