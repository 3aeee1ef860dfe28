// Sections of custom fields (spec 2 §7 section calls): list, one, unique-name check, create,
// update with their fields, delete with their fields. Every write runs under the company's feed
// lock (withFeed), so two admins cannot both take a name, and devices receive it on pull.
// Custom fields are a Professional/Enterprise feature (spec 1 §6): lite companies are refused.
import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  customFieldsAllowed,
  normalizeField,
  sameText,
  sectionProblems,
  type SectionInput,
} from '../../domain/custom-field-sections';
import type { LocalizedText } from '../../domain/localized-text';
import type { Db } from '../db/database';
import { sections } from '../db/schema/custom-fields';
import { customFields } from '../db/schema/kiosk-config';
import { ApiError, invalid, notFound } from '../http/api-error';
import type { RequestContext } from '../http/context';
import { withFeed, type ChangeInput, type Tx } from '../sync/changes';
import { fieldChange, removed, sectionChange, type FieldRow, type SectionRow } from './custom-fields.projections';
import { customFieldsRepo as repo } from './custom-fields.repo';

const fieldWire = (f: FieldRow) => ({
  id: f.id,
  section_id: f.sectionId,
  name: f.name,
  type: f.type,
  options: f.options,
  display: f.display,
  binding: f.required,
  fillable_by_user: f.fillable,
  printable_on_badge: f.printable,
  icon: f.icon,
  position: f.position,
});
const sectionWire = (s: SectionRow, fields: FieldRow[]) => ({
  id: s.id,
  name: s.name,
  icon: s.icon,
  position: s.position,
  custom_fields: fields.filter((f) => f.sectionId === s.id).map(fieldWire),
});
export type SectionWire = ReturnType<typeof sectionWire>;

