// Server checks of what a kiosk sends inside its mutations: the camera photo by its content
// (pre-registration photo rules, catalogue codes) and the custom-field values against the flow.
import { and, eq, inArray, or } from 'drizzle-orm';
import { optionValue } from '../../domain/custom-field-sections';
import { checkCustomFieldValues, type CustomFieldEntry } from '../../domain/custom-fields';
import { readFlowSettings } from '../../domain/journey';
import { photoProblems } from '../../domain/preregistration';
import { journeyFlows } from '../db/schema/journeys';
import { customFields } from '../db/schema/kiosk-config';
import { ApiError, notFound } from '../http/api-error';
import type { Tx } from '../sync/changes';
import { readImageHeader, reencodeImage } from '../uploads/image-decode';

/**
 * A data URL (or bare base64) checked by decoding it: png or jpg, 250–4096 × 300–2688, at most
 * 3 MB. Answers the data URL of its re-encoding, which is what gets stored.
 */
export async function checkKioskPhoto(input: string): Promise<string> {
  const base64 = input.replace(/^data:[^;,]*;base64,/, '');
  const bytes = /^[A-Za-z0-9+/=\s]*$/.test(base64) ? Buffer.from(base64, 'base64') : Buffer.alloc(0);
  const header = await readImageHeader(bytes);
  const problems = photoProblems({
    type: header?.type,
    bytes: bytes.length,
    width: header?.width ?? 0,
    height: header?.height ?? 0,
  });
  if (problems.length) throw new ApiError(400, problems[0]!, { photo: problems.map((p) => `errors.${p}`) });
  const image = await reencodeImage(bytes);
  if (!image) throw new ApiError(400, 'photo_type', { photo: ['errors.photo_type'] });
  return `data:${image.mime};base64,${image.bytes.toString('base64')}`;
}

/** Rejects (400 custom_field_invalid) unless every value belongs to the flow's fields and fits its type. */
export async function checkVisitCustomFields(
  tx: Tx,
  entityId: string,
  flowId: string | undefined,
  values: readonly CustomFieldEntry[],
): Promise<void> {
  if (values.length === 0) return;
  if (!flowId) throw new ApiError(400, 'custom_field_invalid', { custom_fields: ['customFields.unknown_field'] });
  const [flow] = await tx
    .select({ settings: journeyFlows.settings })
    .from(journeyFlows)
    .where(and(eq(journeyFlows.entityId, entityId), eq(journeyFlows.id, flowId)));
  if (!flow) throw notFound();
  // The flow's fields: those it lists and those of the sections it asks (domain/journey.ts).
  const settings = readFlowSettings(flow.settings);
  const uuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);
  const ids = settings.custom_field_ids.filter(uuid);
  const sectionIds = settings.section_ids.filter(uuid);
  const rows =
    ids.length || sectionIds.length
      ? await tx
          .select({ id: customFields.id, type: customFields.type, options: customFields.options })
          .from(customFields)
          .where(
            and(
              eq(customFields.entityId, entityId),
              or(
                ids.length ? inArray(customFields.id, ids) : undefined,
                sectionIds.length ? inArray(customFields.sectionId, sectionIds) : undefined,
              ),
            ),
          )
      : [];
  const fields = rows.map((f) => ({ id: f.id, name: f.id, type: f.type, options: f.options.map(optionValue) }));
  const errors = checkCustomFieldValues(fields, values);
  if (errors) throw new ApiError(400, 'custom_field_invalid', errors);
}
