// A new company (tech team, spec 2 §7 "Entities" create): the entity, its default roles and its
// owner (admin role, no password yet: the set-password mail follows), in one transaction.
import { v7 as uuidv7 } from 'uuid';
import { subscriptionOf, type CompanyCreateInput } from '../../domain/company';
import { defaultPermissionsFor, ROLE_NAMES } from '../../domain/permissions';
import { entities, roles, users } from '../db/schema/index';
import { feedChanges, type Tx } from '../sync/changes';
import { companyChange } from './company.projections';
import type { EntityRow } from './company.repo';
import { eq } from 'drizzle-orm';

export async function insertCompany(tx: Tx, input: CompanyCreateInput, at: Date): Promise<EntityRow> {
  const entityId = uuidv7();
  const ownerId = uuidv7();
  const roleIds = new Map(ROLE_NAMES.map((name) => [name, uuidv7()]));
  await tx.insert(entities).values({
    id: entityId,
    name: input.name,
    subdomain: input.subdomain,
    package: input.package,
    plan: input.plan,
    subscription: subscriptionOf(input.package),
    copyright: input.name,
    ownerId,
    createdAt: at,
  });
  await tx
    .insert(roles)
    .values(
      ROLE_NAMES.map((name) => ({ entityId, id: roleIds.get(name)!, name, permissions: defaultPermissionsFor(name) })),
    );
  await tx.insert(users).values({
    entityId,
    id: ownerId,
    email: input.owner_email,
    fullName: input.owner_name,
    roleId: roleIds.get('admin')!,
    dashboardAccess: true,
    updatedAt: at,
  });
  const [row] = await tx.select().from(entities).where(eq(entities.id, entityId));
  await feedChanges(tx, entityId, [companyChange(row!)]);
  return row!;
}
