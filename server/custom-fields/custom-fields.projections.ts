// What sections and their fields look like on a device (catalogue tables `sections`, `customFields`).
import { eq } from 'drizzle-orm';
import { sections } from '../db/schema/custom-fields';
import { customFields } from '../db/schema/kiosk-config';
import type { ChangeInput, Executor } from '../sync/changes';

export type SectionRow = typeof sections.$inferSelect;
export type FieldRow = typeof customFields.$inferSelect;

export const sectionChange = (s: SectionRow): ChangeInput => ({
  table: 'sections',
  id: s.id,
  op: 'put',
  version: 1,
  data: { id: s.id, name: s.name, icon: s.icon, position: s.position },
});

export const fieldChange = (f: FieldRow): ChangeInput => ({
  table: 'customFields',
  id: f.id,
  op: 'put',
  version: 1,
  data: {
    id: f.id,
    sectionId: f.sectionId,
    name: f.name,
    type: f.type,
    options: f.options,
    display: f.display,
    required: f.required,
    fillable: f.fillable,
    printable: f.printable,
    icon: f.icon,
    position: f.position,
  },
});

export const removed = (table: 'sections' | 'customFields', id: string): ChangeInput => ({
  table,
  id,
  op: 'del',
  version: 1,
  data: null,
});

/** Every section of an entity, for the feed's snapshot (its fields are in the kiosk snapshot). */
export async function sectionsSnapshotOf(db: Executor, entityId: string): Promise<ChangeInput[]> {
  return (await db.select().from(sections).where(eq(sections.entityId, entityId))).map(sectionChange);
}