export function customFieldsService(db: Db, onChanged: (entityId: string) => void) {
  async function assertPlan(ctx: RequestContext) {
    if (!customFieldsAllowed(await repo.planOf(db, ctx.entityId))) throw new ApiError(403, 'custom_fields_locked');
  }

  /** Names must not clash with another section, nor a field's with a field of another section. */
  async function assertUnique(tx: Tx, ctx: RequestContext, input: SectionInput, sectionId: string | null) {
    const others = (await repo.sections(tx, ctx.entityId)).filter((s) => s.id !== sectionId);
    if (others.some((s) => sameText(s.name, input.name)))
      throw new ApiError(400, 'name_exists', { name: ['validation.section_exists'] });
    const otherFields = (await repo.fields(tx, ctx.entityId)).filter((f) => f.sectionId !== sectionId);
    const clashes = input.custom_fields.flatMap((f, i) =>
      otherFields.some((o) => sameText(o.name, f.name)) ? [i] : [],
    );
    if (clashes.length)
      throw new ApiError(
        400,
        'name_exists',
        Object.fromEntries(clashes.map((i) => [`custom_fields.${i}.name`, ['validation.field_exists']])),
      );
  }

  function check(input: SectionInput): SectionInput {
    const normalized = { ...input, custom_fields: input.custom_fields.map(normalizeField) };
    const problems = sectionProblems(normalized);
    if (problems) throw invalid(problems);
    return normalized;
  }

  /** The section's fields as rows to write: kept ids stay, the rest are new. */
  const fieldRows = (entityId: string, sectionId: string, input: SectionInput, keep: Set<string>): FieldRow[] =>
    input.custom_fields.map((f, i) => ({
      entityId,
      id: f.id && keep.has(f.id) ? f.id : uuidv7(),
      sectionId,
      name: f.name as LocalizedText,
      type: f.type,
      options: f.options as LocalizedText[],
      display: f.display,
      required: f.binding,
      fillable: f.fillable_by_user,
      printable: f.printable_on_badge,
      icon: f.icon,
      position: i,
    }));

  async function writeFields(tx: Tx, rows: FieldRow[]): Promise<ChangeInput[]> {
    for (const row of rows)
      await tx
        .insert(customFields)
        .values(row)
        .onConflictDoUpdate({ target: [customFields.entityId, customFields.id], set: { ...row } });
    return rows.map(fieldChange);
  }

  return {
    assertOpen: assertPlan,

    async list(ctx: RequestContext) {
      await assertPlan(ctx);
      const fields = await repo.fields(db, ctx.entityId);
      return (await repo.sections(db, ctx.entityId)).map((s) => sectionWire(s, fields));
    },

    async get(ctx: RequestContext, id: string) {
      const section = await repo.section(db, ctx.entityId, id);
      if (!section) throw notFound();
      await assertPlan(ctx);
      return sectionWire(section, await repo.fields(db, ctx.entityId));
    },

    /** Whether `value` is free as a section name (spec 2 §7: entity_id, value, optional section_id). */
    async unique(ctx: RequestContext, q: { entity_id?: string; value: string; section_id?: string }) {
      if (q.entity_id !== undefined && q.entity_id !== ctx.entityId) throw notFound();
      await assertPlan(ctx);
      const taken = (await repo.sections(db, ctx.entityId)).some(
        (s) => s.id !== q.section_id && sameText(s.name, q.value),
      );
      return { unique: !taken };
    },

    async create(ctx: RequestContext, raw: SectionInput) {
      await assertPlan(ctx);
      const input = check(raw);
      const result = await withFeed(db, ctx.entityId, async (tx) => {
        await assertUnique(tx, ctx, input, null);
        const position = (await repo.sections(tx, ctx.entityId)).length;
        const [section] = await tx
          .insert(sections)
          .values({
            entityId: ctx.entityId,
            id: uuidv7(),
            name: input.name as LocalizedText,
            icon: input.icon,
            position,
          })
          .returning();
        const rows = fieldRows(ctx.entityId, section!.id, input, new Set());
        const changes = [sectionChange(section!), ...(await writeFields(tx, rows))];
        return { result: sectionWire(section!, rows), changes };
      });
      onChanged(ctx.entityId);
      return result;
    },

    async update(ctx: RequestContext, id: string, raw: SectionInput) {
      const existing = await repo.section(db, ctx.entityId, id);
      if (!existing) throw notFound();
      await assertPlan(ctx);
      const input = check(raw);
      const result = await withFeed(db, ctx.entityId, async (tx) => {
        if (!(await repo.section(tx, ctx.entityId, id))) throw notFound();
        await assertUnique(tx, ctx, input, id);
        const current = (await repo.fields(tx, ctx.entityId)).filter((f) => f.sectionId === id);
        const own = new Set(current.map((f) => f.id));
        // A kept field must be this section's, and named once.
        const foreign = input.custom_fields.flatMap((f, i) =>
          f.id && (!own.has(f.id) || input.custom_fields.findIndex((g) => g.id === f.id) < i) ? [i] : [],
        );
        if (foreign.length)
          throw invalid(Object.fromEntries(foreign.map((i) => [`custom_fields.${i}.id`, ['validation.uuid']])));
        const [section] = await tx
          .update(sections)
          .set({ name: input.name as LocalizedText, icon: input.icon })
          .where(and(eq(sections.entityId, ctx.entityId), eq(sections.id, id)))
          .returning();
        const rows = fieldRows(ctx.entityId, id, input, own);
        const gone = current.filter((f) => !rows.some((r) => r.id === f.id)).map((f) => f.id);
        if (gone.length)
          await tx
            .delete(customFields)
            .where(and(eq(customFields.entityId, ctx.entityId), inArray(customFields.id, gone)));
        const changes = [
          sectionChange(section!),
          ...gone.map((g) => removed('customFields', g)),
          ...(await writeFields(tx, rows)),
        ];
        return { result: sectionWire(section!, rows), changes };
      });
      onChanged(ctx.entityId);
      return result;
    },

    async remove(ctx: RequestContext, id: string) {
      const existing = await repo.section(db, ctx.entityId, id);
      if (!existing) throw notFound();
      await assertPlan(ctx);
      await withFeed(db, ctx.entityId, async (tx) => {
        const gone = await tx
          .delete(customFields)
          .where(and(eq(customFields.entityId, ctx.entityId), eq(customFields.sectionId, id)))
          .returning({ id: customFields.id });
        await tx.delete(sections).where(and(eq(sections.entityId, ctx.entityId), eq(sections.id, id)));
        return {
          result: null,
          changes: [...gone.map((g) => removed('customFields', g.id)), removed('sections', id)],
        };
      });
      onChanged(ctx.entityId);
      return { id };
    },
  };
}
export type CustomFieldsService = ReturnType<typeof customFieldsService>;
