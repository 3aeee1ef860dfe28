// What the company looks like on a device (catalogue table `companies`): name and logo URL only.
import { eq } from 'drizzle-orm';
import { entities } from '../db/schema/entities';
import type { ChangeInput, Executor } from '../sync/changes';

type EntityRow = typeof entities.$inferSelect;

export const companyChange = (e: EntityRow): ChangeInput => ({
  table: 'companies',
  id: e.id,
  op: 'put',
  version: e.version,
  data: { id: e.id, name: e.name, logo: e.logo },
});

export async function companySnapshotOf(db: Executor, entityId: string): Promise<ChangeInput[]> {
  return (await db.select().from(entities).where(eq(entities.id, entityId))).map(companyChange);
}
