// Test and benchmark data for emergencies: many people in the demo company, and a second fire
// warden, written straight into a database (and its change feed) before a server starts on it.
import { hash } from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { DEMO_PASSWORD } from '../../domain/constants';
import type { Db } from '../db/database';
import { areas, entities, roles, sites, userTypes, users } from '../db/schema/index';
import { recordChanges } from '../sync/changes';
import { personChange } from '../people/people.projections';

export interface Evacuees {
  entityId: string;
  siteId: string;
  areaId: string;
  /** Ids in the order of their names ("Evacuee 0001", "Evacuee 0002", …). */
  people: string[];
  secondWarden: string;
}

const CHUNK = 500;

export async function addEvacuees(
  db: Db,
  count: number,
  options: { subdomain?: string; siteName?: string } = {},
): Promise<Evacuees> {
  const [entity] = await db
    .select()
    .from(entities)
    .where(eq(entities.subdomain, options.subdomain ?? 'acme'));
  if (!entity) throw new Error('seed the demo first');
  const entityId = entity.id;
  const [site] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.entityId, entityId), eq(sites.name, options.siteName ?? 'Head Office')));
  const [area] = await db
    .select()
    .from(areas)
    .where(and(eq(areas.entityId, entityId), eq(areas.siteId, site!.id)));
  const [visitor] = await db
    .select()
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), eq(userTypes.name, 'Visitor')));
  const [defaults] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.entityId, entityId), eq(roles.name, 'default users')));
  const [wardens] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.entityId, entityId), eq(roles.name, 'fire warden')));
  const now = new Date();
  const width = String(count).length;
  const rows = Array.from({ length: count }, (_, i) => ({
    entityId,
    id: uuidv7(),
    email: `evacuee${i + 1}@acme.test`,
    fullName: `Evacuee ${String(i + 1).padStart(Math.max(width, 4), '0')}`,
    phone: String(7_700_900_000 + i),
    countryCode: '44',
    roleId: defaults!.id,
    userTypeId: visitor!.id,
    updatedAt: now,
  }));
  const secondWarden = 'warden2@acme.test';
  const wardenRow = {
    entityId,
    id: uuidv7(),
    email: secondWarden,
    fullName: 'Walter Warden',
    roleId: wardens!.id,
    userTypeId: null,
    passwordHash: await hash(DEMO_PASSWORD),
    dashboardAccess: true,
    updatedAt: now,
  };
  const inserted = [];
  for (let i = 0; i < rows.length; i += CHUNK)
    inserted.push(
      ...(await db
        .insert(users)
        .values(rows.slice(i, i + CHUNK))
        .returning()),
    );
  inserted.push(...(await db.insert(users).values(wardenRow).returning()));
  await recordChanges(db, entityId, inserted.map(personChange));
  return { entityId, siteId: site!.id, areaId: area!.id, people: rows.map((r) => r.id), secondWarden };
}
