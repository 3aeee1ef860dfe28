// Custom fields as mapping targets of a directory integration. Every custom field of
// the company may be filled; a field *applies* to the people of a user type when a live journey
// flow for that type (or for every type) asks for it, by id or through its section — the same
// rule the kiosk uses to check a visit's values (server/kiosk/kiosk-checks.ts). Without a user
// type every field applies. The settings screen lists the fields that apply first.
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { optionValue } from '../../domain/custom-field-sections';
import type { CustomFieldDef, CustomFieldEntry } from '../../domain/custom-fields';
import { customTargetId } from '../../domain/integration-custom-fields';
import { readFlowSettings } from '../../domain/journey';
import type { LocalizedText } from '../../domain/localized-text';
import { customFields, journeyFlows, sections, users } from '../db/schema/index';
import type { Executor } from '../sync/changes';

export interface CustomTargetWire {
  id: string;
  name: LocalizedText;
  type: string;
  section: LocalizedText;
  /** Asked of people of the user type by one of its journey flows. */
  applies: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The company's custom fields, those that apply to people of `userTypeId` first, in section order. */
export async function customTargets(
  db: Executor,
  entityId: string,
  userTypeId: string | null,
): Promise<CustomTargetWire[]> {
  const rows = await db
    .select({ f: customFields, s: sections })
    .from(customFields)
    .innerJoin(sections, and(eq(sections.entityId, customFields.entityId), eq(sections.id, customFields.sectionId)))
    .where(eq(customFields.entityId, entityId))
    .orderBy(sections.position, customFields.position, customFields.id);
  let applies = (_: { id: string; sectionId: string }) => true;
  if (userTypeId) {
    const flows = await db
      .select({ settings: journeyFlows.settings })
      .from(journeyFlows)
      .where(
        and(
          eq(journeyFlows.entityId, entityId),
          isNull(journeyFlows.deletedAt),
          or(eq(journeyFlows.userTypeId, userTypeId), isNull(journeyFlows.userTypeId)),
        ),
      );
    const ids = new Set<string>();
    const sectionIds = new Set<string>();
    for (const flow of flows) {
      const s = readFlowSettings(flow.settings);
      s.custom_field_ids.forEach((id) => ids.add(id));
      s.section_ids.forEach((id) => sectionIds.add(id));
    }
    applies = (f) => ids.has(f.id) || sectionIds.has(f.sectionId);
  }
  const all = rows.map(({ f, s }) => ({ id: f.id, name: f.name, type: f.type, section: s.name, applies: applies(f) }));
  return [...all.filter((f) => f.applies), ...all.filter((f) => !f.applies)];
}

/** The fields a sync checks values against, by id (names and options in the default language). */
export async function customFieldDefs(
  db: Executor,
  entityId: string,
  ids: string[],
): Promise<Map<string, CustomFieldDef>> {
  const wanted = ids.filter((id) => UUID.test(id));
  if (!wanted.length) return new Map();
  const rows = await db
    .select()
    .from(customFields)
    .where(and(eq(customFields.entityId, entityId), inArray(customFields.id, wanted)));
  return new Map(
    rows.map((f) => [f.id, { id: f.id, name: optionValue(f.name), type: f.type, options: f.options.map(optionValue) }]),
  );
}

/** The custom field ids of a mapping. */
export const mappedCustomIds = (mapping: Record<string, string>) =>
  Object.keys(mapping)
    .map(customTargetId)
    .filter((id): id is string => id !== null);

/** Field errors for mapping keys naming no custom field of this company (unknown, deleted, or
 *  another company's): `mapping.custom:<id>`. */
export async function unknownCustomTargets(
  db: Executor,
  entityId: string,
  mapping: Record<string, string>,
): Promise<Record<string, string[]>> {
  const ids = mappedCustomIds(mapping);
  const known = await customFieldDefs(db, entityId, ids);
  return Object.fromEntries(
    ids.filter((id) => !known.has(id)).map((id) => [`mapping.custom:${id}`, ['integrations.validation.custom_field']]),
  );
}

/** The person's values with the mapped fields' values replaced by `entries` (others kept). */
export function mergedCustomValues(fieldIds: string[], entries: CustomFieldEntry[]): SQL {
  const ids = sql.join(
    fieldIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`coalesce((select jsonb_agg(e) from jsonb_array_elements(${users.customFields}) e
    where e->>'custom_field_id' not in (${ids})), '[]'::jsonb) || ${JSON.stringify(entries)}::jsonb`;
}

/** True where the person's values for the mapped fields are not exactly `entries`. */
export function customValuesDiffer(fieldIds: string[], entries: CustomFieldEntry[]): SQL {
  const ids = sql.join(
    fieldIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`((select count(*) from jsonb_array_elements(${users.customFields}) e
    where e->>'custom_field_id' in (${ids})) <> ${entries.length}
    or not (${users.customFields} @> ${JSON.stringify(entries)}::jsonb))`;
}
