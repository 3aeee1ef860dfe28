// Reads of sections and their fields, always within one company.
import { and, asc, eq } from 'drizzle-orm';
import { sections } from '../db/schema/custom-fields';
import { entities } from '../db/schema/entities';
import { customFields } from '../db/schema/kiosk-config';
import type { Executor } from '../sync/changes';
import type { FieldRow, SectionRow } from './custom-fields.projections';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether an id from a URL can name a row (anything else is a 404, never a database error). */
export const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);

export const customFieldsRepo = {
  async planOf(db: Executor, entityId: string): Promise<number | null> {
    const [row] = await db.select({ plan: entities.plan }).from(entities).where(eq(entities.id, entityId));
    return row?.plan ?? null;
  },

  async sections(db: Executor, entityId: string): Promise<SectionRow[]> {
    return db
      .select()
      .from(sections)
      .where(eq(sections.entityId, entityId))
      .orderBy(asc(sections.position), asc(sections.id));
  },

  async section(db: Executor, entityId: string, id: string): Promise<SectionRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db
      .select()
      .from(sections)
      .where(and(eq(sections.entityId, entityId), eq(sections.id, id)));
    return row;
  },

  async fields(db: Executor, entityId: string): Promise<FieldRow[]> {
    return db
      .select()
      .from(customFields)
      .where(eq(customFields.entityId, entityId))
      .orderBy(asc(customFields.position), asc(customFields.id));
  },
};
