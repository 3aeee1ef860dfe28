// The Dexie (IndexedDB) schema: the logged-in session, the outbox, and the synced tables the
// sync engine fills, whose stores and row types come from the sync catalogue.
import { Dexie, type EntityTable, type Table } from 'dexie';
import type { EntitySummary, UserDetails } from '../../domain/session';
import type { PermissionMap } from '../../domain/permissions';
import { chunkedTables, chunkLeftovers, chunkStoreInPlace } from './chunked-tables';
import { dexieStores, TABLE_NAMES, type LocalRow, type LocalRows, type TableName } from '../../sync/catalogue';

export const DB_NAME = 'gatehouse';

export type EntityRow = EntitySummary;
export interface UserRow extends Omit<UserDetails, 'entity' | 'role'> {
  entityId: string;
  roleId: string;
}
export interface RoleRow {
  id: string;
  entityId: string;
  name: string;
  permissions: PermissionMap;
}
/** Key/value facts about this device and session (current user id, last login time). */
export interface MetaRow {
  key: string;
  value: unknown;
}
/** Rows of the synced tables, as the catalogue declares them (sync/catalogue/tables). */
export type PersonRow = LocalRow<'people'>;
export type VisitEventRow = LocalRow<'visitEvents'>;
export type KioskVisitRow = LocalRow<'kioskVisits'>;
export type PlaceRow = LocalRow<'sites'> | LocalRow<'areas'> | LocalRow<'userTypes'>;
export interface VisitRow {
  id: string;
  entityId: string;
  personId?: string | null;
  hostId?: string | null;
  siteId?: string | null;
  status: string;
  expectedAt?: number | null;
  version: number;
  updatedAt: number;
  [field: string]: unknown;
}

/** Sync (version 2): the outbox, what the server refused, and the tables pulls fill. */
export interface OutboxRow {
  seq: number;
  mutationId: string;
  name: string;
  args: unknown;
  clientTime: number;
  clockOffsetMs: number;
  userId: string;
}
export interface RejectedRow extends OutboxRow {
  code: string;
  message: string;
  rejectedAt: number;
}
/** The device database: the session and outbox tables, and one typed table per synced table of the catalogue. */
export type GatehouseDb = Dexie & {
  entities: EntityTable<EntityRow, 'id'>;
  users: EntityTable<UserRow, 'id'>;
  roles: EntityTable<RoleRow, 'id'>;
  meta: EntityTable<MetaRow, 'key'>;
  visits: EntityTable<VisitRow, 'id'>;
  outbox: EntityTable<OutboxRow, 'seq'>;
  rejected: EntityTable<RejectedRow, 'seq'>;
} & { [T in TableName]: EntityTable<LocalRow<T>, 'id'> };

export const SCHEMA_V1 = {
  entities: '&id, subdomain',
  users: '&id, entityId, email, roleId',
  roles: '&id, entityId, [entityId+name]',
  meta: '&key',
  people: '&id, entityId, [entityId+email], [entityId+userTypeId], [entityId+updatedAt]',
  visits: '&id, entityId, [entityId+status], [entityId+expectedAt], [entityId+personId], hostId, updatedAt',
} as const;

export const SCHEMA_V2 = {
  outbox: '&seq, &mutationId, [userId+seq]',
  rejected: '&seq, mutationId, userId',
  visitEvents: '&id, personId, at, [personId+at], pending',
  sites: '&id',
  areas: '&id, siteId',
  userTypes: '&id',
} as const;

/** Version 3 as it shipped (frozen: devices upgrade from it). */
export const SCHEMA_V3: Record<string, string> = {
  // Kiosk: configuration pulled down, and what the journey records.
  journeys: '&id',
  journeyFlows: '&id, journeyId',
  complianceForms: '&id',
  attendanceModes: '&id',
  customFields: '&id',
  announcements: '&id',
  kioskVisits: '&id, personId, at',
  complianceAnswers: '&id, [personId+complianceId]',
  visitChecks: '&id, personId',
  hostNotifications: '&id, hostId',
  kioskLogs: '&id, at',
  personCards: '&id, rfid',
  // Pre-registration: expected visits, QR revocations and the entities' public keys.
  expectedVisits: '&id, personId, visitAt, status',
  qrRevocations: '&id',
  signingKeys: '&id',
  // Emergency: sessions and roll-call marks.
  emergencySessions: '&id, startedAt',
  rollCallMarks: '&id, sessionId, personId',
  // Users' documents: what a mass sign-in shows for each person, offline.
  personDocuments: '&id, personId',
};

/** Version 4 as it shipped (frozen: devices upgrade from it), the first generated from the catalogue. */
export const SCHEMA_V4: Record<string, string> = {
  ...SCHEMA_V2,
  ...SCHEMA_V3,
  people: '&id, entityId, [entityId+email], [entityId+userTypeId], [entityId+updatedAt]',
  sections: '&id',
  companies: '&id',
};

/** Version 5 onwards: every synced table's store is generated from the sync catalogue. A change
 * to a table's indexes needs a new version number here (schema.test.ts compares the generated
 * stores with the frozen copy of the latest version and says so). Version 5 dropped the indexes
 * no screen queried (people's four, visit events' [personId+at]): each cost every put. */
export const CATALOGUE_VERSION = 5;
export const catalogueStores = (): Record<string, string> => ({ ...SCHEMA_V2, ...dexieStores() });

/** Synced tables kept in chunks (chunked-tables.ts): the ones with thousands of rows a new
 * device receives at once, and no index a screen queries. */
export const CHUNKED_TABLES = ['people'] as const;

/** Tables whose rows come from the server's change feed (pull). */
export const SYNCED_TABLES = TABLE_NAMES;
export type SyncedTable = TableName;

export function createDb(name: string = DB_NAME): GatehouseDb {
  const db = new Dexie(name) as GatehouseDb;
  db.version(1).stores(SCHEMA_V1);
  db.version(2).stores(SCHEMA_V2);
  db.version(3).stores(SCHEMA_V3);
  db.version(4).stores(SCHEMA_V4);
  // Version 5 keeps people in chunks (chunked-tables.ts): a device that held them row by row has
  // them rewritten in place, so it keeps them offline.
  db.version(CATALOGUE_VERSION)
    .stores(catalogueStores())
    .upgrade((tx) => Promise.all(CHUNKED_TABLES.map((t) => chunkStoreInPlace(tx.idbtrans.objectStore(t)))));
  db.use(chunkedTables(CHUNKED_TABLES));
  // A version-5 database of a build before the chunks (never released) holds people as records.
  db.on('ready', () => chunkLeftovers(db.backendDB(), CHUNKED_TABLES));
  return db;
}

/** The synced table `name`, typed by the catalogue: the one place a table is reached by a name
 * known only at run time (the sync store moves rows of every table). */
export function syncedTable<K extends TableName>(db: GatehouseDb, name: K): Table<LocalRows[K], string> {
  return db.table(name);
}
