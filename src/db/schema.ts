// The Dexie (IndexedDB) schema, version 1: the logged-in session and the operational tables
// the sync engine fills. Every tenant row carries entityId; compound indexes start with it.
import { Dexie, type EntityTable } from 'dexie';
import type { EntitySummary, UserDetails } from '../../domain/session';
import type { PermissionMap } from '../../domain/permissions';

export const DB_NAME = 'gatehouse';

export type EntityRow = EntitySummary;
export interface UserRow extends Omit<UserDetails, 'entity' | 'role'> { entityId: string; roleId: string }
export interface RoleRow { id: string; entityId: string; name: string; permissions: PermissionMap }
/** Key/value facts about this device and session (current user id, last login time). */
export interface MetaRow { key: string; value: unknown }
export interface PersonRow {
  id: string;
  entityId: string;
  fullName: string;
  email?: string | null;
  phone?: string | null;
  userTypeId?: string | null;
  roleId?: string | null;
  status?: string;
  version: number;
  updatedAt: number;
  [field: string]: unknown;
}
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
export interface RejectedRow extends OutboxRow { code: string; message: string; rejectedAt: number }
export interface VisitEventRow {
  id: string;
  personId: string;
  kind: 'in' | 'out';
  areaId: string | null;
  at: number;
  journeyFlowId?: string | null;
  userTypeId?: string | null;
  /** 1 while only this device knows it; the pulled server copy has no flag. */
  pending?: number;
  [field: string]: unknown;
}
export interface PlaceRow { id: string; name: string; [field: string]: unknown }

export type GatehouseDb = Dexie & {
  entities: EntityTable<EntityRow, 'id'>;
  users: EntityTable<UserRow, 'id'>;
  roles: EntityTable<RoleRow, 'id'>;
  meta: EntityTable<MetaRow, 'key'>;
  people: EntityTable<PersonRow, 'id'>;
  visits: EntityTable<VisitRow, 'id'>;
  outbox: EntityTable<OutboxRow, 'seq'>;
  rejected: EntityTable<RejectedRow, 'seq'>;
  visitEvents: EntityTable<VisitEventRow, 'id'>;
  sites: EntityTable<PlaceRow, 'id'>;
  areas: EntityTable<PlaceRow, 'id'>;
  userTypes: EntityTable<PlaceRow, 'id'>;
};

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

/** Version 3: tables of the journeys (kiosk, pre-registration, emergency, dashboard). Each
 * feature adds its tables here until the first release; after it, a new version each time. */
export const SCHEMA_V3: Record<string, string> = {
  // Kiosk (issue 4): configuration pulled down, and what the journey records.
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
  // Pre-registration (issue 5): expected visits, QR revocations and the entities' public keys.
  expectedVisits: '&id, personId, visitAt, status',
  qrRevocations: '&id',
  signingKeys: '&id',
  // Emergency (issue 6): sessions and roll-call marks.
  emergencySessions: '&id, startedAt',
  rollCallMarks: '&id, sessionId, personId',
  // Users' documents (issue 7): what a mass sign-in shows for each person, offline.
  personDocuments: '&id, personId',
};

/** Tables whose rows come from the server's change feed (pull). */
export const SYNCED_TABLES = ['people', 'visitEvents', 'sites', 'areas', 'userTypes',
  'journeys', 'journeyFlows', 'complianceForms', 'attendanceModes', 'customFields', 'announcements',
  'kioskVisits', 'complianceAnswers', 'visitChecks', 'hostNotifications', 'kioskLogs', 'personCards',
  'expectedVisits', 'qrRevocations', 'signingKeys', 'emergencySessions', 'rollCallMarks', 'personDocuments'] as const;
export type SyncedTable = (typeof SYNCED_TABLES)[number];

export function createDb(name: string = DB_NAME): GatehouseDb {
  const db = new Dexie(name) as GatehouseDb;
  db.version(1).stores(SCHEMA_V1);
  db.version(2).stores(SCHEMA_V2);
  if (Object.keys(SCHEMA_V3).length) db.version(3).stores(SCHEMA_V3);
  return db;
}
