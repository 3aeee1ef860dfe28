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

export type GatehouseDb = Dexie & {
  entities: EntityTable<EntityRow, 'id'>;
  users: EntityTable<UserRow, 'id'>;
  roles: EntityTable<RoleRow, 'id'>;
  meta: EntityTable<MetaRow, 'key'>;
  people: EntityTable<PersonRow, 'id'>;
  visits: EntityTable<VisitRow, 'id'>;
};

export const SCHEMA_V1 = {
  entities: '&id, subdomain',
  users: '&id, entityId, email, roleId',
  roles: '&id, entityId, [entityId+name]',
  meta: '&key',
  people: '&id, entityId, [entityId+email], [entityId+userTypeId], [entityId+updatedAt]',
  visits: '&id, entityId, [entityId+status], [entityId+expectedAt], [entityId+personId], hostId, updatedAt',
} as const;

export function createDb(name: string = DB_NAME): GatehouseDb {
  const db = new Dexie(name) as GatehouseDb;
  db.version(1).stores(SCHEMA_V1);
  return db;
}
