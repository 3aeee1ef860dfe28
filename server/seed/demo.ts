// Idempotent demo seed: runs only when the "acme" company is missing, in one transaction.
// Refuses in production, where the published demo password must never exist.
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { DEMO_PASSWORD } from '../../domain/constants';
import { defaultPermissionsFor, ROLE_NAMES } from '../../domain/permissions';
import type { Db } from '../db/database';
import { areas, entities, journeyFlows, journeys, roles, sites, users, userTypes } from '../db/schema/index';
import { DEMO_ENTITIES, DEMO_NAMES, type DemoEntity } from './demo-data';
import { recordChanges } from '../sync/changes';
import { snapshotOf } from '../sync-registry';
import { seedKioskDemo } from '../kiosk/kiosk-seed';

export interface DemoLogin {
  email: string;
  password: string;
  company: string;
  role: string;
}

/** The logins main.ts prints after a first start. */
export const DEMO_LOGINS: readonly DemoLogin[] = DEMO_ENTITIES.flatMap((e) =>
  e.users
    .filter((u) => u.login)
    .map((u) => ({ email: u.email, password: DEMO_PASSWORD, company: e.subdomain, role: u.role })),
);

export class DemoRefusedError extends Error {}

/** Advisory lock key of the demo seed (any constant shared by every instance). */
const DEMO_SEED_LOCK = 7_340_022;

export async function seedDemo(
  db: Db,
  options: { now: () => number; production: boolean },
): Promise<{ seeded: boolean }> {
  if (options.production) {
    throw new DemoRefusedError(
      `Refusing to seed the demo: NODE_ENV=production and the demo password "${DEMO_PASSWORD}" is public.`,
    );
  }
  const [existing] = await db.select({ id: entities.id }).from(entities).where(eq(entities.subdomain, 'acme')).limit(1);
  if (existing) return { seeded: false };

  const passwordHash = await hash(DEMO_PASSWORD);
  const ids = await db.transaction(async (tx) => {
    // Instances starting together on an empty database take turns; the later one finds the demo
    // the first committed (the check above alone raced: entities_subdomain_unique).
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    const [raced] = await tx.select({ id: entities.id }).from(entities).where(eq(entities.subdomain, 'acme')).limit(1);
    if (raced) return null;
    const created: string[] = [];
    for (const entity of DEMO_ENTITIES)
      created.push(await seedEntity(tx as unknown as Db, entity, passwordHash, new Date(options.now())));
    return created;
  });
  if (!ids) return { seeded: false };
  // Devices learn the seeded rows through the change feed like any other write.
  for (const entityId of ids) await recordChanges(db, entityId, await snapshotOf(db, entityId));
  return { seeded: true };
}

async function seedEntity(db: Db, data: DemoEntity, passwordHash: string, now: Date): Promise<string> {
  const entityId = uuidv7();
  await db.insert(entities).values({
    id: entityId,
    name: data.name,
    subdomain: data.subdomain,
    package: data.package,
    plan: data.plan,
    subscription: data.subscription,
    copyright: data.copyright,
    createdAt: now,
  });

  const roleIds = new Map(ROLE_NAMES.map((name) => [name, uuidv7()]));
  await db
    .insert(roles)
    .values(
      ROLE_NAMES.map((name) => ({ entityId, id: roleIds.get(name)!, name, permissions: defaultPermissionsFor(name) })),
    );

  const typeIds = new Map(data.userTypes.map((t) => [t.name, uuidv7()]));
  await db.insert(userTypes).values(data.userTypes.map((t) => ({ entityId, id: typeIds.get(t.name)!, ...t })));

  for (const site of data.sites) {
    const siteId = uuidv7();
    await db.insert(sites).values({
      entityId,
      id: siteId,
      name: site.name,
      lat: site.lat,
      long: site.long,
      radius: 200,
      zoom: 15,
      locationName: site.locationName,
    });
    await db.insert(areas).values(
      site.areas.map((name) => ({
        entityId,
        id: uuidv7(),
        siteId,
        name,
        autoSignOutMode: 'at midnight',
        loginMode: 'sign in/sign out',
      })),
    );
  }

  for (const journey of data.journeys) {
    const journeyId = uuidv7();
    await db.insert(journeys).values({
      entityId,
      id: journeyId,
      name: journey.name,
      names: DEMO_NAMES[journey.name],
      description: journey.description,
      settings: { touch_mode: true },
    });
    await db.insert(journeyFlows).values(
      journey.flows.map((flow) => ({
        entityId,
        id: uuidv7(),
        journeyId,
        name: flow.name,
        names: DEMO_NAMES[flow.name],
        userTypeId: typeIds.get(flow.userType) ?? null,
        settings: { print_badge: true, compliance_frequency: 'every time' },
      })),
    );
  }

  let ownerId: string | null = null;
  for (const user of data.users) {
    const id = uuidv7();
    if (user.owner) ownerId = id;
    await db.insert(users).values({
      entityId,
      id,
      email: user.email,
      fullName: user.fullName,
      roleId: roleIds.get(user.role)!,
      userTypeId: user.userType ? (typeIds.get(user.userType) ?? null) : null,
      passwordHash: user.login ? passwordHash : null,
      dashboardAccess: user.login,
      platformStaff: user.platformStaff ?? false,
      updatedAt: now,
    });
  }
  if (ownerId) await db.update(entities).set({ ownerId }).where(eq(entities.id, entityId));
  await seedKioskDemo(db, entityId, now);
  return entityId;
}
